// Accounts, API keys and credit balances in Redis, on the path of every request: the key lookup, the credit
// script, the refund and the confirmation, and the settlement of reservations nobody confirmed. Creating and
// changing accounts and keys is accounts.ts, on the same keys (below); the scripts are scripts.ts.
import { Cluster } from 'ioredis';
import type { RedisClient } from '../clients.ts';
import type { PlanName } from '../config.ts';
import type { Count } from './limits.ts';
import { currentPeriod, PERIODS } from './periods.ts';
import { defineScripts } from './scripts.ts';

/**
 * Every key of one account carries the hash tag {acct:<id>}, so each Lua script touches one slot and the same code
 * runs on Redis Cluster. The only other keys are the key index (read with a single GET before the account is
 * known), the per-IP windows, the settlement index and the account id sequence.
 *
 *   <p>{acct:<id>}               hash  plan, unlimited, allowance, period, periodId, balance, createdAt
 *   <p>{acct:<id>}:keyids        set   the account's key ids
 *   <p>{acct:<id>}:key:<keyId>   hash  selector, digest, name, createdAt, lastUsedAt, revokedAt, cap
 *   <p>{acct:<id>}:key:<keyId>:rate  counter of the key's current one-minute window (expires with it)
 *   <p>{acct:<id>}:call:<callId> string a billable call's reservation {cost, periodId, key, usage: its usage field,
 *                                and for a block (blocks.ts) at: when it was taken, ip: its address's window},
 *                                or "refunded" (CALL_TTL_MS)
 *   <p>{acct:<id>}:call:<blockId>:kept  set  of a block of credits, the calls it served that kept their credits, by
 *                                their place in it, as far as this process confirmed them (CALL_TTL_MS)
 *   <p>{acct:<id>}:pending       zset  reservations not confirmed yet: call ids by deadline (Redis's clock, ms)
 *   <p>{acct:<id>}:usage:<periodId>  hash  credits spent in the period: "k <keyId>" per key (its cap is checked
 *                                         against it), "<keyId> <operation> <YYYY-MM-DD>" per key, endpoint and day
 *   <p>key:<selector>            string "<accountId> <keyId> <digest>"   (selector: first 16 hex of the digest)
 *   <p>rl:ip:<address>           counter of the address's current one-minute window (expires with it)
 *   <p>settle:due                zset  "<accountId> <time>" by time: an account to settle then (settle.ts)
 *   <p>accounts:seq              counter of account ids
 *
 * The names of those keys, under a deployment's REDIS_KEY_PREFIX.
 */
export function redisKeys(prefix: string) {
  const account = (id: string) => `${prefix}{acct:${id}}`;
  const record = (id: string, keyId: string) => `${account(id)}:key:${keyId}`;
  const keyIds = (id: string) => `${account(id)}:keyids`;
  const rate = (id: string, keyId: string) => `${record(id, keyId)}:rate`;
  const call = (id: string, callId: string) => `${account(id)}:call:${callId}`;
  const pending = (id: string) => `${account(id)}:pending`;
  return {
    usage: (id: string, periodId: string) => `${account(id)}:usage:${periodId}`,
    account,
    keyIds,
    record,
    index: (selector: string) => `${prefix}key:${selector}`,
    ipWindow: (address: string) => `${prefix}rl:ip:${address}`,
    accountSeq: `${prefix}accounts:seq`,
    settleDue: `${prefix}settle:due`,
    pending,
    keptInBlock: (id: string, blockId: string) => `${call(id, blockId)}:kept`,
    /**
     * The keys each script (and the one transaction) is given, in order: all of one account, so all on one slot of
     * a Redis Cluster (test/unit/slots.test.ts checks it).
     */
    together: {
      access: (id: string, keyId: string, callId: string) =>
        [account(id), record(id, keyId), rate(id, keyId), call(id, callId), pending(id)] as const,
      refund: (id: string, callId: string) => [account(id), call(id, callId), pending(id)] as const,
      settle: (id: string) => [account(id), pending(id)] as const,
      credit: (id: string) => [account(id)] as const,
      newKey: (id: string, keyId: string) => [record(id, keyId), keyIds(id)] as const,
    },
  };
}

/** The part of a key's digest its index entry is named by. */
export const selectorOf = (digest: string) => digest.slice(0, 16);

/** Last-used times are written at most this often per key. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * How long Redis remembers a billable call (its reservation, or that it was given up): longer than any retry of its
 * refund (Refunds in refunds.ts gives up before) and any re-send of its script after a reconnect, so neither can
 * charge or refund it twice.
 */
export const CALL_TTL_MS = 10 * 60_000;

/** A period's usage counters outlive it by a little over a month: time to read the last one after it ended. */
const USAGE_TTL_MS = 70 * 86_400_000;

export interface KeyRef {
  accountId: string;
  keyId: string;
  digest: string;
}

/** The key's one-minute window: requests counted (this one included), the plan's limit, ms until it resets. */
export interface RateWindow {
  used: number;
  limit: number;
  resetMs: number;
}

export interface Granted {
  /** key_capped: the key has spent its cap this period (the account's other keys may still spend). */
  status: 'ok' | 'out_of_credits' | 'key_capped';
  plan: PlanName;
  window: RateWindow;
  unlimited: boolean;
  /** Null when unlimited. */
  balance: number | null;
  allowance: number;
  renewsAt: string | null;
  charged: number;
  periodId: string;
  /** The key's cap, credits per period, when it has one. */
  cap?: number;
  /** What the key may still spend this period under its cap. */
  capLeft?: number;
  /** What the call asked to reserve. */
  cost: number;
}

type Verdict =
  /** The caller's address is over its limit (counted in the script): nothing of the account was touched. */
  | { status: 'ip_limited' }
  | { status: 'unauthorized' }
  /** The call was given up (its refund ran first): nothing was reserved, nothing may be served. */
  | { status: 'cancelled' }
  | { status: 'forbidden'; plan: string }
  | { status: 'rate_limited'; plan: string; window: RateWindow }
  | Granted;

export type AccessOutcome = Verdict & {
  /** The address's window, when the script counted it. */
  ip?: Required<Count>;
};

/** The per-request path: what every call of the access pipeline (access.ts) asks Redis. */
export class AccessStore {
  private readonly keys: ReturnType<typeof redisKeys>;

  /** fixedArgs' text, and the periods and plan limits it was made of. */
  private fixed?: { periods: object; limits: object; json: string };
  /** The current period of each kind, while `now` stays within [from, until). */
  private periods?: { from: number; until: number; byKind: Record<string, { id: string; renewsAt: string }> };

  /** Whether `access` can count the caller's address too (`ip`): on one server, not on a cluster. */
  readonly countsAddresses: boolean;

  /** How long a reservation may stay unconfirmed before settlement refunds it (settle.ts). */
  private readonly reservationMs: number;
  /** Runs just before a check is sent: metered-call.ts holds the connection's writes there (`writeHolder`). */
  private readonly beforeCheck: () => void;
  /** On a cluster, the settlement time this process last indexed each account under (one write per account and time). */
  private readonly indexed = new Map<string, number>();
  /** Reservations are indexed for settlement by their deadline rounded up to this: one entry per account and time. */
  private readonly bucketMs: number;

  constructor(
    private readonly redis: RedisClient,
    prefix: string,
    {
      reservationMs,
      beforeCheck = () => {},
      bucketMs = 5000,
    }: { reservationMs: number; beforeCheck?: () => void; bucketMs?: number },
  ) {
    this.keys = redisKeys(prefix);
    this.countsAddresses = !(redis instanceof Cluster);
    this.reservationMs = reservationMs;
    this.beforeCheck = beforeCheck;
    this.bucketMs = bucketMs;
    defineScripts(redis);
  }

  /** Counts a request from `address` in its one-minute window. */
  async countIp(address: string): Promise<Required<Count>> {
    return JSON.parse(await this.redis.csiIp(this.keys.ipWindow(address))) as Required<Count>;
  }

  /** The stored reference for a key's digest, or undefined. */
  async lookup(digest: string): Promise<KeyRef | undefined> {
    const value = await this.redis.get(this.keys.index(selectorOf(digest)));
    const [accountId, keyId, stored] = value?.split(' ') ?? [];
    return accountId && keyId && stored ? { accountId, keyId, digest: stored } : undefined;
  }

  /**
   * Checks key and plan, counts the key's window, renews the period when due and reserves `cost` credits for the
   * call `callId` (for an export, what `rows` cost in pages of the plan's size, `pageSizes`), within the key's cap,
   * atomically; the same call asked again is answered without a second charge. `limits` maps each plan with API
   * access to its requests per minute. With `ip` (only where `countsAddresses`), the caller's address is counted
   * first, and an address over `ip.limit` is refused before anything else.
   */
  async access(
    ref: KeyRef,
    call: { cost: number; callId: string; operation: string; rows?: number; block?: number },
    plans: { limits: Record<string, number>; pageSizes: Record<string, number> },
    now: Date,
    ip?: { address: string; limit: number },
  ): Promise<AccessOutcome> {
    // The day's period is the day the usage counters file the call under.
    const periods = this.periodsAt(now.getTime());
    const perCall = JSON.stringify({
      cost: call.cost,
      rows: call.rows,
      pageSizes: call.rows === undefined ? undefined : plans.pageSizes,
      now: now.getTime(),
      lastUsedBefore: now.getTime() - LAST_USED_EVERY_MS,
      keyId: ref.keyId,
      operation: call.operation,
      ipLimit: ip?.limit,
      callId: call.callId,
      accountId: ref.accountId,
      block: call.block,
    });
    const args = `${perCall.slice(0, -1)},${this.fixedArgs(periods, plans.limits)}`;
    const keys: string[] = [...this.keys.together.access(ref.accountId, ref.keyId, call.callId)];
    if (this.countsAddresses) keys.push(this.keys.settleDue, ...(ip ? [this.keys.ipWindow(ip.address)] : []));
    this.beforeCheck();
    const check = this.redis.csiAccess(keys.length, ...keys, args);
    if (call.cost > 0 && !this.countsAddresses) await Promise.all([check, this.indexForSettlement(ref.accountId)]);
    return JSON.parse(await check) as AccessOutcome;
  }

  /**
   * A cluster's half of indexing a reservation (the script does it on one server): sent alongside the script, so a
   * reservation is never left unindexed; if it fails, so does the check (and its refund goes out). The time is this
   * process's estimate of the deadline the script sets on Redis's clock: settlement re-indexes what it finds early.
   */
  private async indexForSettlement(accountId: string): Promise<void> {
    const due = this.dueTime(Date.now() + this.reservationMs);
    if (this.indexed.get(accountId) === due) return;
    await this.markDue(accountId, due);
    if (this.indexed.size >= 10_000) this.indexed.clear();
    this.indexed.set(accountId, due);
  }

  /** The settlement time of a deadline (ms). */
  dueTime(deadline: number): number {
    return Math.ceil(deadline / this.bucketMs) * this.bucketMs;
  }

  /** Indexes `accountId` to be settled at `due` (ms, a settlement time). */
  async markDue(accountId: string, due: number): Promise<void> {
    await this.redis.zadd(this.keys.settleDue, 'NX', due, dueMember(accountId, due));
  }

  /**
   * The script's arguments that are the same for every call while the periods and plans stay (the periods object
   * is replaced when they change): serialised once, not per call. A JSON object's members without its `{`.
   */
  private fixedArgs(periods: Record<string, { id: string }>, limits: Record<string, number>): string {
    if (this.fixed?.periods !== periods || this.fixed.limits !== limits) {
      const json = JSON.stringify({
        limits,
        periods,
        day: periods.day?.id,
        usageTtlMs: USAGE_TTL_MS,
        callTtlMs: CALL_TTL_MS,
        reservationMs: this.reservationMs,
        bucketMs: this.bucketMs,
      });
      this.fixed = { periods, limits, json: json.slice(1) };
    }
    return this.fixed.json;
  }

  /** Worked out again only when a period may have changed (a clock that moved backwards included). */
  private periodsAt(now: number) {
    if (this.periods && now >= this.periods.from && now < this.periods.until) return this.periods.byKind;
    const windows = PERIODS.map((p) => [p, currentPeriod(p, new Date(now))] as const);
    const until = Math.min(...windows.map(([, w]) => w.renewsAt.getTime()));
    const byKind = Object.fromEntries(windows.map(([p, w]) => [p, { id: w.id, renewsAt: w.renewsAt.toISOString() }]));
    this.periods = { from: now, until, byKind };
    return byKind;
  }

  /**
   * Gives back what call `callId` reserved but `keep` credits, once however often it is asked (for a block, with the
   * calls it did not make): the credits given back, or -1 when Redis has no record of the call (never reserved, or
   * expired).
   */
  async refund(accountId: string, callId: string, keep = 0, unmade?: number): Promise<number> {
    const keys = this.keys.together.refund(accountId, callId);
    const block = unmade === undefined ? [] : [unmade];
    return Number(await this.redis.csiRefund(...keys, CALL_TTL_MS, callId, keep, ...block));
  }

  /** The calls' answers were written: their charges stand. How many were still pending (the rest were settled). */
  async confirm(accountId: string, callIds: string[]): Promise<number> {
    return this.redis.zrem(this.keys.pending(accountId), ...callIds);
  }

  /** Calls of blocks of credits (by block id, each call by its place in the block) kept their credits. */
  async keptInBlocks(accountId: string, blocks: Map<string, number[]>): Promise<void> {
    const keys = [...blocks.keys()].map((blockId) => this.keys.keptInBlock(accountId, blockId));
    await this.redis.csiKeep(keys.length, ...keys, CALL_TTL_MS, ...[...blocks.values()].map((kept) => kept.join(' ')));
  }

  /** Accounts due for settlement by `now` (ms, this process's clock), at most `limit`, as index entries. */
  async dueAccounts(now: number, limit: number): Promise<{ accountId: string; due: number; entry: string }[]> {
    const entries = await this.redis.zrangebyscore(this.keys.settleDue, '-inf', now, 'LIMIT', 0, limit);
    return entries.map((entry) => {
      const [accountId = '', due = ''] = entry.split(' ');
      return { accountId, due: Number(due), entry };
    });
  }

  /** Refunds the account's reservations past their deadline; what it gave back and what is still pending. */
  async settle(accountId: string, limit: number) {
    const [calls, credits, next, more] = await this.redis.csiSettle(
      ...this.keys.together.settle(accountId),
      CALL_TTL_MS,
      limit,
    );
    return { calls, credits, next: next ?? undefined, more: more === 1 };
  }

  /** The index entry is done with. */
  async settled(entry: string): Promise<void> {
    await this.redis.zrem(this.keys.settleDue, entry);
  }
}

const dueMember = (accountId: string, due: number) => `${accountId} ${due}`;
