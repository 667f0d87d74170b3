// Administration of accounts, API keys and credits (scripts/admin.ts, scripts/demo-key.ts, the tests): creating
// and changing what the per-request path (store.ts, where the layout of the Redis keys is described) reads.
import { randomBytes } from 'node:crypto';
import type { Result } from 'ioredis';
import type { RedisClient } from '../clients.ts';
import type { PlanName } from '../config.ts';
import { createKey, digestOf } from './keys.ts';
import { announceChange } from './notices.ts';
import { currentPeriod, type Period } from './periods.ts';
import { type Settled, settleDue } from './settle.ts';
import { AccessStore, redisKeys, selectorOf } from './store.ts';
import { byCreation, readUsage } from './usage.ts';

// Adds (or, with ARGV[3] = 'set', sets) credits in the current period, rolling it over first when it is older (only
// forward, as in the access script: an admin clock a little behind never takes the account back a period).
const CREDIT_LUA = `
local a = redis.call('HMGET', KEYS[1], 'allowance', 'periodId')
if not a[1] then return false end
if not a[2] or a[2] < ARGV[2] then redis.call('HSET', KEYS[1], 'balance', a[1], 'periodId', ARGV[2]) end
if ARGV[3] == 'set' then redis.call('HSET', KEYS[1], 'balance', ARGV[1]) return tonumber(ARGV[1]) end
return redis.call('HINCRBY', KEYS[1], 'balance', ARGV[1])
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    csiCredit(account: string, credits: number, periodId: string, mode: 'add' | 'set'): Result<number | null, Context>;
  }
}

export interface AccountInput {
  plan: PlanName;
  allowance: number;
  unlimited?: boolean;
  period?: Period;
}

/**
 * Accounts, their keys, plans and credits, as an operator changes them; requests never call this. A change that
 * can refuse calls (revocation, plan, credits) is announced to the API processes (notices.ts).
 */
export class Accounts {
  private readonly keys: ReturnType<typeof redisKeys>;

  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {
    this.keys = redisKeys(prefix);
    redis.defineCommand('csiCredit', { numberOfKeys: 1, lua: CREDIT_LUA });
  }

  /** `now` opens the account's first period (tests with a clock of their own set it). */
  async createAccount(
    { plan, allowance, unlimited = false, period = 'month' }: AccountInput,
    now = new Date(),
  ): Promise<string> {
    const id = String(await this.redis.incr(this.keys.accountSeq));
    await this.redis.hset(this.keys.account(id), {
      plan,
      unlimited: unlimited ? '1' : '0',
      allowance,
      balance: allowance,
      period,
      periodId: currentPeriod(period, now).id,
      createdAt: now.toISOString(),
    });
    return id;
  }

  async getAccount(id: string): Promise<Record<string, string> | undefined> {
    const account = await this.redis.hgetall(this.keys.account(id));
    return Object.keys(account).length ? account : undefined;
  }

  /** Creates a key and returns it: the only time it is ever visible. */
  async createApiKey(accountId: string, keyPrefix: string, name = ''): Promise<{ key: string; keyId: string }> {
    if (!(await this.getAccount(accountId))) throw new Error(`no account ${accountId}`);
    const key = createKey(keyPrefix);
    const digest = digestOf(key);
    const keyId = randomBytes(6).toString('hex');
    const selector = selectorOf(digest);
    const [record, keyIds] = this.keys.together.newKey(accountId, keyId);
    await this.redis
      .multi()
      .hset(record, { selector, digest, name, createdAt: new Date().toISOString() })
      .sadd(keyIds, keyId)
      .exec();
    await this.redis.set(this.keys.index(selector), `${accountId} ${keyId} ${digest}`);
    return { key, keyId };
  }

  async listKeys(accountId: string) {
    const ids = await this.redis.smembers(this.keys.keyIds(accountId));
    const keys = await Promise.all(
      ids.map(async (keyId) => {
        const r = await this.redis.hgetall(this.keys.record(accountId, keyId));
        const lastUsed = r.lastUsedAt ? new Date(Number(r.lastUsedAt)).toISOString() : null;
        return {
          keyId,
          name: r.name || null,
          createdAt: r.createdAt,
          lastUsedAt: lastUsed,
          revokedAt: r.revokedAt ?? null,
          cap: r.cap ? Number(r.cap) : null,
        };
      }),
    );
    return keys.sort(byCreation);
  }

  /**
   * Revoked keys fail on their very next request: the record is marked first (every process checks it, also for
   * keys it has cached), then the index entry goes, so a failure in between leaves the key revoked, not valid.
   */
  async revokeKey(accountId: string, keyId: string): Promise<boolean> {
    const selector = await this.redis.hget(this.keys.record(accountId, keyId), 'selector');
    if (!selector) return false;
    await this.redis.hset(this.keys.record(accountId, keyId), 'revokedAt', new Date().toISOString());
    await this.redis.del(this.keys.index(selector));
    await announceChange(this.redis, this.prefix, accountId);
    return true;
  }

  /**
   * Caps what a key may spend per period (null: no cap). The credit script checks it beside the balance, against
   * what the key has spent this period already, so a cap set mid-period counts what was spent before it.
   */
  async setKeyCap(accountId: string, keyId: string, cap: number | null): Promise<boolean> {
    const record = this.keys.record(accountId, keyId);
    if (!(await this.redis.hget(record, 'selector'))) return false;
    if (cap === null) await this.redis.hdel(record, 'cap');
    else await this.redis.hset(record, 'cap', cap);
    await announceChange(this.redis, this.prefix, accountId);
    return true;
  }

  /** What the account spent this period, by key, endpoint and day: what GET /usage answers its keys. */
  async usage(accountId: string, now = new Date()) {
    const account = await this.getAccount(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    const { id, renewsAt } = currentPeriod((account.period as Period) ?? 'month', now);
    const { periodId: period, ...rest } = await readUsage(this.redis, this.prefix, accountId, id);
    return { period, renewsAt: account.unlimited === '1' ? null : renewsAt.toISOString(), ...rest };
  }

  async setPlan(accountId: string, plan: PlanName, allowance: number): Promise<void> {
    await this.mustExist(accountId);
    await this.redis.hset(this.keys.account(accountId), { plan, allowance });
    await announceChange(this.redis, this.prefix, accountId);
  }

  async setUnlimited(accountId: string, unlimited: boolean): Promise<void> {
    await this.mustExist(accountId);
    await this.redis.hset(this.keys.account(accountId), 'unlimited', unlimited ? '1' : '0');
    await announceChange(this.redis, this.prefix, accountId);
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
    const balance = Number(await this.redis.csiCredit(...this.keys.together.credit(accountId), credits, period, mode));
    await announceChange(this.redis, this.prefix, accountId);
    return balance;
  }

  private async mustExist(accountId: string): Promise<void> {
    if (!(await this.getAccount(accountId))) throw new Error(`no account ${accountId}`);
  }

  /** Refunds every reservation past its deadline now, as each API process does every SETTLE_EVERY_MS. */
  settle(): Promise<Settled> {
    return settleDue(new AccessStore(this.redis, this.prefix, { reservationMs: 0 }));
  }
}
