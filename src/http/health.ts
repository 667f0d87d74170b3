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

/** How long one backend probe's result answers every /readyz: at most one probe per process per PROBE_MS. */
const PROBE_MS = 1000;

interface Probe {
  at: number;
  failed: string[];
  reasons: string[];
}

/**
 * `/livez`: the process is up; it touches nothing. `/readyz`: it can serve, because every shard of its indices and
 * Redis answer in time; it also names the ranking profile that is live. Its backend probe is shared: callers within
 * a second of a probe (or while one runs) get its result, so anonymous callers cannot multiply backend work.
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

  let last: Probe | undefined;
  let running: Promise<Probe> | undefined;
  const probe = async (): Promise<Probe> => {
    const checks = {
      opensearch: opensearchReady(clients, indices, timeoutMs),
      redis: redisReady(clients, timeoutMs),
    };
    const results = await Promise.allSettled(Object.values(checks).map((check) => withTimeout(check, timeoutMs)));
    return {
      at: Date.now(),
      failed: Object.keys(checks).filter((_, i) => results[i]?.status === 'rejected'),
      reasons: results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok')),
    };
  };
  const shared = (): Promise<Probe> => {
    if (last && Date.now() - last.at < PROBE_MS) return Promise.resolve(last);
    running ??= probe()
      .then((result) => {
        last = result;
        return result;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  app.get('/readyz', { schema: hide, exposeHeadRoute: true }, async (request) => {
    const { failed, reasons } = await shared();
    if (failed.length) {
      // The reasons go to the log only: clients learn which dependency is down, never its error text.
      request.log.warn({ failed, reasons }, 'not ready');
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
