// The quick start's demo account (plan `user`) and a fresh key for it. Keys cannot be shown twice, so each
// `npm run up` revokes the previous quick-start key and prints a new one.
import { Accounts } from '../src/access/accounts.ts';
import { createRedis } from '../src/clients.ts';
import type { Config } from '../src/config.ts';
import type { RedisConnection } from '../src/redis.ts';

const KEY_NAME = 'quick start';

export async function demoKey(
  connection: RedisConnection,
  config: Config,
): Promise<{ accountId: string; key: string }> {
  const redis = createRedis(connection, { maxRetriesPerRequest: 1, connectTimeout: 3000 });
  try {
    const store = new Accounts(redis, config.redisKeyPrefix);
    const pointer = `${config.redisKeyPrefix}demo:account`;
    let accountId = await redis.get(pointer);
    if (!accountId || !(await store.getAccount(accountId))) {
      accountId = await store.createAccount({ plan: 'user', allowance: config.plans.user.allowance });
      await redis.set(pointer, accountId);
    }
    for (const old of await store.listKeys(accountId)) {
      if (old.name === KEY_NAME && !old.revokedAt) await store.revokeKey(accountId, old.keyId);
    }
    const { key } = await store.createApiKey(accountId, config.keyPrefix, KEY_NAME);
    return { accountId, key };
  } finally {
    redis.disconnect();
  }
}
