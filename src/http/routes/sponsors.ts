import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COSTS, OPERATIONS } from '../../contract/operations.ts';
import type { Catalog } from '../../search/catalog.ts';

export const sponsorRoutes: FastifyPluginAsyncZod<{ catalog: Catalog }> = async (app, { catalog }) => {
  app.get('/sponsors', { schema: OPERATIONS.searchSponsors, config: { cost: COSTS.searchSponsors } }, (request) =>
    catalog.searchSponsors(request.query.query, request.call?.signal, request.query.facets),
  );
  app.get('/sponsors/:id', { schema: OPERATIONS.getSponsor, config: { cost: COSTS.getSponsor } }, (request) =>
    catalog.sponsor(request.params.id, request.call?.signal),
  );
};
