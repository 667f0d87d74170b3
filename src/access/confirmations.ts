// Confirmations: a call whose answer was written keeps its charge, which Redis learns when the call leaves its
// account's pending set (store.ts). They go out in batches, off the response path (one command per account every
// BATCH_MS), and are retried while Redis does not answer. A call never confirmed (its process was killed) is refunded
// by settlement after its deadline (settle.ts): only a call answered in the instant before a kill goes free, and a
// confirmation that arrives after settlement finds the call refunded (counted: it was served free).
import type { Metrics } from '../metrics.ts';
import type { Log } from './refunds.ts';
import type { AccessStore } from './store.ts';

const BATCH_MS = 50;
const RETRY_MS = 1000;

export class Confirmations {
  /** Call ids to confirm, by account. */
  private queue = new Map<string, string[]>();
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> | undefined;
  private failing = false;
  private closing = false;

  constructor(
    private readonly store: Pick<AccessStore, 'confirm'>,
    private readonly log: Log,
    private readonly metrics?: Metrics,
  ) {}

  /** Calls waiting to be confirmed. */
  get waiting(): number {
    let count = 0;
    for (const ids of this.queue.values()) count += ids.length;
    return count;
  }

  /** The call's answer was written: its charge stands. */
  confirm(accountId: string, callId: string): void {
    const ids = this.queue.get(accountId);
    if (ids) ids.push(callId);
    else this.queue.set(accountId, [callId]);
    this.schedule(BATCH_MS);
  }

  private schedule(delayMs: number): void {
    if (this.timer || this.sending || this.closing) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.sending = this.send().finally(() => {
        this.sending = undefined;
        if (this.queue.size) this.schedule(this.failing ? RETRY_MS : BATCH_MS);
      });
    }, delayMs);
    this.timer.unref();
  }

  /** Sends every queued confirmation; those Redis does not take go back in the queue. */
  private async send(): Promise<void> {
    const batch = this.queue;
    this.queue = new Map();
    const results = await Promise.allSettled(
      [...batch].map(async ([accountId, ids]) => {
        const kept = await this.store.confirm(accountId, ids);
        if (kept < ids.length) this.metrics?.lateConfirmations.inc(ids.length - kept);
      }),
    );
    const failed = [...batch].filter((_, i) => results[i]?.status === 'rejected');
    const error = results.find((r) => r.status === 'rejected');
    if (error && !this.failing) {
      this.metrics?.redisErrors.inc({ operation: 'confirm' });
      this.log.warn({ err: error.reason }, 'confirmations deferred: Redis did not answer');
    }
    this.failing = failed.length > 0;
    for (const [accountId, ids] of failed) this.queue.set(accountId, [...ids, ...(this.queue.get(accountId) ?? [])]);
  }

  /** For shutdown: sends what is queued until done or `timeoutMs` has passed; how many are left (settlement refunds them). */
  async drain(timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    this.closing = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    while (Date.now() < deadline) {
      await this.sending;
      if (!this.queue.size) break;
      await this.send();
      if (this.queue.size) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const left = this.waiting;
    if (left) this.log.warn({ calls: left }, 'confirmations not sent before shutdown: those calls go free');
    return left;
  }
}
