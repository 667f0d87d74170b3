// The API's read path to OpenSearch: plain JSON over a keep-alive undici pool. Measured on this machine it costs
// about half the CPU per search of the official client (which the indexer, tests and /readyz keep using), and
// CPU the API spends is CPU OpenSearch cannot use when they share a host. Every failure that means "OpenSearch
// cannot answer now" becomes a 503 with Retry-After, a 400 (a value OpenSearch refuses) a 422; the original error
// only reaches the log.
import { type Dispatcher, Pool } from 'undici';
import { ApiError, unavailable } from '../contract/error.ts';

export class OpenSearchHttp {
  private readonly pool: Pool;
  /** Requests sent or waiting for a connection now. */
  private pending = 0;

  /**
   * `maxPending` bounds the requests in flight and waiting for one of the pool's connections: past it, a search
   * answers 503 at once instead of queueing behind work OpenSearch cannot finish in time (and slowing every caller).
   */
  constructor(
    url: string,
    timeoutMs: number,
    private readonly maxPending = Number.POSITIVE_INFINITY,
  ) {
    // No retries, short timeouts: a slow cluster answers 503 quickly instead of multiplying latency.
    this.pool = new Pool(url, {
      connections: 32,
      connect: { timeout: timeoutMs },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  }

  /** `signal` cancels the request (a call refused while its search ran ahead of the check). */
  async post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    if (this.pending >= this.maxPending) {
      throw unavailable('The search service is busy; retry shortly.', new Error(`${this.pending} searches pending`));
    }
    this.pending += 1;
    let response: Dispatcher.ResponseData;
    try {
      response = await this.pool.request({
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      throw unavailable('The search service did not answer in time; retry shortly.', error);
    } finally {
      this.pending -= 1;
    }
    const payload = (await response.body.json().catch((error: unknown) => {
      throw unavailable('The search service sent an unreadable answer; retry shortly.', error);
    })) as T & { error?: { type?: string } };
    if (response.statusCode < 300) return payload;
    const cause = new Error(`OpenSearch ${response.statusCode} on ${path}: ${JSON.stringify(payload.error)}`);
    if (response.statusCode === 404 && payload.error?.type === 'index_not_found_exception') {
      throw unavailable('No data is loaded yet; retry once the indexer has run.', cause);
    }
    if (response.statusCode === 429 || response.statusCode >= 502) {
      throw unavailable('The search service is overloaded; retry shortly.', cause);
    }
    // A 400 is OpenSearch refusing a value the parameter schemas let through (they bound numbers to what it takes,
    // so this should not happen): the caller's input, 422 without OpenSearch's text, which goes to the log.
    if (response.statusCode === 400) {
      throw new ApiError(422, 'invalid_request', 'The search service cannot take these parameter values.', {}, cause);
    }
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
  close(): Promise<void> {
    return this.pool.destroy();
  }
}
