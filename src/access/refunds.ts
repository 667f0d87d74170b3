// Refunds that must not be lost. A refund is idempotent by its call id (store.ts), so it is safe to send again and
// again: when Redis cannot be reached (down, restarting, a command timed out), it is kept and retried in the
// background until it lands, the process shuts down (drain), or the call's record in Redis would have expired.
import { type AccessStore, CALL_TTL_MS } from './store.ts';

/** The logging access needs (pino's and Fastify's loggers fit it). */
export interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface Pending {
  accountId: string;
  callId: string;
  since: number;
}

export class Refunds {
  private readonly pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | undefined;
  private retrying: Promise<void> | undefined;

  constructor(
    private readonly store: Pick<AccessStore, 'refund'>,
    private readonly log: Log,
    private readonly retryMs = 1000,
    /** After this, the call's record may be gone: a refund then could not tell what was reserved. */
    private readonly giveUpMs = CALL_TTL_MS - 60_000,
  ) {}

  /** Refunds still waiting for Redis. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Gives back what the call reserved, now or as soon as Redis answers; false when it had to wait. Never throws. */
  async refund(accountId: string, callId: string): Promise<boolean> {
    try {
      await this.store.refund(accountId, callId);
      return true;
    } catch (err) {
      this.log.warn({ err, accountId, callId }, 'refund deferred: Redis did not answer; retrying');
      this.pending.set(callId, { accountId, callId, since: Date.now() });
      this.schedule();
      return false;
    }
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
    for (const [callId, p] of this.pending) {
      if (Date.now() - p.since > this.giveUpMs) {
        this.pending.delete(callId);
        this.log.error({ accountId: p.accountId, callId }, 'refund given up: Redis stayed unreachable');
        continue;
      }
      try {
        await this.store.refund(p.accountId, p.callId);
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
    for (const p of this.pending.values()) {
      this.log.error({ accountId: p.accountId, callId: p.callId }, 'refund not sent before shutdown');
    }
    return this.pending.size;
  }
}
