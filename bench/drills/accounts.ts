// The drills' accounts and API keys, made straight in Redis as `npm run admin` makes them: the one place the drills
// use src/access, so a drill reads as calls and balances, not key layouts.
import type { Redis } from 'ioredis';
import { Accounts } from '../../src/access/accounts.ts';
import { redisKeys } from '../../src/access/store.ts';

export interface Account {
  accountId: string;
  keyId: string;
  key: string;
}

/** Accounts under the Redis key prefix `prefix`, with API keys that start with `keyPrefix` (KEY_PREFIX). */
export function accountsIn(redis: Redis, prefix: string, keyPrefix: string) {
  const store = new Accounts(redis, prefix);
  const keys = redisKeys(prefix);
  return {
    async open(allowance: number): Promise<Account> {
      const accountId = await store.createAccount({ plan: 'user', allowance });
      return { accountId, ...(await store.createApiKey(accountId, keyPrefix, 'drill')) };
    },
    /** Another key of the same account. */
    secondKey: async (a: Account): Promise<Account> => ({
      accountId: a.accountId,
      ...(await store.createApiKey(a.accountId, keyPrefix, 'drill-second')),
    }),
    cap: (a: Account, credits: number) => store.setKeyCap(a.accountId, a.keyId, credits),
    /** What the key spent this period, from the usage counters GET /usage reads. */
    spent: async (a: Account) =>
      (await store.usage(a.accountId)).keys.find((k) => k.keyId === a.keyId)?.spent ?? Number.NaN,
    revoke: (a: Account) => store.revokeKey(a.accountId, a.keyId),
    balance: async (a: Account) => Number((await store.getAccount(a.accountId))?.balance),
    /** Reservations the account's checks made (each call's, or each block's), as long as their records live. */
    reservations: async (a: Account) => {
      let count = 0;
      for await (const found of redis.scanStream({ match: `${keys.account(a.accountId)}:call:*`, count: 1000 })) {
        count += (found as string[]).length;
      }
      return count;
    },
    /** The Redis key of the account's hash, where its balance moves. */
    hash: (a: Account) => keys.account(a.accountId),
  };
}
export type DrillAccounts = ReturnType<typeof accountsIn>;
