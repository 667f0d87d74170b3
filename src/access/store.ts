// Accounts, API keys and credit balances in Redis. Every key of one account carries the hash tag {acct:<id>}, so
// each Lua script touches one slot and the same code runs on Redis Cluster. The only other keys are the key
// index (`key:<selector>`, read with a single GET before the account is known), the per-IP windows of
// rate-limiter-flexible (`rl:ip:<address>`) and the account id sequence.
//
//   <p>{acct:<id>}               hash  plan, unlimited, allowance, period, periodId, balance, createdAt
//   <p>{acct:<id>}:keyids        set   the account's key ids
//   <p>{acct:<id>}:key:<keyId>   hash  selector, digest, name, createdAt, lastUsedAt, revokedAt
//   <p>{acct:<id>}:key:<keyId>:rate  counter of the key's current one-minute window (expires with it)
//   <p>key:<selector>            string "<accountId> <keyId> <digest>"   (selector: first 16 hex of the digest)
//   <p>accounts:seq              counter of account ids
import { randomBytes } from 'node:crypto';
import type { Redis, Result } from 'ioredis';
import type { PlanName } from '../config.ts';
import { createKey, digestOf } from './keys.ts';
import { currentPeriod, PERIODS, type Period } from './periods.ts';

/** Last-used times are written at most this often per key. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * How long Redis remembers a billable call (its reservation, or that it was given up): longer than any retry of its
 * refund (Refunds in refunds.ts gives up before) and any re-send of its script after a reconnect, so neither can
 * charge or refund it twice.
 */
export const CALL_TTL_MS = 10 * 60_000;

// Checks the key and the plan, counts the key's request in its one-minute window (a window opens at the first
// request, as rate-limiter-flexible's do), renews the period when due and reserves `cost` credits: one atomic
// step on one slot. A call over its limit reserves nothing, so a 429 never needs a refund.
// A metered call has an id (KEYS[4]): the script records its reservation there, so the same script run twice
// (ioredis re-sends unanswered commands after a reconnect) charges once, and a call already given up (its refund
// ran first, after a timeout) is never charged. Periods only move forward: a caller whose clock is behind never
// takes an account back to an older period, whose allowance would then be granted again.
// Arguments and replies are JSON objects with named fields (cjson is part of Redis' Lua).
const ACCESS_LUA = `
local account, record, rate, call = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local arg = cjson.decode(ARGV[1])
local k = redis.call('HMGET', record, 'revokedAt', 'lastUsedAt', 'digest')
if not k[3] or k[1] then return cjson.encode({status = 'unauthorized'}) end
local a = redis.call('HMGET', account, 'plan', 'unlimited', 'allowance', 'balance', 'period', 'periodId')
if not a[1] then return cjson.encode({status = 'unauthorized'}) end
if not k[2] or tonumber(k[2]) < arg.lastUsedBefore then redis.call('HSET', record, 'lastUsedAt', arg.now) end
local limit = arg.limits[a[1]]
if not limit then return cjson.encode({status = 'forbidden', plan = a[1]}) end
local unlimited = a[2] == '1'
local period = arg.periods[a[5]] or arg.periods.month
local periodId, balance = a[6], tonumber(a[4])
if not periodId or periodId < period.id then
  periodId, balance = period.id, tonumber(a[3])
  redis.call('HSET', account, 'balance', balance, 'periodId', periodId)
end
local metered = arg.cost > 0 and not unlimited
local prior = metered and redis.call('GET', call)
if prior == 'refunded' then return cjson.encode({status = 'cancelled'}) end
local used, status, charged = 0, 'ok', 0
if prior then
  -- The same call again: what it reserved stands, and its request was counted the first time.
  used, charged = tonumber(redis.call('GET', rate) or limit), cjson.decode(prior).cost
else
  used = redis.call('INCR', rate)
  if used == 1 then redis.call('PEXPIRE', rate, 60000) end
end
local window = {used = used, limit = limit, resetMs = math.max(redis.call('PTTL', rate), 0)}
if used > limit and not prior then return cjson.encode({status = 'rate_limited', plan = a[1], window = window}) end
if metered and not prior then
  if balance < arg.cost then
    status = 'out_of_credits'
  else
    balance = redis.call('HINCRBY', account, 'balance', -arg.cost)
    charged = arg.cost
    redis.call('SET', call, cjson.encode({cost = charged, periodId = periodId}), 'PX', arg.callTtlMs)
  end
end
return cjson.encode({
  status = status, plan = a[1], window = window, unlimited = unlimited,
  balance = unlimited and cjson.null or balance, allowance = tonumber(a[3]),
  renewsAt = unlimited and cjson.null or period.renewsAt, charged = charged, periodId = periodId,
})
`;

// Gives a call's reservation back, once: the call is marked given up, so a refund sent twice, or a reservation
// that runs after its refund (a script that waited out a stall), changes nothing. Nothing comes back once the period
// has rolled over (the new period's allowance is already whole).
const REFUND_LUA = `
local account, call = KEYS[1], KEYS[2]
local prior = redis.call('GET', call)
if prior == 'refunded' then return 0 end
redis.call('SET', call, 'refunded', 'PX', ARGV[1])
if not prior then return 0 end
local reserved = cjson.decode(prior)
if redis.call('HGET', account, 'periodId') ~= reserved.periodId then return 0 end
redis.call('HINCRBY', account, 'balance', reserved.cost)
return reserved.cost
`;

// Adds (or, with ARGV[3] = 'set', sets) credits in the current period, rolling it over first when it is stale.
const CREDIT_LUA = `
local a = redis.call('HMGET', KEYS[1], 'allowance', 'periodId')
if not a[1] then return false end
if a[2] ~= ARGV[2] then redis.call('HSET', KEYS[1], 'balance', a[1], 'periodId', ARGV[2]) end
if ARGV[3] == 'set' then redis.call('HSET', KEYS[1], 'balance', ARGV[1]) return tonumber(ARGV[1]) end
return redis.call('HINCRBY', KEYS[1], 'balance', ARGV[1])
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    csiAccess(account: string, record: string, rate: string, call: string, args: string): Result<string, Context>;
    csiRefund(account: string, call: string, ttlMs: number): Result<number, Context>;
    csiCredit(account: string, credits: number, periodId: string, mode: 'add' | 'set'): Result<number | null, Context>;
  }
}

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
  status: 'ok' | 'out_of_credits';
  plan: PlanName;
  window: RateWindow;
  unlimited: boolean;
  /** Null when unlimited. */
  balance: number | null;
  allowance: number;
  renewsAt: string | null;
  charged: number;
  periodId: string;
}

export type AccessOutcome =
  | { status: 'unauthorized' }
  /** The call was given up (its refund ran first): nothing was reserved, nothing may be served. */
  | { status: 'cancelled' }
  | { status: 'forbidden'; plan: string }
  | { status: 'rate_limited'; plan: string; window: RateWindow }
  | Granted;

export interface AccountInput {
  plan: PlanName;
  allowance: number;
  unlimited?: boolean;
  period?: Period;
}

export class AccessStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    redis.defineCommand('csiAccess', { numberOfKeys: 4, lua: ACCESS_LUA });
    redis.defineCommand('csiRefund', { numberOfKeys: 2, lua: REFUND_LUA });
    redis.defineCommand('csiCredit', { numberOfKeys: 1, lua: CREDIT_LUA });
  }

  private account = (id: string) => `${this.prefix}{acct:${id}}`;
  private record = (id: string, keyId: string) => `${this.account(id)}:key:${keyId}`;
  private index = (selector: string) => `${this.prefix}key:${selector}`;
  private call = (accountId: string, callId: string) => `${this.account(accountId)}:call:${callId}`;

  /** The stored reference for a key's digest, or undefined. */
  async lookup(digest: string): Promise<KeyRef | undefined> {
    const value = await this.redis.get(this.index(digest.slice(0, 16)));
    const [accountId, keyId, stored] = value?.split(' ') ?? [];
    return accountId && keyId && stored ? { accountId, keyId, digest: stored } : undefined;
  }

  /**
   * Checks key and plan, counts the key's window, renews the period when due and reserves `cost` credits for the
   * call `callId`, atomically; the same call asked again is answered without a second charge. `limits` maps each
   * plan with API access to its requests per minute.
   */
  async access(
    ref: KeyRef,
    call: { cost: number; callId: string },
    limits: Record<string, number>,
    now: Date,
  ): Promise<AccessOutcome> {
    const periods = Object.fromEntries(
      PERIODS.map((p) => {
        const w = currentPeriod(p, now);
        return [p, { id: w.id, renewsAt: w.renewsAt.toISOString() }];
      }),
    );
    const args = {
      cost: call.cost,
      now: now.getTime(),
      lastUsedBefore: now.getTime() - LAST_USED_EVERY_MS,
      limits,
      periods,
      callTtlMs: CALL_TTL_MS,
    };
    const record = this.record(ref.accountId, ref.keyId);
    const reply = await this.redis.csiAccess(
      this.account(ref.accountId),
      record,
      `${record}:rate`,
      this.call(ref.accountId, call.callId),
      JSON.stringify(args),
    );
    return JSON.parse(reply) as AccessOutcome;
  }

  /** Gives back what call `callId` reserved, once however often it is asked; the credits given back. */
  async refund(accountId: string, callId: string): Promise<number> {
    return Number(await this.redis.csiRefund(this.account(accountId), this.call(accountId, callId), CALL_TTL_MS));
  }

  // --- administration (scripts/admin.ts) ---

  async createAccount({ plan, allowance, unlimited = false, period = 'month' }: AccountInput): Promise<string> {
    const id = String(await this.redis.incr(`${this.prefix}accounts:seq`));
    await this.redis.hset(this.account(id), {
      plan,
      unlimited: unlimited ? '1' : '0',
      allowance,
      balance: allowance,
      period,
      periodId: currentPeriod(period, new Date()).id,
      createdAt: new Date().toISOString(),
    });
    return id;
  }

  async getAccount(id: string): Promise<Record<string, string> | undefined> {
    const account = await this.redis.hgetall(this.account(id));
    return Object.keys(account).length ? account : undefined;
  }

  /** Creates a key and returns it: the only time it is ever visible. */
  async createApiKey(accountId: string, keyPrefix: string, name = ''): Promise<{ key: string; keyId: string }> {
    if (!(await this.getAccount(accountId))) throw new Error(`no account ${accountId}`);
    const key = createKey(keyPrefix);
    const digest = digestOf(key);
    const keyId = randomBytes(6).toString('hex');
    const selector = digest.slice(0, 16);
    await this.redis
      .multi()
      .hset(this.record(accountId, keyId), { selector, digest, name, createdAt: new Date().toISOString() })
      .sadd(`${this.account(accountId)}:keyids`, keyId)
      .exec();
    await this.redis.set(this.index(selector), `${accountId} ${keyId} ${digest}`);
    return { key, keyId };
  }

  async listKeys(accountId: string) {
    const ids = await this.redis.smembers(`${this.account(accountId)}:keyids`);
    const keys = await Promise.all(
      ids.map(async (keyId) => {
        const r = await this.redis.hgetall(this.record(accountId, keyId));
        const lastUsed = r.lastUsedAt ? new Date(Number(r.lastUsedAt)).toISOString() : null;
        return {
          keyId,
          name: r.name || null,
          createdAt: r.createdAt,
          lastUsedAt: lastUsed,
          revokedAt: r.revokedAt ?? null,
        };
      }),
    );
    return keys.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
  }

  /**
   * Revoked keys fail on their very next request: the record is marked first (every process checks it, also for
   * keys it has cached), then the index entry goes, so a failure in between leaves the key revoked, not valid.
   */
  async revokeKey(accountId: string, keyId: string): Promise<boolean> {
    const selector = await this.redis.hget(this.record(accountId, keyId), 'selector');
    if (!selector) return false;
    await this.redis.hset(this.record(accountId, keyId), 'revokedAt', new Date().toISOString());
    await this.redis.del(this.index(selector));
    return true;
  }

  async setPlan(accountId: string, plan: PlanName, allowance: number): Promise<void> {
    await this.mustExist(accountId);
    await this.redis.hset(this.account(accountId), { plan, allowance });
  }

  async setUnlimited(accountId: string, unlimited: boolean): Promise<void> {
    await this.mustExist(accountId);
    await this.redis.hset(this.account(accountId), 'unlimited', unlimited ? '1' : '0');
  }

  /** Adds credits to this period's balance (a new period starts again from the allowance). */
  async topUp(accountId: string, credits: number, now = new Date()): Promise<number> {
    return this.credit(accountId, credits, 'add', now);
  }

  async setBalance(accountId: string, balance: number, now = new Date()): Promise<number> {
    return this.credit(accountId, balance, 'set', now);
  }

  private async credit(accountId: string, credits: number, mode: 'add' | 'set', now: Date): Promise<number> {
    const account = await this.getAccount(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    const period = currentPeriod((account.period as Period) ?? 'month', now).id;
    return Number(await this.redis.csiCredit(this.account(accountId), credits, period, mode));
  }

  private async mustExist(accountId: string): Promise<void> {
    if (!(await this.getAccount(accountId))) throw new Error(`no account ${accountId}`);
  }
}
