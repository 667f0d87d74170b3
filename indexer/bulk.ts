import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from '@opensearch-project/opensearch';
import type { Bulk_RequestBody } from '@opensearch-project/opensearch/api/index.js';

export interface Rejected {
  id: string;
  status: number;
  reason: string;
}

const RETRYABLE = new Set([429, 502, 503, 504]);
const MAX_ATTEMPTS = 6;

/**
 * Buffers documents into `_bulk` requests of about `maxBytes`, keeps up to `concurrency` requests in flight,
 * retries throttled (429) and transient failures with exponential back-off, and records every document that
 * OpenSearch rejects for good, so none is lost silently.
 */
export class BulkWriter {
  private lines: string[] = [];
  private bytes = 0;
  private readonly inFlight = new Set<Promise<void>>();
  readonly rejected: Rejected[] = [];
  indexed = 0;

  constructor(
    private readonly client: Client,
    private readonly index: string,
    private readonly options: { maxBytes: number; concurrency: number; onFlushed?: (docs: number) => void },
  ) {}

  async add(id: string, document: object): Promise<void> {
    const action = JSON.stringify({ index: { _id: id } });
    const source = JSON.stringify(document);
    this.lines.push(action, source);
    this.bytes += action.length + source.length + 2;
    if (this.bytes >= this.options.maxBytes) await this.flush();
  }

  /** Sends the buffer; waits only when `concurrency` requests are already in flight (back-pressure). */
  async flush(): Promise<void> {
    if (!this.lines.length) return;
    const body = `${this.lines.join('\n')}\n`;
    this.lines = [];
    this.bytes = 0;
    while (this.inFlight.size >= this.options.concurrency) await Promise.race(this.inFlight);
    const request = this.send(body).finally(() => this.inFlight.delete(request));
    this.inFlight.add(request);
  }

  async close(): Promise<void> {
    await this.flush();
    await Promise.all(this.inFlight);
  }

  private async send(body: string): Promise<void> {
    let pending = body;
    for (let attempt = 1; ; attempt++) {
      const response = await this.client
        // The body is already NDJSON; the client passes a string through unchanged.
        .bulk({ index: this.index, body: pending as unknown as Bulk_RequestBody })
        .catch(async (error: { meta?: { statusCode?: number } }) => {
          const status = error.meta?.statusCode;
          if (attempt < MAX_ATTEMPTS && (status === undefined || RETRYABLE.has(status))) return undefined;
          throw error;
        });
      if (!response) {
        await this.backOff(attempt);
        continue;
      }
      const { items, errors } = response.body;
      if (!errors) {
        this.indexed += items.length;
        this.options.onFlushed?.(items.length);
        return;
      }
      const lines = pending.split('\n');
      const retry: string[] = [];
      items.forEach((item, i) => {
        const result = item.index;
        if (!result?.error) this.indexed += 1;
        else if (RETRYABLE.has(result.status) && attempt < MAX_ATTEMPTS)
          retry.push(lines[2 * i] ?? '', lines[2 * i + 1] ?? '');
        else this.rejected.push({ id: String(result._id), status: result.status, reason: describe(result.error) });
      });
      this.options.onFlushed?.(items.length - retry.length / 2);
      if (!retry.length) return;
      pending = `${retry.join('\n')}\n`;
      await this.backOff(attempt);
    }
  }

  private async backOff(attempt: number): Promise<void> {
    await sleep(Math.min(200 * 2 ** attempt, 10_000));
  }
}

function describe(error: unknown): string {
  if (typeof error === 'object' && error && 'reason' in error) {
    const e = error as { type?: string; reason?: string };
    return `${e.type ?? 'error'}: ${e.reason}`;
  }
  return String(error);
}
