import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NICHES } from '../../contract/niches.ts';
import { OPERATIONS } from '../../contract/operations.ts';
import { ApiError } from '../errors.ts';

/** The free endpoints. The niche list is the one the indexer validates records against (mappings/niches.json). */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const niches = { niches: NICHES };
  app.get('/niches', { schema: OPERATIONS.listNiches }, async () => niches);
  app.get('/credits', { schema: OPERATIONS.getCredits }, async () => {
    throw new ApiError(501, 'not_implemented', 'Credits come with API keys, which this version does not have yet.');
  });
};
