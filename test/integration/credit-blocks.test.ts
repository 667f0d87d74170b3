import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../../src/access/accounts.ts';
import { closeClients } from '../../src/clients.ts';
import { getWithKey, meteredTestApp, type TestApp } from '../support/app.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, sponsor } from '../support/dataset.ts';

// Blocks of credits (src/access/blocks.ts) on the real app and Redis: a key calling fast is served from credits
// reserved several at a time, and still every call it was answered is charged once and nothing else.
let data: Awaited<ReturnType<typeof loadRecords>>;
const apps: TestApp[] = [];
const clock = () => new Date();

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const created = await meteredTestApp(data.prefix, clock, env);
  apps.push(created);
  return created;
}

beforeAll(async () => {
  data = await loadRecords(
    'blocks',
    [sponsor(1, 'Keyforge Labs')],
    Array.from({ length: 40 }, (_, i) => creator(i + 1)),
  );
}, 60_000);
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await data?.drop();
});

/** `urls` called by `concurrency` clients at once, each taking the next; the statuses in order. */
async function burst(t: TestApp, key: string, urls: string[], concurrency = 16): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < urls.length) {
      const i = next++;
      statuses[i] = (await getWithKey(t, urls[i] as string, key)).statusCode;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return statuses;
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
const lookups = (n: number) => Array.from({ length: n }, (_, i) => `/api/v1/creators/creator${(i % 40) + 1}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every key matching `pattern`. */
async function keysOf(t: TestApp, pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [at, keys] = await t.clients.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    found.push(...keys);
    cursor = at;
  } while (cursor !== '0');
  return found;
}

/** What Redis holds of an account: its balance, the key's spending and window, reservations made, still pending. */
async function stored(t: TestApp, accountId: string, keyId: string) {
  const account = `${t.config.redisKeyPrefix}{acct:${accountId}}`;
  const redis = t.clients.redis;
  const [usage] = await keysOf(t, `${account}:usage:*`);
  return {
    balance: Number(await redis.hget(account, 'balance')),
    spent: Number(await redis.hget(usage as string, `k ${keyId}`)),
    window: Number(await redis.get(`${account}:key:${keyId}:rate`)),
    reservations: (await keysOf(t, `${account}:call:*`)).length,
    pending: await redis.zcard(`${account}:pending`),
  };
}

describe('blocks of credits', () => {
  it('serve a fast key with fewer checks than calls, charging each answered call once and nothing else', async () => {
    const urls = lookups(600).map((url, i) => (i % 10 === 9 ? '/api/v1/creators/nobody' : url));
    const results: Record<string, Awaited<ReturnType<typeof stored>>> = {};
    for (const blocks of ['true', 'false']) {
      const t = await app({ ACCESS_BLOCKS: blocks });
      const { key, keyId, accountId } = await t.key({ unlimited: false, allowance: 10_000 });
      const statuses = await burst(t, key, urls);
      expect([count(statuses, 200), count(statuses, 404)]).toEqual([540, 60]);
      await sleep(300); // blocks end 50 ms after they were taken, and their refunds follow
      results[blocks] = await stored(t, accountId, keyId);
    }
    for (const result of Object.values(results)) {
      // Every 404 given back, every unused credit of a block too, and every call made counted in the key's window.
      expect(result).toMatchObject({ balance: 10_000 - 540, spent: 540, window: 600, pending: 0 });
    }
    expect(results.false?.reservations).toBe(600);
    // How many checks blocks save depends on the pace the machine allows (80 of 600 here alone, 249 under a full
    // test run): a block per 16 clients' first burst always, most calls on a machine not loaded by anything else.
    expect(results.true?.reservations).toBeLessThan(500);
  });

  it('leave other calls as much as they hold: a balance of 100 serves exactly 100 of 300 fast calls', async () => {
    const t = await app();
    const { key, keyId, accountId } = await t.key({ unlimited: false, allowance: 100 });
    const statuses = await burst(t, key, lookups(300));
    expect([count(statuses, 200), count(statuses, 402)]).toEqual([100, 200]);
    await sleep(300);
    expect(await stored(t, accountId, keyId)).toMatchObject({ balance: 0, spent: 100, pending: 0 });
  });

  it('are settled when the app closes: what they did not spend is back at once, nothing left to settlement', async () => {
    const t = await meteredTestApp(data.prefix, clock);
    const { key, keyId, accountId } = await t.key({ unlimited: false, allowance: 10_000 });
    const statuses = await burst(t, key, lookups(200));
    await t.app.close();
    const after = await stored(t, accountId, keyId);
    await closeClients(t.clients);
    expect(count(statuses, 200)).toBe(200);
    expect(after).toMatchObject({ balance: 10_000 - 200, spent: 200, window: 200, pending: 0 });
    expect(after.reservations).toBeLessThan(150);
  });

  it('end when the key is revoked: no call started 100 ms after the revocation is served', async () => {
    const t = await app();
    const { key, keyId, accountId } = await t.key({ unlimited: false, allowance: 10_000 });
    let [revoking, revokedAt] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    const waves: { at: number; done: number; statuses: number[] }[] = [];
    const load = (async () => {
      while (Date.now() < revokedAt + 300) {
        const at = Date.now();
        const statuses = await burst(t, key, lookups(16));
        waves.push({ at, done: Date.now(), statuses });
      }
    })();
    // At least one whole wave before the revocation, however long a wave takes on a loaded machine.
    await sleep(200);
    while (!waves.length) await sleep(10);
    revoking = Date.now();
    await new Accounts(t.clients.redis, t.config.redisKeyPrefix).revokeKey(accountId, keyId);
    revokedAt = Date.now();
    await load;
    const statusesOf = (selected: typeof waves) => selected.flatMap((wave) => wave.statuses);
    // Waves over before the revocation were served; those that began well after it (the notice's way, and a block's
    // 50 ms at most, past) were all refused.
    const before = statusesOf(waves.filter((wave) => wave.done < revoking));
    const after = statusesOf(waves.filter((wave) => wave.at > revokedAt + 100));
    expect(before.length).toBeGreaterThan(0);
    expect(count(before, 200)).toBe(before.length);
    expect(after.length).toBeGreaterThan(0);
    expect(count(after, 401)).toBe(after.length);
  });
});
