import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Grant } from '../../access/access.ts';
import { COSTS, OPERATIONS } from '../../contract/operations.ts';
import type { Catalog } from '../../search/catalog.ts';

export const creatorRoutes: FastifyPluginAsyncZod<{ catalog: Catalog }> = async (app, { catalog }) => {
  app.get(
    '/creators',
    { schema: OPERATIONS.searchCreators, config: { cost: COSTS.searchCreators } },
    // The page size comes from the caller's plan (smaller on the free trial).
    (request) => catalog.searchCreators(request.query, (request.grant as Grant).pageSize, request.searchSignal),
  );
  app.get('/creators/:id', { schema: OPERATIONS.getCreator, config: { cost: COSTS.getCreator } }, (request) =>
    catalog.creator(request.params.id, request.searchSignal),
  );
  app.get(
    '/creators/:id/audience',
    { schema: OPERATIONS.getCreatorAudience, config: { cost: COSTS.getCreatorAudience } },
    (request) => catalog.audience(request.params.id, request.searchSignal),
  );
};
