// The API's read path to OpenSearch: plain JSON over keep-alive undici pools, one per node, because it costs less
// CPU per search than the official client (docs/speed.md) and CPU the API spends is CPU OpenSearch cannot use on a
// shared host. Every failure that means "OpenSearch cannot answer now" becomes a 503 with Retry-After, a 400 (a
// value OpenSearch refuses) a 422; the original error only reaches the log.
import { Pool } from 'undici';
import { ApiError, unavailable } from '../contract/error.ts';
import type { Metrics } from '../metrics.ts';
import { authorization, type OpenSearchConnection } from '../opensearch.ts';
import { type Answer, exchange } from './exchange.ts';
import { NodeProbe } from './node-probe.ts';

/** A dead node is found within this, whatever OPENSEARCH_TIMEOUT_MS allows a search. */
export const CONNECT_TIMEOUT_MS = 1000;
const DEAD_MIN_MS = 500;
const DEAD_MAX_MS = 30_000;
/** An attempt unanswered this long (or a quarter of the budget, if less) starts a probe of the cluster. */
const SLOW_MS = 500;

/**
 * Failures that mean the node, not the request, is the problem. The node may have read the request (a reset), but
 * a search only reads, so sending it to another node is safe.
 */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);
const unreachable = (error: unknown) => UNREACHABLE.has(String((error as { code?: unknown }).code));
/** No answer within the attempt's share of the budget: a node that accepts connections but hangs. */
const hung = (error: unknown) => (error as { code?: unknown }).code === 'UND_ERR_HEADERS_TIMEOUT';

interface Node {
  url: string;
  pool: Pool;
  /** 0 while the node answers; otherwise when it may be tried again (epoch ms). */
  deadUntil: number;
  /** Failures in a row: how long it is left out next time. */
  failures: number;
  /** When it was last left out (epoch ms): answers to requests sent before then are stale news. */
  changedAt: number;
}

/**
 * Several nodes: requests go round the nodes that answer. A node that cannot be reached (refused, reset, or no
 * connection within CONNECT_TIMEOUT_MS) or that does not answer within its attempt's share of the time budget (it
 * accepts connections but hangs) is left out for a while, doubling up to DEAD_MAX_MS while it stays down, and the
 * request goes to the next node: a search only reads, so sending it again is always safe. While another live node
 * is left to try, an attempt gets half of what remains of the budget, so a hung node costs a search at most half
 * its budget, never all of it. Once its time is up, one request tries the node again; the others keep to the live ones
 * meanwhile.
 */
export class OpenSearchHttp {
  private readonly nodes: Node[];
  private readonly headers: Record<string, string>;
  /** Where the round starts next time. */
  private turn = 0;
  /** Requests sent or waiting for a connection now. */
  private pending = 0;
  private metrics: Metrics | undefined;
  private roundTrip: ((ms: number) => void) | undefined;
  /** Tells a hung coordinator from a hung node behind it, and which shard copies to prefer meanwhile. */
  private readonly probe: NodeProbe;
  /** When each attempt in flight was sent (monotonic clock), oldest first: one waiting too long starts a probe. */
  private readonly sent = new Set<{ since: number }>();
  private readonly watchdog: NodeJS.Timeout;

  /**
   * `maxPending` bounds the requests in flight and waiting for one of the pools' connections: past it, a search
   * answers 503 at once instead of queueing behind work OpenSearch cannot finish in time (and slowing every caller).
   */
  constructor(
    connection: OpenSearchConnection,
    /** The time budget of one request, every node it tries included. */
    private readonly timeoutMs: number,
    private readonly maxPending = Number.POSITIVE_INFINITY,
  ) {
    // Short timeouts: a slow cluster answers 503 quickly instead of multiplying latency.
    const connect = { timeout: Math.min(timeoutMs, CONNECT_TIMEOUT_MS), ...(connection.ca && { ca: connection.ca }) };
    this.nodes = connection.nodes.map((url) => ({
      url,
      pool: new Pool(url, { connections: 32, connect, headersTimeout: timeoutMs, bodyTimeout: timeoutMs }),
      deadUntil: 0,
      failures: 0,
      changedAt: 0,
    }));
    this.headers = { 'content-type': 'application/json', ...authorization(connection) };
    this.probe = new NodeProbe(
      this.nodes.map((node) => node.pool),
      this.headers,
      (i, answered) => {
        const node = this.nodes[i] as Node;
        if (answered) this.bringBack(node);
        else this.leaveOut(node);
      },
    );
    // An attempt unanswered for a quarter of the budget (at most SLOW_MS) starts a probe before it fails.
    const slowMs = Math.min(SLOW_MS, timeoutMs / 4);
    this.watchdog = setInterval(() => {
      if (this.sent.size > 0 && this.oldestWaitMs >= slowMs) void this.probe.wait(0);
    }, slowMs / 2).unref();
  }

  /** Requests in flight or waiting for a connection now. */
  get inFlight(): number {
    return this.pending;
  }

  /** How long the oldest attempt in flight has waited (ms, on the monotonic clock); 0 when none is. */
  get oldestWaitMs(): number {
    const oldest = this.sent.values().next().value;
    return oldest ? performance.now() - oldest.since : 0;
  }

  /** Round trips, `took` and failures go to these metrics from now on. */
  observe(metrics: Metrics): void {
    this.metrics = metrics;
  }

  /**
   * Each search's round trip (ms, queueing for a connection included) goes to `listener` from now on: those answered
   * 2xx on behalf of a call, not refusals nor reads of the cluster's own state.
   */
  onRoundTrip(listener: (ms: number) => void): void {
    this.roundTrip = listener;
  }

  /** Each node and whether this process sends it requests now (for status and tests). */
  describe(): { url: string; live: boolean }[] {
    return this.nodes.map((node) => ({ url: node.url, live: node.deadUntil === 0 }));
  }

  /**
   * The next live node in the round, not yet `tried` by this request. A node whose time out is up counts as live
   * for one request, which pushes its time further until that request tells. With no live node left, the one back
   * soonest is tried anyway: better a try than a certain 503.
   */
  private pick(tried: Set<Node>): Node | undefined {
    const now = Date.now();
    for (let i = 0; i < this.nodes.length; i++) {
      const node = this.nodes[(this.turn + i) % this.nodes.length] as Node;
      if (tried.has(node) || node.deadUntil > now) continue;
      this.turn = (this.turn + i + 1) % this.nodes.length;
      if (node.failures) node.deadUntil = now + this.outFor(node);
      return node;
    }
    return this.nodes.filter((node) => !tried.has(node)).sort((a, b) => a.deadUntil - b.deadUntil)[0];
  }

  /** How long a node that failed `failures` times in a row is left out: 0.5 s, then doubling up to 30 s. */
  private outFor(node: Node): number {
    return Math.min(DEAD_MAX_MS, DEAD_MIN_MS * 2 ** Math.min(node.failures - 1, 10));
  }

  /**
   * Sends the request to one node after another until one answers; every node at most once. A node that answers
   * 502–504 (one still joining the cluster, say) passes the search on to the next; it stays in the round. After
   * an attempt that hung, the next waits briefly for a probe of the cluster, which tells a hung coordinator from a
   * hung node behind it.
   */
  private async send(
    method: 'GET' | 'POST',
    path: string,
    body: string | undefined,
    signal?: AbortSignal,
  ): Promise<Answer> {
    const tried = new Set<Node>();
    const deadline = Date.now() + this.timeoutMs;
    for (;;) {
      const node = this.pick(tried) as Node;
      tried.add(node);
      const sentAt = Date.now();
      const remaining = Math.max(1, deadline - sentAt);
      // Half of what remains while another node in the round could still answer; all of it for the last hope.
      const another = this.nodes.some((other) => !tried.has(other) && other.deadUntil <= sentAt);
      const attemptMs = another ? Math.ceil(remaining / 2) : remaining;
      const { preference } = this.probe;
      const attempt = { since: performance.now() };
      this.sent.add(attempt);
      let response: Answer;
      try {
        response = await exchange(
          node.pool,
          {
            path: preference && path.endsWith('/_search') ? `${path}?preference=${preference}` : path,
            method,
            headers: this.headers,
            body,
            headersTimeout: attemptMs,
            bodyTimeout: remaining,
          },
          signal,
        );
      } catch (error) {
        if (!(unreachable(error) || hung(error)) || signal?.aborted) throw error;
        // Requests already on their way when a node dies fail together: they count as one failure. A request sent
        // before the last probe is older news than the probe's.
        if (sentAt >= this.probe.probedAt && (node.changedAt <= sentAt || node.deadUntil === 0)) this.leaveOut(node);
        if (tried.size === this.nodes.length || Date.now() >= deadline) throw error;
        // The probe the watchdog started is usually done by now; waiting for it costs at most a quarter of what
        // remains, so the next attempt keeps most of the budget.
        if (hung(error)) await this.probe.wait(Math.min(deadline, Date.now() + (deadline - Date.now()) / 4));
        continue;
      } finally {
        this.sent.delete(attempt);
      }
      // A late answer to a request sent before the node was left out does not bring it back; a fresh one does.
      if (node.deadUntil === 0 || node.changedAt <= sentAt) this.bringBack(node);
      if (response.statusCode >= 502 && response.statusCode <= 504 && tried.size < this.nodes.length) continue;
      return response;
    }
  }

  private leaveOut(node: Node): void {
    node.failures += 1;
    node.deadUntil = Date.now() + this.outFor(node);
    node.changedAt = Date.now();
  }

  private bringBack(node: Node): void {
    node.failures = 0;
    node.deadUntil = 0;
  }

  /**
   * `signal` cancels the request (a call refused while its search ran ahead of the check); `operation` (the
   * spec's operationId) labels its metrics.
   */
  async post<T>(path: string, body: unknown, signal?: AbortSignal, operation = 'other'): Promise<T> {
    return this.request<T>('POST', path, JSON.stringify(body), signal, operation);
  }

  /**
   * A read of the cluster's own state (an index's mapping, say), on behalf of no call: not in the metrics, which
   * count what the calls cost and why they failed.
   */
  async get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path, undefined, undefined, 'other', false);
  }

  private async request<T>(
    method: 'GET' | 'POST',
    path: string,
    body: string | undefined,
    signal: AbortSignal | undefined,
    operation: string,
    observed = true,
  ): Promise<T> {
    const metrics = observed ? this.metrics : undefined;
    if (this.pending >= this.maxPending) {
      metrics?.opensearchErrors.inc({ kind: 'busy' });
      throw unavailable('The search service is busy; retry shortly.', new Error(`${this.pending} searches pending`));
    }
    const done = metrics?.opensearchDuration.startTimer({ operation });
    const started = performance.now();
    this.pending += 1;
    let response: Answer;
    try {
      response = await this.send(method, path, body, signal);
    } catch (error) {
      done?.();
      // A search its caller gave up is not the cluster's failure.
      if (!signal?.aborted) metrics?.opensearchErrors.inc({ kind: 'no_answer' });
      throw unavailable('The search service did not answer in time; retry shortly.', error);
    } finally {
      this.pending -= 1;
    }
    const roundTripMs = performance.now() - started;
    let payload: T & { error?: { type?: string; root_cause?: OpenSearchRefusal['causes'] }; took?: number };
    try {
      payload = JSON.parse(response.body);
    } catch (error) {
      metrics?.opensearchErrors.inc({ kind: 'unreadable' });
      throw unavailable('The search service sent an unreadable answer; retry shortly.', error);
    } finally {
      done?.();
    }
    if (response.statusCode < 300) {
      // Searches answered only, for load shedding: a refusal is fast whatever the queue.
      if (observed) this.roundTrip?.(roundTripMs);
      if (payload.took !== undefined) metrics?.opensearchTook.observe({ operation }, payload.took / 1000);
      return payload;
    }
    metrics?.opensearchErrors.inc({ kind: response.statusCode < 500 ? 'status_4xx' : 'status_5xx' });
    const cause = new Error(`OpenSearch ${response.statusCode} on ${path}: ${JSON.stringify(payload.error)}`);
    if (response.statusCode === 404 && payload.error?.type === 'index_not_found_exception') {
      throw unavailable('No data is loaded yet; retry once the indexer has run.', cause);
    }
    if (response.statusCode === 429 || response.statusCode >= 502) {
      throw unavailable('The search service is overloaded; retry shortly.', cause);
    }
    // Too many clauses is the query's length, whatever the status: OpenSearch 3 answers it 500, not 400.
    if (response.statusCode === 400 || tooManyClauses(payload.error?.root_cause)) throw refusal(payload.error, cause);
    // Any other 4xx (401/403 of a misconfigured cluster, 404 of a missing document route, 408, 413) is not the
    // caller's doing and not a bug in a query: the service cannot answer now.
    if (response.statusCode < 500) throw unavailable('The search service refused the request; retry shortly.', cause);
    // OpenSearch failed on a request we built (500, 501): a bug, answered as 500 by the error handler.
    throw cause;
  }

  /**
   * Called once the app is closed: a search still pending belongs to a call already answered or cut off at
   * shutdown, so it is dropped rather than waited for (which would hold the exit past the grace period).
   */
  async close(): Promise<void> {
    this.probe.close();
    clearInterval(this.watchdog);
    await Promise.all(this.nodes.map((node) => node.pool.destroy()));
  }
}

/** What OpenSearch said when it refused a request (400): the error types and reasons of its root causes. */
export class OpenSearchRefusal extends Error {
  constructor(
    readonly causes: { type?: string; reason?: string; script?: string }[],
    cause: Error,
  ) {
    super(cause.message, { cause });
  }

  /** Whether a root cause is a script that failed to link `field`: an index without that field. */
  missingField(field: string): boolean {
    return this.causes.some((c) => c.type === 'script_exception' && c.script?.includes(field));
  }

  /** A k-NN clause over a field the index does not hold as vectors (an index loaded with SEMANTIC=off). */
  noVectors(field: string): boolean {
    return this.causes.some(
      (c) => c.type === 'query_shard_exception' && c.reason?.includes(`'${field}' is not knn_vector`),
    );
  }
}

/**
 * A 400, told apart. Too many clauses: a query longer than the cluster's clause limit takes, one clear answer.
 * Otherwise a value the parameter schemas let through (they bound numbers to what OpenSearch takes, so this should
 * not happen): the caller's input, 422 without OpenSearch's text, which goes to the log. Either carries what
 * OpenSearch said, for a caller that can do better (the stored popularity field missing: catalog.ts).
 */
function refusal(error: { root_cause?: OpenSearchRefusal['causes'] } | undefined, cause: Error): ApiError {
  const refused = new OpenSearchRefusal(error?.root_cause ?? [], cause);
  const message = tooManyClauses(refused.causes)
    ? 'The query has more words than the search service can combine; use fewer.'
    : 'The search service cannot take these parameter values.';
  return new ApiError(422, 'invalid_request', message, {}, refused);
}

const tooManyClauses = (causes: OpenSearchRefusal['causes'] = []) =>
  causes.some((c) => /too_many_(nested_)?clauses/.test(c.type ?? '') || /maxClauseCount/i.test(c.reason ?? ''));
