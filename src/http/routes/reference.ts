import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditsOf, type Grant } from '../../access/access.ts';
import { NICHES } from '../../contract/niches.ts';
import { COSTS, OPERATIONS } from '../../contract/operations.ts';

/** The free endpoints. The niche list is the one the indexer validates records against (mappings/niches.json). */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const niches = { niches: NICHES };
  app.get('/niches', { schema: OPERATIONS.listNiches, config: { cost: COSTS.listNiches } }, async () => niches);
  app.get('/credits', { schema: OPERATIONS.getCredits, config: { cost: COSTS.getCredits } }, async (request) => {
    // The access check has just read (and, at a period boundary, renewed) the balance.
    return creditsOf(request.call?.grant as Grant);
  });
};
