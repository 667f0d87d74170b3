import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { slowOpenSearch } from '../../bench/slow-opensearch.ts';
import { Accounts } from '../../src/access/accounts.ts';
import { writeHolder } from '../../src/access/metered-call.ts';
import { AccessStore } from '../../src/access/store.ts';
import { getWithKey, meteredTestApp, type TestApp } from '../support/app.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, sponsor } from '../support/dataset.ts';
import { ownRedis, REDIS_SERVER } from '../support/own-redis.ts';

// Metering under faults: whatever Redis does (stalls past the command timeout, drops a connection between a
// command and its reply, sees a script twice), a billable call is charged if and only if its 2xx was sent, so
// balance before − calls served = balance after. Every drill ends on that equation.
let data: Awaited<ReturnType<typeof loadRecords>>;
const apps: TestApp[] = [];
let clock = new Date('2026-11-30T23:59:00.000Z');
/** A connection of the test's own, for CLIENT PAUSE and CLIENT KILL: the app's is the one under test. */
let admin: Redis;
/**
 * Pausing Redis would stall every file running beside this one: the apps here use a Redis of their own, where
 * redis-server is at hand (support/own-redis.ts), else the shared one.
 */
let own: Awaited<ReturnType<typeof ownRedis>> | undefined;
let redisUrl: string;

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const created = await meteredTestApp(data.prefix, () => clock, { REDIS_URL: redisUrl, ...env });
  apps.push(created);
  return created;
}
const get = getWithKey;
// Read on the test's own connection: the app's gives up after 1 s, and Redis may still be paused.
const balance = async (t: TestApp, accountId: string) =>
  Number(await admin.hget(`${t.config.redisKeyPrefix}{acct:${accountId}}`, 'balance'));
/** The request path's store on the app's Redis, and a new key's reference, to run the scripts directly. */
async function scriptsOf(t: TestApp, allowance: number) {
  const { accountId, keyId } = await t.key({ unlimited: false, allowance });
  const digest = String(
    await t.clients.redis.hget(`${t.config.redisKeyPrefix}{acct:${accountId}}:key:${keyId}`, 'digest'),
  );
  // The store as the app builds it: its checks' writes held to the end of the turn (metered-call.ts).
  const store = new AccessStore(t.clients.redis, t.config.redisKeyPrefix, {
    reservationMs: t.config.reservationMs,
    beforeCheck: writeHolder(t.clients.redis),
  });
  return { store, ref: { accountId, keyId, digest } };
}
/** Counts the writes a socket hands to the kernel from now on (one per `_write` or `_writev`). */
function socketWrites(socket: { _write: unknown; _writev?: unknown }): () => number {
  let count = 0;
  const target = socket as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  for (const name of ['_write', '_writev'] as const) {
    const original = target[name];
    target[name] = function (this: unknown, ...args: unknown[]) {
      count += 1;
      return original.apply(this, args);
    };
  }
  return () => count;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The balance once it has settled: scripts that waited out a fault run, and refunds that missed Redis are retried
 * (every second), so it is read until it has not moved for two seconds (at most ten).
 */
async function settled(t: TestApp, accountId: string): Promise<number> {
  let last = await balance(t, accountId);
  for (let still = 0, waited = 0; still < 2000 && waited < 10_000; waited += 250) {
    await sleep(250);
    const now = await balance(t, accountId);
    still = now === last ? still + 250 : 0;
    last = now;
  }
  return last;
}

beforeAll(async () => {
  data = await loadRecords(
    'metering',
    [sponsor(1, 'Keyforge Labs')],
    Array.from({ length: 10 }, (_, i) => creator(i + 1)),
  );
  own = REDIS_SERVER ? await ownRedis('metering-faults') : undefined;
  redisUrl = own?.url ?? inject('redisUrl');
  admin = new Redis(redisUrl);
}, 60_000);
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await admin?.quit();
  await own?.remove();
  await data?.drop();
});

describe('metering under faults', () => {
  it('charges nothing for calls answered 503 while Redis stalls past the command timeout', async () => {
    const t = await app();
    const { key, accountId } = await t.key({ unlimited: false, allowance: 20 });
    // A granted call first, so the next ones take the fast path too (the script goes out with the IP count).
    expect((await get(t, '/api/v1/creators/creator1', key)).statusCode).toBe(200);
    const before = await balance(t, accountId);

    await admin.call('CLIENT', 'PAUSE', '2500', 'ALL');
    const statuses = (await Promise.all(Array.from({ length: 5 }, () => get(t, '/api/v1/creators/creator2', key)))).map(
      (r) => r.statusCode,
    );
    const served = statuses.filter((s) => s === 200).length;
    expect(statuses.every((s) => s === 503 || s === 200)).toBe(true);
    expect(served).toBe(0);
    // The scripts run when Redis resumes; their refunds, sent at the timeout, run after them.
    expect(await settled(t, accountId)).toBe(before - served);
  });

  it('charges exactly once when the connection is killed between a script and its reply', async () => {
    const t = await app();
    const { key, accountId } = await t.key({ unlimited: false, allowance: 20 });
    expect((await get(t, '/api/v1/creators/creator1', key)).statusCode).toBe(200);
    const before = await balance(t, accountId);
    const connection = String(await t.clients.redis.client('ID'));

    // Writes wait (scripts may write), so the calls' scripts sit unanswered on the connection when it is killed;
    // ioredis reconnects and sends them again, and the ones that waited too long answer 503.
    await admin.call('CLIENT', 'PAUSE', '700', 'WRITE');
    const calls = Promise.all(Array.from({ length: 6 }, () => get(t, '/api/v1/creators/creator3', key)));
    await sleep(150);
    expect(await admin.call('CLIENT', 'KILL', 'ID', connection)).toBe(1);
    const statuses = (await calls).map((r) => r.statusCode);
    expect(statuses.every((s) => s === 503 || s === 200)).toBe(true);
    const served = statuses.filter((s) => s === 200).length;
    expect(await settled(t, accountId)).toBe(before - served);
  });

  it('charges a script sent twice once, refunds once however often asked, and never charges a call given up', async () => {
    const t = await app();
    const { store, ref } = await scriptsOf(t, 10);
    const { accountId } = ref;
    const limits = { limits: { user: 1000, free_trial: 1000 }, pageSizes: {} };
    const access = (callId: string) =>
      store.access(ref, { cost: 1, callId, operation: 'searchCreators' }, limits, clock);

    // The same script twice (ioredis re-sends unanswered commands after a reconnect): one charge, same answer.
    expect(await access('a')).toMatchObject({ status: 'ok', charged: 1, balance: 9 });
    expect(await access('a')).toMatchObject({ status: 'ok', charged: 1, balance: 9 });
    expect(await balance(t, accountId)).toBe(9);
    // Its refund, twice: given back once.
    expect(await store.refund(accountId, 'a')).toBe(1);
    expect(await store.refund(accountId, 'a')).toBe(0);
    expect(await balance(t, accountId)).toBe(10);
    // A refund that arrives before its reservation (a script that waited out a stall): the call is never charged.
    expect(await store.refund(accountId, 'b')).toBe(-1);
    expect(await access('b')).toEqual({ status: 'cancelled' });
    expect(await balance(t, accountId)).toBe(10);
  });

  it('never refuses a script sent again for the address count it raised itself; a new call over the limit touches nothing', async () => {
    const t = await app();
    const { store, ref } = await scriptsOf(t, 10);
    const { accountId, keyId } = ref;
    const ip = { address: `10.7.${accountId}.1`, limit: 1 };
    const access = (callId: string) =>
      store.access(
        ref,
        { cost: 1, callId, operation: 'searchCreators' },
        { limits: { user: 1000 }, pageSizes: {} },
        clock,
        ip,
      );

    expect(await access('a')).toMatchObject({ status: 'ok', charged: 1, balance: 9, ip: { used: 1 } });
    // ioredis re-sends it after a reconnect: the address is over its limit now, but the call was admitted before.
    expect(await access('a')).toMatchObject({ status: 'ok', charged: 1, balance: 9, ip: { used: 2 } });
    expect(await access('b')).toMatchObject({ status: 'ip_limited', ip: { used: 3 } });
    expect(await balance(t, accountId)).toBe(9);
    expect(await t.clients.redis.get(`${t.config.redisKeyPrefix}{acct:${accountId}}:key:${keyId}:rate`)).toBe('1');
  });

  it('sends the checks of one turn of the event loop in one write, and sends them again, charged once, when the connection drops while they are held', async () => {
    const t = await app();
    const { store, ref } = await scriptsOf(t, 100);
    const access = (callId: string) =>
      store.access(
        ref,
        { cost: 1, callId, operation: 'searchCreators' },
        { limits: { user: 1000 }, pageSizes: {} },
        clock,
      );
    const redis = t.clients.redis as Redis;
    const writes = socketWrites(redis.stream);

    const together = await Promise.all(Array.from({ length: 10 }, (_, i) => access(`together${i}`)));
    expect(together.map((r) => r.status)).toEqual(Array(10).fill('ok'));
    expect(writes()).toBe(1);
    expect(await balance(t, ref.accountId)).toBe(90);

    // The connection drops before the held checks leave: ioredis sends them again once it is back.
    const held = Promise.all(Array.from({ length: 10 }, (_, i) => access(`dropped${i}`)));
    redis.stream.destroy();
    expect((await held).map((r) => r.status)).toEqual(Array(10).fill('ok'));
    expect(await settled(t, ref.accountId)).toBe(80);
  });

  it('moves periods only forward: a process whose clock is behind never refills the allowance again', async () => {
    const clock1Behind = new Date('2026-11-30T23:59:59.000Z');
    const t = await app();
    // Opened in November by the test's clock (not today's), so the only period change is the one below.
    const accounts = new Accounts(t.clients.redis, t.config.redisKeyPrefix);
    const accountId = await accounts.createAccount({ plan: 'user', allowance: 5 }, clock1Behind);
    const { key } = await accounts.createApiKey(accountId, t.config.keyPrefix);
    clock = new Date('2026-12-01T00:00:01.000Z');
    for (let i = 0; i < 3; i++) expect((await get(t, '/api/v1/creators/creator1', key)).statusCode).toBe(200);
    expect(await balance(t, accountId)).toBe(2);
    // Another process, a few seconds behind, still in November: it must not take the account back (and refill it).
    clock = new Date('2026-11-30T23:59:58.000Z');
    expect((await get(t, '/api/v1/creators/creator1', key)).statusCode).toBe(200);
    clock = new Date('2026-12-01T00:00:02.000Z');
    expect((await get(t, '/api/v1/creators/creator1', key)).statusCode).toBe(200);
    expect(await balance(t, accountId)).toBe(0);
    expect((await get(t, '/api/v1/creators/creator1', key)).statusCode).toBe(402);
    // Nor does the admin CLI on a machine whose clock is behind: a top-up adds to this period's balance.
    expect(await accounts.topUp(accountId, 1, clock1Behind)).toBe(1);
  });
});

describe('refused keys and OpenSearch', () => {
  /** Searches OpenSearch has run on the test's creators index (its own search statistics). */
  const searches = async () => {
    const { body } = await data.client.indices.stats({ index: `${data.prefix}creators`, metric: 'search' });
    return Number(body._all.total?.search?.query_total ?? 0);
  };

  it('sends no search for a key whose last call spent its last credit', async () => {
    const t = await app();
    const { key } = await t.key({ unlimited: false, allowance: 2 });
    for (let i = 0; i < 2; i++) expect((await get(t, '/api/v1/creators?query=creator', key)).statusCode).toBe(200);
    const before = await searches();
    const statuses = await Promise.all(Array.from({ length: 40 }, () => get(t, '/api/v1/creators?query=x', key)));
    expect(statuses.every((r) => r.statusCode === 402)).toBe(true);
    expect(await searches()).toBe(before);
  });

  it('sends no search for a key revoked, emptied or downgraded since its last call (the change is announced)', async () => {
    const t = await app();
    const accounts = new Accounts(t.clients.redis, t.config.redisKeyPrefix);
    const burst = (key: string) =>
      Promise.all(Array.from({ length: 40 }, () => get(t, '/api/v1/creators?query=x', key)));
    const changes: [number, (accountId: string, keyId: string) => Promise<unknown>][] = [
      [401, (accountId, keyId) => accounts.revokeKey(accountId, keyId)],
      [402, (accountId) => accounts.setBalance(accountId, 0, clock)],
      [403, (accountId) => accounts.setPlan(accountId, 'free', 100)],
    ];
    for (const [status, change] of changes) {
      const { key, accountId, keyId } = await t.key({ unlimited: false, allowance: 1000 });
      expect((await get(t, '/api/v1/creators?query=creator', key)).statusCode).toBe(200);
      await change(accountId, keyId);
      await sleep(100); // the notice's delivery: a message on a local connection
      const before = await searches();
      const refused = await burst(key);
      expect(refused.map((r) => r.statusCode)).toEqual(refused.map(() => status));
      expect(await searches()).toBe(before);
    }
  });

  it('sends no search, and reserves nothing, for a known key from an address at its per-IP limit', async () => {
    const t = await app({ IP_RATE_PER_MIN: '3' });
    const { key, accountId } = await t.key({ unlimited: false, allowance: 1000 });
    for (let i = 0; i < 3; i++) expect((await get(t, '/api/v1/creators?query=creator', key)).statusCode).toBe(200);
    const before = await searches();
    const limited = await Promise.all(Array.from({ length: 40 }, () => get(t, '/api/v1/creators?query=x', key)));
    expect(limited.every((r) => r.statusCode === 429)).toBe(true);
    expect(await searches()).toBe(before);
    // Each reservation leaves a call record (a refund marks it, and it stays until it expires): the 3 granted ones.
    const calls = await admin.keys(`${t.config.redisKeyPrefix}{acct:${accountId}}:call:*`);
    expect(calls).toHaveLength(3);
    expect(await balance(t, accountId)).toBe(997);
  });

  it('with ACCESS_AHEAD=false, sends no search before its check even for a key granted before with credits left', async () => {
    const t = await app({ ACCESS_AHEAD: 'false' });
    const { key, accountId, keyId } = await t.key({ unlimited: false, allowance: 1000 });
    expect((await get(t, '/api/v1/creators?query=creator', key)).statusCode).toBe(200);
    await new Accounts(t.clients.redis, t.config.redisKeyPrefix).revokeKey(accountId, keyId);
    const before = await searches();
    const burst = await Promise.all(Array.from({ length: 40 }, () => get(t, '/api/v1/creators?query=x', key)));
    expect(burst.every((r) => r.statusCode === 401)).toBe(true);
    expect(await searches()).toBe(before);
  });
});

describe('a busy OpenSearch', () => {
  it('answers 503 at once past OPENSEARCH_MAX_PENDING searches, and charges only the calls served', async () => {
    const slow = await slowOpenSearch(inject('opensearchUrl'), 1500);
    try {
      const t = await app({ OPENSEARCH_URL: slow.url, OPENSEARCH_MAX_PENDING: '2', OPENSEARCH_TIMEOUT_MS: '5000' });
      const { key, accountId } = await t.key({ unlimited: false, allowance: 10 });
      const started = Date.now();
      const answers = Array.from({ length: 6 }, () =>
        get(t, '/api/v1/creators/creator1', key).then((r) => ({ status: r.statusCode, ms: Date.now() - started })),
      );
      const done = await Promise.all(answers);
      expect(done.filter((a) => a.status === 200)).toHaveLength(2);
      const busy = done.filter((a) => a.status === 503);
      expect(busy).toHaveLength(4);
      expect(Math.max(...busy.map((a) => a.ms))).toBeLessThan(1000);
      expect(await settled(t, accountId)).toBe(10 - 2);
    } finally {
      slow.close();
    }
  });
});
