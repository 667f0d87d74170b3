// Confirmations: a call whose answer was written keeps its charge, which Redis learns when the call leaves its
// account's pending set (store.ts), or, served from a block of credits (blocks.ts), joins its block's set of calls
// kept, which settlement honours. They go out in batches, off the response path (one command per account every
// BATCH_MS), and are retried while Redis does not answer. A call never confirmed (its process was killed) is refunded
// by settlement after its deadline (settle.ts): only a call answered in the instant before a kill goes free, and a
// confirmation that arrives after settlement finds the call refunded (counted: it was served free).
import type { Metrics } from '../metrics.ts';
import type { Log } from './refunds.ts';
import type { AccessStore } from './store.ts';

const BATCH_MS = 50;
const RETRY_MS = 1000;

/** What one account has to confirm: call ids, and the calls of blocks of credits that kept theirs, by block. */
interface Batch {
  calls: string[];
  blocks: Map<string, number[]>;
}

export class Confirmations {
  /** What to confirm, by account. */
  private queue = new Map<string, Batch>();
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> | undefined;
  private failing = false;
  private closing = false;

  constructor(
    private readonly store: Pick<AccessStore, 'confirm' | 'keptInBlocks'>,
    private readonly log: Log,
    private readonly metrics?: Metrics,
  ) {}

  /** Calls waiting to be confirmed. */
  get waiting(): number {
    let count = 0;
    for (const { calls, blocks } of this.queue.values()) {
      count += calls.length;
      for (const kept of blocks.values()) count += kept.length;
    }
    return count;
  }

  /** The call's answer was written: its charge stands. */
  confirm(accountId: string, callId: string): void {
    this.batchOf(accountId).calls.push(callId);
    this.schedule(BATCH_MS);
  }

  /** The `nth` call a block of credits served kept its credit (blocks.ts). */
  keptInBlock(accountId: string, blockId: string, nth: number): void {
    const { blocks } = this.batchOf(accountId);
    const kept = blocks.get(blockId);
    if (kept) kept.push(nth);
    else blocks.set(blockId, [nth]);
    this.schedule(BATCH_MS);
  }

  private batchOf(accountId: string): Batch {
    let batch = this.queue.get(accountId);
    if (!batch) {
      batch = { calls: [], blocks: new Map() };
      this.queue.set(accountId, batch);
    }
    return batch;
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
    // Per account, the calls and the blocks' calls go as two commands; each is sent again on its own if it fails
    // (both are safe to send twice: a call leaves the pending set once, a block's call is a member of its set).
    const sends = [...batch].flatMap(([accountId, { calls, blocks }]) => [
      ...(calls.length ? [this.confirmCalls(accountId, calls)] : []),
      ...(blocks.size ? [this.confirmBlocks(accountId, blocks)] : []),
    ]);
    const results = await Promise.allSettled(sends.map(({ send }) => send()));
    const failed = sends.filter((_, i) => results[i]?.status === 'rejected');
    const error = results.find((r) => r.status === 'rejected');
    if (error && !this.failing) {
      this.metrics?.redisErrors.inc({ operation: 'confirm' });
      this.log.warn({ err: error.reason }, 'confirmations deferred: Redis did not answer');
    }
    this.failing = failed.length > 0;
    for (const { again } of failed) again();
  }

  private confirmCalls(accountId: string, calls: string[]) {
    return {
      send: async () => {
        const kept = await this.store.confirm(accountId, calls);
        if (kept < calls.length) this.metrics?.lateConfirmations.inc(calls.length - kept);
      },
      again: () => this.batchOf(accountId).calls.unshift(...calls),
    };
  }

  private confirmBlocks(accountId: string, blocks: Map<string, number[]>) {
    return {
      send: () => this.store.keptInBlocks(accountId, blocks),
      again: () => {
        const queued = this.batchOf(accountId).blocks;
        for (const [blockId, kept] of blocks) queued.set(blockId, [...kept, ...(queued.get(blockId) ?? [])]);
      },
    };
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
