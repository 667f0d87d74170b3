import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPERATIONS } from '../../contract/operations.ts';
import type { Catalog } from '../../search/catalog.ts';

export const creatorRoutes: FastifyPluginAsyncZod<{ catalog: Catalog; pageSize: number }> = async (
  app,
  { catalog, pageSize },
) => {
  app.get('/creators', { schema: OPERATIONS.searchCreators }, (request) =>
    catalog.searchCreators(request.query, pageSize),
  );
  app.get('/creators/:id', { schema: OPERATIONS.getCreator }, (request) => catalog.creator(request.params.id));
  app.get('/creators/:id/audience', { schema: OPERATIONS.getCreatorAudience }, (request) =>
    catalog.audience(request.params.id),
  );
};
