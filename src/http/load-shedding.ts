// Overload degrades instead of queueing: while a queue of OPENSEARCH_SHED_PENDING searches stands, a billable call
// is answered 503 `unavailable` with Retry-After at once, before its key is checked, so it costs neither Redis nor
// OpenSearch anything and is never charged. The calls admitted keep a bounded latency: what they wait for is about
// that many searches ahead of them, not a queue that grows as long as the overload lasts.
//
// A queue "stands" (CoDel's idea, counted in searches rather than time) when it never fell below the bound during
// the last window: a burst from an idle service (a client sending 80 searches at once) is queued and served, since
// the window before it saw the queue short; only a load the service cannot keep up with sheds.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../contract/error.ts';
import type { Metrics } from '../metrics.ts';

/** How long a queue must stay at the bound before calls are shed. */
export const STANDING_MS = 100;

/** Whether a queue of at least `bound` has stood for a whole window, from the pending count seen at each arrival. */
export class StandingQueue {
  private windowEnd = 0;
  /** The least pending count seen in the window so far. */
  private low = 0;
  private standing = false;

  constructor(
    private readonly bound: number,
    private readonly windowMs = STANDING_MS,
  ) {}

  /** An arrival that finds `pending` searches: true when it should be shed. */
  shed(pending: number, now: number): boolean {
    if (now >= this.windowEnd) {
      // The window just ended decides; if it ended a window or more ago, nobody arrived since and nothing says the
      // queue stood.
      this.standing = this.low >= this.bound && now < this.windowEnd + this.windowMs;
      this.low = pending;
      this.windowEnd = now + this.windowMs;
    } else if (pending < this.low) {
      this.low = pending;
    }
    return this.standing && pending >= this.bound;
  }
}

interface Options {
  /** Searches pending now (OpenSearchHttp.inFlight). */
  pending: () => number;
  /** OPENSEARCH_SHED_PENDING. OpenSearchHttp's own bound (OPENSEARCH_MAX_PENDING) refuses past it at any moment. */
  bound: number;
  metrics: Metrics;
}

// Answered here rather than thrown: under overload, a shed call must cost less than the one it makes room for (no
// error object, no stack, no warning line each; csi_shed_total counts them).
const AT_CAPACITY = JSON.stringify(errorBody('unavailable', 'The service is at capacity; retry in a second.'));
/** An overload passes in moments: sooner than the 5 s of an outage. */
const RETRY_AFTER_S = '1';

export const loadShedding = fp(async (app: FastifyInstance, { pending, bound, metrics }: Options) => {
  const queue = new StandingQueue(bound);
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config.cost || !queue.shed(pending(), performance.now())) return done();
    metrics.shed.inc({ operation: request.routeOptions.schema?.operationId ?? 'other' });
    reply.code(503).header('retry-after', RETRY_AFTER_S).type('application/json; charset=utf-8').send(AT_CAPACITY);
  });
});
