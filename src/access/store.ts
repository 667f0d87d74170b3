// Accounts, API keys and credit balances in Redis, on the path of every request: the key lookup, the credit
// script and the refund. Creating and changing accounts and keys (scripts/admin.ts) is accounts.ts, on the same
// keys. Every key of one account carries the hash tag {acct:<id>}, so each Lua script touches one slot and the
// same code runs on Redis Cluster. The only other keys are the key index (`key:<selector>`, read with a single GET
// before the account is known), the per-IP windows of rate-limiter-flexible (`rl:ip:<address>`, limits.ts) and
// the account id sequence.
//
//   <p>{acct:<id>}               hash  plan, unlimited, allowance, period, periodId, balance, createdAt
//   <p>{acct:<id>}:keyids        set   the account's key ids
//   <p>{acct:<id>}:key:<keyId>   hash  selector, digest, name, createdAt, lastUsedAt, revokedAt
//   <p>{acct:<id>}:key:<keyId>:rate  counter of the key's current one-minute window (expires with it)
//   <p>{acct:<id>}:call:<callId> string a billable call's reservation {cost, periodId}, or "refunded" (CALL_TTL_MS)
//   <p>key:<selector>            string "<accountId> <keyId> <digest>"   (selector: first 16 hex of the digest)
//   <p>accounts:seq              counter of account ids
import type { Result } from 'ioredis';
import type { PlanName } from '../config.ts';
import type { RedisClient } from '../redis.ts';
import { currentPeriod, PERIODS } from './periods.ts';

/** The names of the keys above, under a deployment's REDIS_KEY_PREFIX. */
export function redisKeys(prefix: string) {
  const account = (id: string) => `${prefix}{acct:${id}}`;
  const record = (id: string, keyId: string) => `${account(id)}:key:${keyId}`;
  const keyIds = (id: string) => `${account(id)}:keyids`;
  const rate = (id: string, keyId: string) => `${record(id, keyId)}:rate`;
  const call = (id: string, callId: string) => `${account(id)}:call:${callId}`;
  return {
    account,
    keyIds,
    record,
    index: (selector: string) => `${prefix}key:${selector}`,
    accountSeq: `${prefix}accounts:seq`,
    /**
     * The keys each script (and the one transaction) is given, in order: all of one account, so all on one slot of
     * a Redis Cluster (test/unit/slots.test.ts checks it).
     */
    together: {
      access: (id: string, keyId: string, callId: string) =>
        [account(id), record(id, keyId), rate(id, keyId), call(id, callId)] as const,
      refund: (id: string, callId: string) => [account(id), call(id, callId)] as const,
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

declare module 'ioredis' {
  interface RedisCommander<Context> {
    csiAccess(account: string, record: string, rate: string, call: string, args: string): Result<string, Context>;
    csiRefund(account: string, call: string, ttlMs: number): Result<number, Context>;
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

/** The per-request path: what every call of the access pipeline (access.ts) asks Redis. */
export class AccessStore {
  private readonly keys: ReturnType<typeof redisKeys>;

  constructor(
    private readonly redis: RedisClient,
    prefix: string,
  ) {
    this.keys = redisKeys(prefix);
    redis.defineCommand('csiAccess', { numberOfKeys: 4, lua: ACCESS_LUA });
    redis.defineCommand('csiRefund', { numberOfKeys: 2, lua: REFUND_LUA });
  }

  /** The stored reference for a key's digest, or undefined. */
  async lookup(digest: string): Promise<KeyRef | undefined> {
    const value = await this.redis.get(this.keys.index(selectorOf(digest)));
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
    const keys = this.keys.together.access(ref.accountId, ref.keyId, call.callId);
    const reply = await this.redis.csiAccess(...keys, JSON.stringify(args));
    return JSON.parse(reply) as AccessOutcome;
  }

  /** Gives back what call `callId` reserved, once however often it is asked; the credits given back. */
  async refund(accountId: string, callId: string): Promise<number> {
    return Number(await this.redis.csiRefund(...this.keys.together.refund(accountId, callId), CALL_TTL_MS));
  }
}
