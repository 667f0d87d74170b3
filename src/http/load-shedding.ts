// Overload degrades instead of queueing: a billable call that arrives while OPENSEARCH_MAX_PENDING searches are
// already pending is answered 503 `unavailable` with Retry-After at once, before its key is checked, so it costs
// neither Redis nor OpenSearch anything and is never charged. The calls admitted keep a bounded latency: what they
// wait for is at most that many searches ahead of them, not a queue that grows as long as the overload lasts.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../contract/error.ts';
import type { Metrics } from '../metrics.ts';

interface Options {
  /** Searches pending now (OpenSearchHttp.inFlight). */
  pending: () => number;
  /** OPENSEARCH_MAX_PENDING: OpenSearchHttp refuses past it too, which catches a burst admitted together. */
  maxPending: number;
  metrics: Metrics;
}

// Answered here rather than thrown: under overload, a shed call must cost less than the one it makes room for (no
// error object, no stack, no warning line each; csi_shed_total counts them).
const AT_CAPACITY = JSON.stringify(errorBody('unavailable', 'The service is at capacity; retry in a second.'));
/** An overload passes in moments: sooner than the 5 s of an outage. */
const RETRY_AFTER_S = '1';

export const loadShedding = fp(async (app: FastifyInstance, { pending, maxPending, metrics }: Options) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.cost || pending() < maxPending) return;
    metrics.shed.inc({ operation: request.routeOptions.schema?.operationId ?? 'other' });
    return reply
      .code(503)
      .header('retry-after', RETRY_AFTER_S)
      .type('application/json; charset=utf-8')
      .send(AT_CAPACITY);
  });
});
