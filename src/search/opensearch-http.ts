// The API's read path to OpenSearch: plain JSON over a keep-alive undici pool. Measured on this machine it costs
// about half the CPU per search of the official client (which the indexer, tests and /readyz keep using), and
// CPU the API spends is CPU OpenSearch cannot use when they share a host. Every failure that means "OpenSearch
// cannot answer now" becomes a 503 with Retry-After; the original error only reaches the log.
import { type Dispatcher, Pool } from 'undici';
import { unavailable } from '../http/errors.ts';

export class OpenSearchHttp {
  private readonly pool: Pool;

  constructor(url: string, timeoutMs: number) {
    // No retries, short timeouts: a slow cluster answers 503 quickly instead of multiplying latency.
    this.pool = new Pool(url, {
      connections: 32,
      connect: { timeout: timeoutMs },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  }

  async post<T>(path: string, body: unknown): Promise<T> {
    let response: Dispatcher.ResponseData;
    try {
      response = await this.pool.request({
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw unavailable('The search service did not answer in time; retry shortly.', error);
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
    // OpenSearch rejected a request we built: a bug, answered as 500 by the error handler.
    throw cause;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
