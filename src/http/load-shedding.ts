// Overload degrades instead of queueing: while a queue of searches stands, a billable call is answered 503
// `unavailable` with Retry-After at once, before its key is checked, so it costs neither Redis nor OpenSearch
// anything and is never charged. The calls admitted keep a bounded latency instead of waiting behind a queue that
// grows as long as the overload lasts.
//
// A queue "stands" as CoDel (RFC 8289) tells it: not when it is long (a burst into an idle service is long for a
// moment, and is served), but when even the fastest search answered during the last window took longer than the
// target, so every search waited. From then on calls are shed while OPENSEARCH_SHED_KEEP searches are pending, and
// the queue stands as long as calls keep finding that many: held there, its searches answer faster than the target,
// and judging it afresh each window would let it grow back to OPENSEARCH_SHED_PENDING before each window of shedding
// (docs/speed.md, "Overload").
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../contract/error.ts';
import type { Metrics } from '../metrics.ts';

/** The window over which the fastest round trip is taken (CoDel's interval). */
export const WINDOW_MS = 100;

/** What shedding reads of the searches pending (OpenSearchHttp). */
export interface Pending {
  /** Searches in flight or waiting for a connection. */
  readonly inFlight: number;
  /** How long the oldest of them has waited (ms); 0 when none is. */
  readonly oldestWaitMs: number;
}

/** OPENSEARCH_SHED_PENDING, OPENSEARCH_SHED_KEEP and OPENSEARCH_SHED_AFTER_MS. */
export interface Bounds {
  /** Fewer pending searches are never a queue that starts to stand. */
  pending: number;
  /** While one stands: a call that finds this many pending is shed, and a window without such a call ends it. */
  keep: number;
  /** A window whose fastest search took longer had a queue standing. */
  targetMs: number;
}

/** Tells a standing queue of searches from the round trips of the searches answered and the count pending. */
export class StandingQueue {
  /** No window yet: the first arrival opens one, and nothing stood before it. */
  private windowEnd = Number.NEGATIVE_INFINITY;
  /** The fastest round trip answered in the window so far; Infinity when none was. */
  private fastest = Number.POSITIVE_INFINITY;
  /** The most searches seen pending in the window so far. */
  private deepest = 0;
  /** When a call last found `keep` searches pending. */
  private keptAt = Number.NEGATIVE_INFINITY;
  private standing = false;

  constructor(
    private readonly searches: Pending,
    private readonly bounds: Bounds,
    private readonly windowMs = WINDOW_MS,
  ) {}

  /** A search was answered after `ms`. */
  answered(ms: number, now: number): void {
    this.turn(now);
    if (ms < this.fastest) this.fastest = ms;
  }

  /** A billable call arrives: true when it should be shed. */
  shed(now: number): boolean {
    this.turn(now);
    const pending = this.searches.inFlight;
    if (pending > this.deepest) this.deepest = pending;
    const atKept = pending >= this.bounds.keep;
    if (atKept) this.keptAt = now;
    return this.standing && atKept;
  }

  private turn(now: number): void {
    if (now < this.windowEnd) return;
    // A queue is one that reached the bound (as CoDel ignores a queue under one packet): a slow search or two in a
    // quiet service make none. It stood when the window's fastest answer took longer than the target; without an
    // answer, when the oldest search still pending has waited that long (a stalled cluster). After a window or
    // more with nothing heard, only what is pending now can tell. One that stood stands on while calls keep finding
    // `keep` pending, the last of them less than a window ago: the overload goes on.
    const recent = now < this.windowEnd + this.windowMs;
    const deepest = recent ? this.deepest : this.searches.inFlight;
    const fastest = recent ? this.fastest : Number.POSITIVE_INFINITY;
    const { pending, targetMs } = this.bounds;
    const holds = this.standing && now - this.keptAt < this.windowMs;
    this.standing =
      holds ||
      (deepest >= pending && (fastest === Number.POSITIVE_INFINITY ? this.searches.oldestWaitMs : fastest) > targetMs);
    this.fastest = Number.POSITIVE_INFINITY;
    this.deepest = 0;
    this.windowEnd = now + this.windowMs;
  }
}

interface Options extends Bounds {
  search: Pending & { onRoundTrip: (listener: (ms: number) => void) => void };
  metrics: Metrics;
}

// Answered here rather than thrown: under overload, a shed call must cost less than the one it makes room for (no
// error object, no stack, no warning line each; csi_shed_total counts them).
const AT_CAPACITY = JSON.stringify(errorBody('unavailable', 'The service is at capacity; retry in a second.'));
/** An overload passes in moments: sooner than the 5 s of an outage. */
const RETRY_AFTER_S = '1';

export const loadShedding = fp(async (app: FastifyInstance, { search, metrics, ...bounds }: Options) => {
  const queue = new StandingQueue(search, bounds);
  search.onRoundTrip((ms) => queue.answered(ms, performance.now()));
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config.cost || !queue.shed(performance.now())) return done();
    metrics.shed.inc({ operation: request.routeOptions.schema?.operationId ?? 'other' });
    reply.code(503).header('retry-after', RETRY_AFTER_S).type('application/json; charset=utf-8').send(AT_CAPACITY);
  });
});
