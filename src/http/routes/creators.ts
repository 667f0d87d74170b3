import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MeteredCall } from '../../access/metered-call.ts';
import { COSTS, OPERATIONS } from '../../contract/operations.ts';
import type { Catalog } from '../../search/catalog.ts';

export const creatorRoutes: FastifyPluginAsyncZod<{ catalog: Catalog }> = async (app, { catalog }) => {
  app.get(
    '/creators',
    { schema: OPERATIONS.searchCreators, config: { cost: COSTS.searchCreators } },
    // The page size comes from the caller's plan (smaller on the free trial). The answer is JSON text already
    // (summaries stored at index time, spliced in), and a string with a JSON type is sent as it is. Returned, not
    // sent: a call that went ahead of its check answers only once the check has granted it (src/access/metered-call.ts).
    async (request, reply) => {
      reply.type('application/json; charset=utf-8');
      const call = request.call as MeteredCall;
      // Typed handlers return the result object; this one returns that object's JSON text.
      return (await catalog.searchCreatorsJson(request.query, call.pageSize, call.signal)) as never;
    },
  );
  app.get('/creators/:id', { schema: OPERATIONS.getCreator, config: { cost: COSTS.getCreator } }, (request) =>
    catalog.creator(request.params.id, request.call?.signal),
  );
  app.get(
    '/creators/:id/similar',
    { schema: OPERATIONS.findSimilarCreators, config: { cost: COSTS.findSimilarCreators } },
    (request) => {
      const call = request.call as MeteredCall;
      return catalog.similarCreators(request.params.id, request.query, call.pageSize, call.signal);
    },
  );
  app.get(
    '/creators/:id/sponsorships',
    { schema: OPERATIONS.getCreatorSponsorships, config: { cost: COSTS.getCreatorSponsorships } },
    (request) => {
      const call = request.call as MeteredCall;
      return catalog.creatorSponsorships(request.params.id, request.query, call.pageSize, call.signal);
    },
  );
  app.get(
    '/creators/:id/history',
    { schema: OPERATIONS.getCreatorHistory, config: { cost: COSTS.getCreatorHistory } },
    (request) => {
      const call = request.call as MeteredCall;
      return catalog.creatorHistory(request.params.id, request.query, call.pageSize, call.signal);
    },
  );
  app.get(
    '/creators/:id/audience',
    { schema: OPERATIONS.getCreatorAudience, config: { cost: COSTS.getCreatorAudience } },
    (request) => catalog.audience(request.params.id, request.call?.signal),
  );
};
