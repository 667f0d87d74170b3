// Overload degrades instead of queueing: while a queue of searches stands, a billable call is answered 503
// `unavailable` with Retry-After at once, before its key is checked, so it costs neither Redis nor OpenSearch
// anything and is never charged. The calls admitted keep a bounded latency instead of waiting behind a queue that
// grows as long as the overload lasts.
//
// A queue "stands" as CoDel (RFC 8289) tells it: not when it is long (a burst into an idle service is long for a
// moment, and is served), but when even the fastest search answered during the last window took longer than the
// target, so every search waited; then calls are shed while at least OPENSEARCH_SHED_PENDING searches are pending.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../contract/error.ts';
import type { Metrics } from '../metrics.ts';

/** The window over which the fastest round trip is taken (CoDel's interval). */
export const WINDOW_MS = 100;

/** Tells a standing queue of searches from the round trips of the searches answered and the count pending. */
export class StandingQueue {
  /** No window yet: the first arrival opens one, and nothing stood before it. */
  private windowEnd = Number.NEGATIVE_INFINITY;
  /** The fastest round trip answered in the window so far; Infinity when none was. */
  private fastest = Number.POSITIVE_INFINITY;
  private standing = false;

  constructor(
    /** OPENSEARCH_SHED_PENDING: fewer pending searches are never shed for. */
    private readonly pending: number,
    /** OPENSEARCH_SHED_AFTER_MS: a window whose fastest search took longer had a queue standing. */
    private readonly targetMs: number,
    private readonly windowMs = WINDOW_MS,
  ) {}

  /** A search was answered after `ms`; `waiting`: how long the oldest search still pending has waited. */
  answered(ms: number, now: number, waiting: number): void {
    this.turn(now, waiting);
    if (ms < this.fastest) this.fastest = ms;
  }

  /** An arrival that finds `pending` searches, the oldest `waiting` ms: true when it should be shed. */
  shed(pending: number, now: number, waiting: number): boolean {
    this.turn(now, waiting);
    return this.standing && pending >= this.pending;
  }

  private turn(now: number, waiting: number): void {
    if (now < this.windowEnd) return;
    // Without an answer in the window just ended (or with nothing heard of since a window or more), the oldest
    // search still pending tells: one waiting past the target (a stalled cluster) means the queue stood, none
    // pending (a quiet service) that it did not.
    const answered = now < this.windowEnd + this.windowMs && this.fastest !== Number.POSITIVE_INFINITY;
    this.standing = (answered ? this.fastest : waiting) > this.targetMs;
    this.fastest = Number.POSITIVE_INFINITY;
    this.windowEnd = now + this.windowMs;
  }
}

interface Options {
  search: { inFlight: number; oldestWaitMs: number; onRoundTrip: (listener: (ms: number) => void) => void };
  /** OPENSEARCH_SHED_PENDING and OPENSEARCH_SHED_AFTER_MS. */
  pending: number;
  targetMs: number;
  metrics: Metrics;
}

// Answered here rather than thrown: under overload, a shed call must cost less than the one it makes room for (no
// error object, no stack, no warning line each; csi_shed_total counts them).
const AT_CAPACITY = JSON.stringify(errorBody('unavailable', 'The service is at capacity; retry in a second.'));
/** An overload passes in moments: sooner than the 5 s of an outage. */
const RETRY_AFTER_S = '1';

export const loadShedding = fp(async (app: FastifyInstance, { search, pending, targetMs, metrics }: Options) => {
  const queue = new StandingQueue(pending, targetMs);
  search.onRoundTrip((ms) => queue.answered(ms, performance.now(), search.oldestWaitMs));
  app.addHook('onRequest', (request, reply, done) => {
    const { cost } = request.routeOptions.config;
    if (!cost || !queue.shed(search.inFlight, performance.now(), search.oldestWaitMs)) return done();
    metrics.shed.inc({ operation: request.routeOptions.schema?.operationId ?? 'other' });
    reply.code(503).header('retry-after', RETRY_AFTER_S).type('application/json; charset=utf-8').send(AT_CAPACITY);
  });
});
