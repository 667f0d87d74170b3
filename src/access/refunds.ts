// Refunds that must not be lost. A refund is idempotent by its call id (store.ts), so it is safe to send again and
// again: when Redis cannot be reached (down, restarting, a command timed out), it is kept and retried in the
// background until it lands, the process shuts down (drain), or the call's record in Redis would have expired. One
// that never lands leaves its call pending in Redis, where settlement (settle.ts) refunds it after its deadline; one
// that finds the call's record gone is logged and counted, never dropped silently.
import type { Metrics } from '../metrics.ts';
import { type AccessStore, CALL_TTL_MS } from './store.ts';

/** The logging access needs (pino's and Fastify's loggers fit it). */
export interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RefundOf {
  accountId: string;
  callId: string;
  /** When the call's check was sent (ms): its record lives CALL_TTL_MS from about then. */
  since: number;
  /** The check answered that the call was charged (so its record must exist), rather than not at all. */
  charged: boolean;
  /** Credits of the reservation the call keeps (an export's rows sent); the rest comes back. */
  keep?: number;
  /** Of a block of credits: the calls it did not make, which leave the minute windows they were counted in. */
  unmade?: number;
}

export class Refunds {
  private readonly pending = new Map<string, RefundOf>();
  private timer: NodeJS.Timeout | undefined;
  private retrying: Promise<void> | undefined;

  constructor(
    private readonly store: Pick<AccessStore, 'refund'>,
    private readonly log: Log,
    private readonly metrics?: Metrics,
    private readonly retryMs = 1000,
    /** Counted from the check: after this, the call's record may be gone and a refund could not tell what it was. */
    private readonly giveUpMs = CALL_TTL_MS - 60_000,
  ) {}

  /** Refunds still waiting for Redis. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Gives back what the call reserved, now or as soon as Redis answers; false when it had to wait. Never throws. */
  async refund(call: RefundOf): Promise<boolean> {
    try {
      this.landed(call, await this.store.refund(call.accountId, call.callId, call.keep, call.unmade));
      return true;
    } catch (err) {
      this.log.warn({ err, accountId: call.accountId, callId: call.callId }, 'refund deferred: Redis did not answer');
      this.pending.set(call.callId, call);
      this.schedule();
      return false;
    }
  }

  /** A charged call whose record was gone: its credit cannot come back (the record outlives every retry). */
  private landed(call: RefundOf, given: number): void {
    if (given >= 0 || !call.charged) return;
    this.metrics?.refundsLost.inc();
    const { accountId, callId, since } = call;
    this.log.error({ accountId, callId, checkedAt: new Date(since) }, 'refund lost: Redis no longer had the call');
  }

  private schedule(): void {
    if (this.timer || this.retrying) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.retrying = this.retry().finally(() => {
        this.retrying = undefined;
        if (this.pending.size) this.schedule();
      });
    }, this.retryMs);
    this.timer.unref();
  }

  private async retry(): Promise<void> {
    for (const [callId, call] of this.pending) {
      if (Date.now() - call.since > this.giveUpMs) {
        this.pending.delete(callId);
        this.log.warn({ accountId: call.accountId, callId }, 'refund given up: left to settlement');
        continue;
      }
      try {
        this.landed(call, await this.store.refund(call.accountId, call.callId, call.keep, call.unmade));
        this.pending.delete(callId);
      } catch {
        return; // still unreachable: the next round tries again
      }
    }
  }

  /** For shutdown: retries what is waiting until it is done or `timeoutMs` has passed; how many are left. */
  async drain(timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.pending.size && Date.now() < deadline) {
      await (this.retrying ?? this.retry());
      if (this.pending.size) await new Promise((resolve) => setTimeout(resolve, Math.min(200, this.retryMs)));
    }
    for (const call of this.pending.values()) {
      // Not lost: the call is still pending in Redis, so settlement refunds it after its deadline.
      this.log.warn(
        { accountId: call.accountId, callId: call.callId },
        'refund not sent before shutdown: left to settlement',
      );
    }
    return this.pending.size;
  }
}
