import type { FastifyPluginAsync } from 'fastify';
import { type Clients, opensearchReady, redisReady } from '../clients.ts';
import { ApiError } from '../contract/error.ts';
import type { LiveProfile } from '../search/live-profile.ts';

function withTimeout(work: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `/livez`: the process is up. `/readyz`: it can serve, because every shard of its indices and Redis answer in
 * time; it also names the ranking profile that is live.
 */
export const healthRoutes: FastifyPluginAsync<{
  clients: Clients;
  /** The indices (aliases) whose shards must answer. */
  indices: string[];
  timeoutMs: number;
  profile: Pick<LiveProfile, 'describe'>;
}> = async (app, { clients, indices, timeoutMs, profile }) => {
  const hide = { hide: true };
  // HEAD too (no API route has it): some load balancers and monitors probe with HEAD; both checks are free.
  app.get('/livez', { schema: hide, exposeHeadRoute: true }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: hide, exposeHeadRoute: true }, async (request) => {
    const checks = {
      opensearch: opensearchReady(clients, indices, timeoutMs),
      redis: redisReady(clients, timeoutMs),
    };
    const results = await Promise.allSettled(Object.values(checks).map((check) => withTimeout(check, timeoutMs)));
    const failed = Object.keys(checks).filter((_, i) => results[i]?.status === 'rejected');
    if (failed.length) {
      // The reasons go to the log only: clients learn which dependency is down, never its error text.
      request.log.warn(
        { failed, reasons: results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok')) },
        'not ready',
      );
      throw new ApiError(
        503,
        'unavailable',
        `Not ready: ${failed.join(' and ')} did not answer within ${timeoutMs} ms.`,
      );
    }
    const { name, version } = profile.describe();
    // Which ranking is live, so an analyst can see that a profile change took effect.
    return { status: 'ok', profile: { name, version } };
  });
};
