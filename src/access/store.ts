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

// Checks the key and the plan, counts the key's request in its one-minute window (a window opens at the first
// request, as rate-limiter-flexible's do), renews the period when due and reserves `cost` credits: one atomic
// step on one slot. A call over its limit reserves nothing, so a 429 never needs a refund.
const ACCESS_LUA = `
local account, record, rate = KEYS[1], KEYS[2], KEYS[3]
local cost = tonumber(ARGV[1])
local k = redis.call('HMGET', record, 'revokedAt', 'lastUsedAt', 'digest')
if not k[3] or k[1] then return {'unauthorized'} end
local a = redis.call('HMGET', account, 'plan', 'unlimited', 'allowance', 'balance', 'period', 'periodId')
if not a[1] then return {'unauthorized'} end
if not k[2] or tonumber(k[2]) < tonumber(ARGV[3]) then redis.call('HSET', record, 'lastUsedAt', ARGV[2]) end
local limit = tonumber(string.match(ARGV[4], ' ' .. a[1] .. ':(%d+) '))
if not limit then return {'forbidden', a[1]} end
local used = redis.call('INCR', rate)
if used == 1 then redis.call('PEXPIRE', rate, 60000) end
local window = {tostring(used), tostring(limit), tostring(redis.call('PTTL', rate))}
if used > limit then return {'rate_limited', a[1], window[1], window[2], window[3]} end
local offsets = { month = 5, week = 7, day = 9 }
local o = offsets[a[5]] or 5
local periodId, renewsAt = ARGV[o], ARGV[o + 1]
local balance = tonumber(a[4])
if a[6] ~= periodId then
  balance = tonumber(a[3])
  redis.call('HSET', account, 'balance', balance, 'periodId', periodId)
end
local status, charged = 'ok', 0
if a[2] == '1' then
  balance = ''
elseif cost > 0 then
  if balance < cost then
    status = 'out_of_credits'
  else
    balance = redis.call('HINCRBY', account, 'balance', -cost)
    charged = cost
  end
end
if a[2] == '1' then renewsAt = '' end
return {status, a[1], window[1], window[2], window[3], a[2], tostring(balance), a[3], renewsAt, tostring(charged), periodId}
`;

// Gives a reservation back, unless the period has rolled over since (the new period's allowance is already whole).
const REFUND_LUA = `
if redis.call('HGET', KEYS[1], 'periodId') == ARGV[2] then
  return redis.call('HINCRBY', KEYS[1], 'balance', ARGV[1])
end
return false
`;

// Adds (or, with ARGV[3] = 'set', sets) credits in the current period, rolling it over first when it is stale.
const CREDIT_LUA = `
local a = redis.call('HMGET', KEYS[1], 'allowance', 'periodId')
if not a[1] then return false end
if a[2] ~= ARGV[2] then redis.call('HSET', KEYS[1], 'balance', a[1], 'periodId', ARGV[2]) end
if ARGV[3] == 'set' then redis.call('HSET', KEYS[1], 'balance', ARGV[1]) return tonumber(ARGV[1]) end
return redis.call('HINCRBY', KEYS[1], 'balance', ARGV[1])
`;

type AccessReply = string[];

declare module 'ioredis' {
  interface RedisCommander<Context> {
    csiAccess(
      account: string,
      record: string,
      rate: string,
      ...args: (string | number)[]
    ): Result<AccessReply, Context>;
    csiRefund(account: string, cost: number, periodId: string): Result<number | null, Context>;
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
    redis.defineCommand('csiAccess', { numberOfKeys: 3, lua: ACCESS_LUA });
    redis.defineCommand('csiRefund', { numberOfKeys: 1, lua: REFUND_LUA });
    redis.defineCommand('csiCredit', { numberOfKeys: 1, lua: CREDIT_LUA });
  }

  private account = (id: string) => `${this.prefix}{acct:${id}}`;
  private record = (id: string, keyId: string) => `${this.account(id)}:key:${keyId}`;
  private index = (selector: string) => `${this.prefix}key:${selector}`;

  /** The stored reference for a key's digest, or undefined. */
  async lookup(digest: string): Promise<KeyRef | undefined> {
    const value = await this.redis.get(this.index(digest.slice(0, 16)));
    const [accountId, keyId, stored] = value?.split(' ') ?? [];
    return accountId && keyId && stored ? { accountId, keyId, digest: stored } : undefined;
  }

  /**
   * Checks key and plan, counts the key's window, renews the period when due and reserves `cost` credits,
   * atomically. `limits` maps each plan with API access to its requests per minute.
   */
  async access(ref: KeyRef, cost: number, limits: Record<string, number>, now: Date): Promise<AccessOutcome> {
    const windows = PERIODS.flatMap((p) => {
      const w = currentPeriod(p, now);
      return [w.id, w.renewsAt.toISOString()];
    });
    const plans = Object.entries(limits).map(([plan, perMinute]) => `${plan}:${perMinute}`);
    const reply = await this.redis.csiAccess(
      this.account(ref.accountId),
      this.record(ref.accountId, ref.keyId),
      `${this.record(ref.accountId, ref.keyId)}:rate`,
      cost,
      now.getTime(),
      now.getTime() - LAST_USED_EVERY_MS,
      ` ${plans.join(' ')} `,
      ...windows,
    );
    const [status, plan = '', used, limit, resetMs, unlimited, balance, allowance, renewsAt, charged, periodId = ''] =
      reply;
    if (status === 'unauthorized') return { status };
    if (status === 'forbidden') return { status, plan };
    const window = { used: Number(used), limit: Number(limit), resetMs: Number(resetMs) };
    if (status === 'rate_limited') return { status, plan, window };
    return {
      status: status === 'ok' ? 'ok' : 'out_of_credits',
      plan: plan as PlanName,
      window,
      unlimited: unlimited === '1',
      balance: unlimited === '1' ? null : Number(balance),
      allowance: Number(allowance),
      renewsAt: renewsAt || null,
      charged: Number(charged),
      periodId,
    };
  }

  /** Returns a reservation; the caller makes sure it happens at most once. */
  async refund(accountId: string, cost: number, periodId: string): Promise<void> {
    await this.redis.csiRefund(this.account(accountId), cost, periodId);
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

  /** Revoked keys fail on their very next request: the index entry goes and the record is marked. */
  async revokeKey(accountId: string, keyId: string): Promise<boolean> {
    const selector = await this.redis.hget(this.record(accountId, keyId), 'selector');
    if (!selector) return false;
    await this.redis.del(this.index(selector));
    await this.redis.hset(this.record(accountId, keyId), 'revokedAt', new Date().toISOString());
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
