import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditsOf, type Grant } from '../../access/access.ts';
import { readUsage } from '../../access/usage.ts';
import type { RedisClient } from '../../clients.ts';
import { unavailable } from '../../contract/error.ts';
import { NICHES } from '../../contract/niches.ts';
import { COSTS, OPERATIONS } from '../../contract/operations.ts';

/** The free endpoints. The niche list is the one the indexer validates records against (mappings/niches.json). */
export const referenceRoutes: FastifyPluginAsyncZod<{ redis: RedisClient; redisKeyPrefix: string }> = async (
  app,
  { redis, redisKeyPrefix },
) => {
  const niches = { niches: NICHES };
  app.get('/niches', { schema: OPERATIONS.listNiches, config: { cost: COSTS.listNiches } }, async () => niches);
  app.get('/credits', { schema: OPERATIONS.getCredits, config: { cost: COSTS.getCredits } }, async (request) => {
    // The access check has just read (and, at a period boundary, renewed) the balance.
    return creditsOf(request.call?.grant as Grant);
  });
  app.get('/usage', { schema: OPERATIONS.getUsage, config: { cost: COSTS.getUsage } }, async (request) => {
    const grant = request.call?.grant as Grant;
    const usage = await readUsage(redis, redisKeyPrefix, grant.accountId, grant.periodId).catch((error) => {
      throw unavailable('Usage is unavailable right now; retry shortly.', error);
    });
    const { periodId: period, ...rest } = usage;
    return { period, renewsAt: grant.renewsAt, ...rest };
  });
};
