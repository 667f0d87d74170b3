// Blocks of credits: a key calling this process fast takes the credits (and the minute windows' counts) of several
// calls in one check and spends them here, without a Redis round trip per call. A block serves calls for BLOCK_MS;
// a revocation or plan change (notices.ts) ends it at once. Each call it served that kept its credit is recorded in
// Redis with the confirmations' batches (confirmations.ts), so on a kill settlement refunds the block but for those,
// and only calls answered in the instant before the kill go free, as with calls checked one by one. When it has
// ended and its calls have settled, what they did not keep goes back in one refund, to the balance, the usage
// counters and the windows (scripts.ts), or, all kept, it is confirmed like one call.
import { rateLimitHeaders } from './limits.ts';

/** How long a block serves calls (ms). */
export const BLOCK_MS = 50;
/** A key asks for a block once it made at least this many calls in the last BLOCK_MS (160 calls/s)... */
export const BLOCK_FROM = 8;
/** ...for twice as many calls as it made then, at most this many. */
export const BLOCK_MOST = 64;
/**
 * A key whose check took no block (an unlimited account, a balance, cap or window nearly spent) asks again only after
 * this long (ms): otherwise its calls would keep waiting for blocks that do not come.
 */
export const BLOCK_RETRY_MS = 1000;

/** The grant of the check that took a block: what each call it serves copies. */
export interface BlockGrant {
  accountId: string;
  balance: number | null;
  capLeft?: number;
  charged: number;
  headers: Record<string, string>;
  /** Set on the grants of the calls a block serves: where their decisions go instead of Redis. */
  block?: { settle(kept: boolean): void };
}

/** The key's window as the check counted it (its first call). */
interface KeyWindow {
  limit: number;
  used: number;
  resetMs: number;
}

/** Where a block's outcomes go. */
export interface BlockLedger<G> {
  /** Its `nth` call kept its credit (recorded in Redis in batches, so a kill loses no more than a call's would). */
  kept(grant: G, nth: number): void;
  /** It has ended and its calls have settled: all but the `keep` credits they kept (of `made` calls) go back. */
  ended(grant: G, keep: number, made: number): void;
}

/** The calls of one key, operation and address that one check reserved, spent one by one. */
export class Block<G extends BlockGrant> {
  private taken = 0;
  private open = 0;
  private kept = 0;
  private closed = false;
  private settled = false;
  private readonly until: number;
  private readonly resetAt: number;

  constructor(
    /** The check's grant, its balance and cap left once all `credits` were reserved. */
    private readonly grant: G,
    private readonly credits: number,
    private readonly window: KeyWindow,
    private readonly ledger: BlockLedger<G>,
    private readonly now: () => number,
  ) {
    const at = now();
    this.until = at + BLOCK_MS;
    this.resetAt = at + window.resetMs;
    setTimeout(() => this.settleIfDone(), BLOCK_MS + 1).unref();
  }

  get accountId(): string {
    return this.grant.accountId;
  }

  private get serving(): boolean {
    return !this.closed && this.taken < this.credits && this.now() < this.until;
  }

  /** The next call's grant, or undefined once the block is spent, expired or closed. */
  take(): G | undefined {
    if (!this.serving) return;
    const k = ++this.taken;
    this.open++;
    const unspent = this.credits - k;
    const { balance, capLeft } = this.grant;
    const { limit, used } = this.window;
    return {
      ...this.grant,
      charged: 1,
      balance: balance === null ? null : balance + unspent,
      capLeft: capLeft === undefined ? undefined : capLeft + unspent,
      headers: rateLimitHeaders({ name: 'key', limit, used: used + k - 1, resetMs: this.resetAt - this.now() }),
      block: { settle: (kept: boolean) => this.settle(kept, k) },
    } as G;
  }

  /** Its `nth` call is decided: a success keeps its credit, anything else leaves it to go back. */
  private settle(kept: boolean, nth: number): void {
    this.open--;
    if (kept) {
      this.kept++;
      this.ledger.kept(this.grant, nth);
    }
    this.settleIfDone();
  }

  /** Serves no more calls (revocation, plan change, shutdown); it settles once those it served have. */
  close(): void {
    this.closed = true;
    this.settleIfDone();
  }

  private settleIfDone(): void {
    if (this.settled || this.open > 0 || this.serving) return;
    this.settled = true;
    this.ledger.ended(this.grant, this.kept, this.taken);
  }
}

/** A key's recent pace, by BLOCK_MS buckets. */
interface Pace<G extends BlockGrant> {
  bucket: number;
  count: number;
  last: number;
  /** No block is asked for before then (BLOCK_RETRY_MS). */
  quietUntil?: number;
  /** While a block is asked for (one at a time): settles once the check has answered. */
  asking?: Promise<void>;
  answer?: () => void;
  block?: Block<G>;
}

/** How many keys' paces a process remembers (the oldest seen goes first). */
const PACES = 10_000;

/** The current block of each key, operation and address, and when to ask for one. */
export class Blocks<G extends BlockGrant> {
  private readonly paces = new Map<string, Pace<G>>();
  private stopped = false;

  constructor(
    private readonly enabled: boolean,
    private readonly ledger: BlockLedger<G>,
    // Monotonic: a wall clock stepped back would keep a block serving past its timer, with nothing left to end it.
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A grant from the current block of `key`, if one serves. */
  take(key: string): G | undefined {
    const grant = this.paces.get(key)?.block?.take();
    if (grant) this.paceOf(key).count++;
    return grant;
  }

  /** Counts a call checked one by one; how many calls to ask a block for with it, or undefined. */
  ask(key: string): number | undefined {
    if (!this.enabled) return;
    const pace = this.paceOf(key);
    pace.count++;
    const recent = Math.max(pace.last, pace.count);
    if (pace.asking || recent < BLOCK_FROM || (pace.quietUntil ?? 0) > this.now()) return;
    pace.asking = new Promise((resolve) => {
      pace.answer = resolve;
    });
    return Math.min(BLOCK_MOST, 2 * recent);
  }

  /** While `key`'s block is asked for, when its check has answered: calls then wait for it, not check on their own. */
  asking(key: string): Promise<void> | undefined {
    return this.paces.get(key)?.asking;
  }

  /**
   * The check that asked for a block answered: with `credits` > 1 it took one, which serves this call first;
   * undefined otherwise (`grant` stands alone).
   */
  answered(key: string, grant: G, credits: number, window: KeyWindow): G | undefined {
    const pace = this.paceOf(key);
    this.done(pace);
    if (credits <= 1) {
      pace.quietUntil = this.now() + BLOCK_RETRY_MS;
      return;
    }
    pace.block?.close();
    const block = new Block(grant, credits, window, this.ledger, this.now);
    const first = block.take();
    // Past shutdown (stop) the block serves the call that took it only, and settles with it.
    if (this.stopped) block.close();
    else pace.block = block;
    return first;
  }

  /** A check that asked for a block failed. */
  failed(key: string): void {
    const pace = this.paces.get(key);
    if (pace) this.done(pace);
  }

  private done(pace: Pace<G>): void {
    pace.answer?.();
    pace.asking = pace.answer = undefined;
  }

  /** For shutdown: closes every block, and those that checks still running take serve their own call only. */
  stop(): void {
    this.stopped = true;
    this.close();
  }

  /** Closes the blocks of one account, or of every account (missed notices). */
  close(accountId?: string): void {
    for (const pace of this.paces.values()) {
      if (pace.block && (accountId === undefined || pace.block.accountId === accountId)) {
        pace.block.close();
        pace.block = undefined;
      }
    }
  }

  /** The key's pace in the current bucket (remembered again if it was forgotten). */
  private paceOf(key: string): Pace<G> {
    const bucket = Math.floor(this.now() / BLOCK_MS);
    let pace = this.paces.get(key);
    if (!pace) {
      if (this.paces.size >= PACES) this.forgetOldest();
      pace = { bucket, count: 0, last: 0 };
      this.paces.set(key, pace);
    }
    if (pace.bucket !== bucket) {
      pace.last = pace.bucket === bucket - 1 ? pace.count : 0;
      pace.bucket = bucket;
      pace.count = 0;
    }
    return pace;
  }

  private forgetOldest(): void {
    const [key, pace] = this.paces.entries().next().value as [string, Pace<G>];
    pace.block?.close();
    this.done(pace); // calls waiting for its block check on their own
    this.paces.delete(key);
  }
}
