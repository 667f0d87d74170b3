// Accounts, API keys and credit balances in Redis, on the path of every request: the key lookup, the credit
// script and the refund. Creating and changing accounts and keys is accounts.ts, on the same keys (below).
import { Cluster, type Result } from 'ioredis';
import type { RedisClient } from '../clients.ts';
import type { PlanName } from '../config.ts';
import type { Count } from './limits.ts';
import { currentPeriod, PERIODS } from './periods.ts';

/**
 * Every key of one account carries the hash tag {acct:<id>}, so each Lua script touches one slot and the same code
 * runs on Redis Cluster. The only other keys are the key index (read with a single GET before the account is
 * known), the per-IP windows and the account id sequence.
 *
 *   <p>{acct:<id>}               hash  plan, unlimited, allowance, period, periodId, balance, createdAt
 *   <p>{acct:<id>}:keyids        set   the account's key ids
 *   <p>{acct:<id>}:key:<keyId>   hash  selector, digest, name, createdAt, lastUsedAt, revokedAt
 *   <p>{acct:<id>}:key:<keyId>:rate  counter of the key's current one-minute window (expires with it)
 *   <p>{acct:<id>}:call:<callId> string a billable call's reservation {cost, periodId}, or "refunded" (CALL_TTL_MS)
 *   <p>key:<selector>            string "<accountId> <keyId> <digest>"   (selector: first 16 hex of the digest)
 *   <p>rl:ip:<address>           counter of the address's current one-minute window (expires with it)
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
  return {
    account,
    keyIds,
    record,
    index: (selector: string) => `${prefix}key:${selector}`,
    ipWindow: (address: string) => `${prefix}rl:ip:${address}`,
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

// A one-minute window that opens at its first request: the count, this request included, and ms until it ends.
const COUNT_LUA = `
local function count(window)
  local used = redis.call('INCR', window)
  if used == 1 then redis.call('PEXPIRE', window, 60000) end
  return {used = used, resetMs = math.max(redis.call('PTTL', window), 0)}
end
`;

// Counts a request from an address (KEYS[1]) on its own: a cluster's path, and a key's first call.
const IP_LUA = `${COUNT_LUA}
return cjson.encode(count(KEYS[1]))
`;

// Checks the key and the plan, counts the key's request in its one-minute window, renews the period when due and
// reserves `cost` credits: one atomic step on one slot. A call over its limit reserves nothing, so a 429 never
// needs a refund. A metered call has an id (KEYS[4]): the script records its reservation there, so the same script
// run twice (ioredis re-sends unanswered commands after a reconnect) charges once, and a call already given up (its
// refund ran first, after a timeout) is never charged. Periods only move forward: a caller whose clock is behind
// never takes an account back to an older period, whose allowance would then be granted again.
// Arguments and replies are JSON objects with named fields (cjson is part of Redis' Lua).
// On one Redis server (not a cluster, where the address's key lives on another slot) the script also counts the
// caller's address (KEYS[5]) first: the whole check is one command, and an address over its limit touches nothing
// of the account.
const ACCESS_LUA = `
${COUNT_LUA}
local account, record, rate, call, address = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local arg = cjson.decode(ARGV[1])
local ip = address and count(address)
local function reply(fields)
  fields.ip = ip
  return cjson.encode(fields)
end
-- A call seen before (ioredis re-sends a script after a reconnect) was admitted then, whatever its address's count
-- says now (the re-sent run counts the address once more: protection, not metering).
if ip and ip.used > arg.ipLimit and not redis.call('GET', call) then return reply({status = 'ip_limited'}) end
local k = redis.call('HMGET', record, 'revokedAt', 'lastUsedAt', 'digest')
if not k[3] or k[1] then return reply({status = 'unauthorized'}) end
local a = redis.call('HMGET', account, 'plan', 'unlimited', 'allowance', 'balance', 'period', 'periodId')
if not a[1] then return reply({status = 'unauthorized'}) end
if not k[2] or tonumber(k[2]) < arg.lastUsedBefore then redis.call('HSET', record, 'lastUsedAt', arg.now) end
local limit = arg.limits[a[1]]
if not limit then return reply({status = 'forbidden', plan = a[1]}) end
local unlimited = a[2] == '1'
local period = arg.periods[a[5]] or arg.periods.month
local periodId, balance = a[6], tonumber(a[4])
if not periodId or periodId < period.id then
  periodId, balance = period.id, tonumber(a[3])
  redis.call('HSET', account, 'balance', balance, 'periodId', periodId)
end
local metered = arg.cost > 0 and not unlimited
local prior = metered and redis.call('GET', call)
if prior == 'refunded' then return reply({status = 'cancelled'}) end
local window, status, charged = nil, 'ok', 0
if prior then
  -- The same call again: what it reserved stands, and its request was counted the first time.
  window = {used = tonumber(redis.call('GET', rate) or limit), resetMs = math.max(redis.call('PTTL', rate), 0)}
  charged = cjson.decode(prior).cost
else
  window = count(rate)
end
window.limit = limit
if window.used > limit and not prior then return reply({status = 'rate_limited', plan = a[1], window = window}) end
if metered and not prior then
  if balance < arg.cost then
    status = 'out_of_credits'
  else
    balance = redis.call('HINCRBY', account, 'balance', -arg.cost)
    charged = arg.cost
    redis.call('SET', call, cjson.encode({cost = charged, periodId = periodId}), 'PX', arg.callTtlMs)
  end
end
return reply({
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
    csiAccessIp(
      account: string,
      record: string,
      rate: string,
      call: string,
      address: string,
      args: string,
    ): Result<string, Context>;
    csiIp(address: string): Result<string, Context>;
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

  /** The current period of each kind, while `now` stays within [from, until). */
  private periods?: { from: number; until: number; byKind: Record<string, { id: string; renewsAt: string }> };

  /** Whether `access` can count the caller's address too (`ip`): on one server, not on a cluster. */
  readonly countsAddresses: boolean;

  constructor(
    private readonly redis: RedisClient,
    prefix: string,
    /** Runs just before a check is sent: metered-call.ts holds the connection's writes there (`writeHolder`). */
    private readonly beforeCheck: () => void = () => {},
  ) {
    this.keys = redisKeys(prefix);
    this.countsAddresses = !(redis instanceof Cluster);
    redis.defineCommand('csiAccess', { numberOfKeys: 4, lua: ACCESS_LUA });
    redis.defineCommand('csiAccessIp', { numberOfKeys: 5, lua: ACCESS_LUA });
    redis.defineCommand('csiIp', { numberOfKeys: 1, lua: IP_LUA });
    redis.defineCommand('csiRefund', { numberOfKeys: 2, lua: REFUND_LUA });
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
   * call `callId`, atomically; the same call asked again is answered without a second charge. `limits` maps each
   * plan with API access to its requests per minute. With `ip` (only where `countsAddresses`), the caller's address
   * is counted first, and an address over `ip.limit` is refused before anything else.
   */
  async access(
    ref: KeyRef,
    call: { cost: number; callId: string },
    limits: Record<string, number>,
    now: Date,
    ip?: { address: string; limit: number },
  ): Promise<AccessOutcome> {
    const args = JSON.stringify({
      cost: call.cost,
      now: now.getTime(),
      lastUsedBefore: now.getTime() - LAST_USED_EVERY_MS,
      limits,
      periods: this.periodsAt(now.getTime()),
      callTtlMs: CALL_TTL_MS,
      ipLimit: ip?.limit,
    });
    const keys = this.keys.together.access(ref.accountId, ref.keyId, call.callId);
    this.beforeCheck();
    const reply = ip
      ? await this.redis.csiAccessIp(...keys, this.keys.ipWindow(ip.address), args)
      : await this.redis.csiAccess(...keys, args);
    return JSON.parse(reply) as AccessOutcome;
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

  /** Gives back what call `callId` reserved, once however often it is asked; the credits given back. */
  async refund(accountId: string, callId: string): Promise<number> {
    return Number(await this.redis.csiRefund(...this.keys.together.refund(accountId, callId), CALL_TTL_MS));
  }
}
