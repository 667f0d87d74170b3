import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleRedis } from '../../src/redis.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, sponsor } from '../support/dataset.ts';

// Keys, plans and the statuses of §7 for every endpoint, on the real app, Redis and OpenSearch.
let data: Awaited<ReturnType<typeof loadRecords>>;
const apps: TestApp[] = [];

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const created = await createTestApp({ INDEX_PREFIX: data.prefix, LOG_LEVEL: 'info', ...env });
  apps.push(created);
  return created;
}
const call = (t: TestApp, url: string, key?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...(key === undefined ? {} : { authorization: `Bearer ${key}` }), ...headers } });
const balanceOf = async (t: TestApp, key: string) => (await call(t, '/api/v1/credits', key)).json().balance as number;

const ENDPOINTS = [
  { op: 'searchCreators', url: '/api/v1/creators?query=creator', cost: 1, invalid: '/api/v1/creators?query=%20' },
  { op: 'getCreator', url: '/api/v1/creators/creator1', cost: 1, missing: '/api/v1/creators/nobody' },
  {
    op: 'getCreatorAudience',
    url: '/api/v1/creators/creator1/audience',
    cost: 1,
    missing: '/api/v1/creators/x/audience',
  },
  {
    op: 'findSimilarCreators',
    url: '/api/v1/creators/creator1/similar',
    cost: 1,
    missing: '/api/v1/creators/nobody/similar',
    invalid: '/api/v1/creators/creator1/similar?page=0',
  },
  {
    op: 'getCreatorSponsorships',
    url: '/api/v1/creators/creator1/sponsorships',
    cost: 1,
    missing: '/api/v1/creators/nobody/sponsorships',
    invalid: '/api/v1/creators/creator1/sponsorships?min_confidence=2',
  },
  {
    op: 'getCreatorHistory',
    url: '/api/v1/creators/creator1/history',
    cost: 1,
    missing: '/api/v1/creators/nobody/history',
    invalid: '/api/v1/creators/creator1/history?from=2026-02-30',
  },
  { op: 'searchSponsors', url: '/api/v1/sponsors?query=keyforge', cost: 1, invalid: '/api/v1/sponsors' },
  { op: 'getSponsor', url: '/api/v1/sponsors/1', cost: 1, missing: '/api/v1/sponsors/999' },
  { op: 'listNiches', url: '/api/v1/niches', cost: 0 },
  { op: 'getCredits', url: '/api/v1/credits', cost: 0 },
] as { op: string; url: string; cost: number; invalid?: string; missing?: string }[];

beforeAll(async () => {
  const creators = Array.from({ length: 30 }, (_, i) =>
    creator(i + 1, { sponsorships: [{ sponsorId: 1, count: 1, firstDate: '2026-01-01', lastDate: '2026-02-01' }] }),
  );
  data = await loadRecords('access', [sponsor(1, 'Keyforge Labs')], creators);
}, 60_000);
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await data?.drop();
});

describe('the statuses of §7, per endpoint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app({ PLAN_USER_RATE_PER_MIN: '3' });
  });

  it.each(ENDPOINTS)('$op: 200 with a key, charged what §8 says', async ({ url, cost }) => {
    const { key } = await t.key({ unlimited: false, allowance: 10 });
    const response = await call(t, url, key);
    expect(response.statusCode, response.body).toBe(200);
    expect(await balanceOf(t, key)).toBe(10 - cost);
    if (cost) {
      expect(response.headers['x-credits-charged']).toBe('1');
      expect(response.headers['x-credits-remaining']).toBe('9');
    }
  });

  it.each(ENDPOINTS)('$op: 401 without a key, with WWW-Authenticate', async ({ url }) => {
    const response = await call(t, url);
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });

  it.each(ENDPOINTS)('$op: 403 for a plan without API access, free endpoints too', async ({ url }) => {
    const { key } = await t.key({ plan: 'free', unlimited: false, allowance: 10 });
    const response = await call(t, url, key);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
  });

  it.each(ENDPOINTS)('$op: 429 past the per-key limit, with headers, not charged', async ({ url, cost }) => {
    const { key, accountId } = await t.key({ unlimited: false, allowance: 10 });
    for (let i = 0; i < 3; i++) expect((await call(t, url, key)).statusCode).toBe(200);
    const limited = await call(t, url, key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.headers['ratelimit-policy']).toBe('"key";q=3;w=60');
    expect(limited.headers.ratelimit).toMatch(/^"key";r=0;t=\d+$/);
    // The key is limited now, /credits included: read the balance from Redis.
    const stored = await t.clients.redis.hget(`${t.config.redisKeyPrefix}{acct:${accountId}}`, 'balance');
    expect(Number(stored)).toBe(10 - 3 * cost);
  });

  it.each(ENDPOINTS)('$op: 402 when the balance is empty (billable only)', async ({ url, cost }) => {
    const { key } = await t.key({ unlimited: false, allowance: 0 });
    const response = await call(t, url, key);
    if (cost) {
      expect(response.statusCode).toBe(402);
      expect(response.json().error.code).toBe('out_of_credits');
    } else {
      expect(response.statusCode).toBe(200);
    }
  });

  it.each(ENDPOINTS.filter((e) => e.invalid))('$op: 422 before any charge', async ({ invalid }) => {
    const { key } = await t.key({ unlimited: false, allowance: 5 });
    const response = await call(t, String(invalid), key);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('invalid_request');
    expect(await balanceOf(t, key)).toBe(5);
  });

  it.each(ENDPOINTS.filter((e) => e.missing))('$op: 404 is refunded', async ({ missing }) => {
    const { key } = await t.key({ unlimited: false, allowance: 5 });
    const response = await call(t, String(missing), key);
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-credits-charged']).toBe('0');
    expect(response.headers['x-credits-remaining']).toBe('5');
    expect(await balanceOf(t, key)).toBe(5);
  });

  it('422 outranks 402 but not 401: an invalid call with an empty balance is 422, without a key 401', async () => {
    const { key } = await t.key({ unlimited: false, allowance: 0 });
    expect((await call(t, '/api/v1/creators?query=', key)).statusCode).toBe(422);
    expect((await call(t, '/api/v1/creators?query=')).statusCode).toBe(401);
  });
});

describe('keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app();
  });

  it('rejects every malformed, unknown or foreign key with the same 401', async () => {
    const { key } = await t.key();
    const body = key.slice(4);
    const flipped = `${body.slice(0, -1)}${body.endsWith('A') ? 'B' : 'A'}`;
    const headers = [
      undefined,
      `Basic ${Buffer.from(`user:${key}`).toString('base64')}`,
      'Bearer',
      'Bearer ',
      `Bearer xyz_${body}`,
      `Bearer csi_${flipped}`,
      `Bearer ${key}x`,
      `Bearer ${key} trailing`,
      `Bearer ${'x'.repeat(10_240)}`,
      `Bearer ${key.replace(/.$/, '')}`,
    ];
    const bodies = new Set<string>();
    for (const authorization of headers) {
      const response = await t.app.inject({
        url: '/api/v1/niches',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, String(authorization).slice(0, 40)).toBe(401);
      bodies.add(response.body);
    }
    expect(bodies.size).toBe(1);
    expect((await call(t, '/api/v1/niches', key)).statusCode).toBe(200);
  });

  it('rejects a well-formed key that was never issued', async () => {
    const { createKey } = await import('../../src/access/keys.ts');
    const response = await call(t, '/api/v1/niches', createKey('csi'));
    expect(response.statusCode).toBe(401);
  });

  it('stops a revoked key on its very next request, and leaves the account’s other keys working', async () => {
    const { Accounts } = await import('../../src/access/accounts.ts');
    const store = new Accounts(t.clients.redis, t.config.redisKeyPrefix);
    const first = await t.key();
    const second = await store.createApiKey(first.accountId, 'csi', 'second');
    expect((await call(t, '/api/v1/niches', first.key)).statusCode).toBe(200);
    expect(await store.revokeKey(first.accountId, first.keyId)).toBe(true);
    const revoked = await call(t, '/api/v1/niches', first.key);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.body).toBe((await call(t, '/api/v1/niches', 'csi_unknown')).body);
    expect((await call(t, '/api/v1/niches', second.key)).statusCode).toBe(200);
    const listed = await store.listKeys(first.accountId);
    expect(listed.find((k) => k.keyId === first.keyId)?.revokedAt).toEqual(expect.any(String));
    expect(JSON.stringify(listed)).not.toContain(first.key.slice(4));
  });

  it('stores only digests and never logs a key', async () => {
    const { key } = await t.key();
    await call(t, '/api/v1/creators?query=creator', key);
    await call(t, '/api/v1/niches', `${key}junk`);
    const secret = key.slice(4);
    expect(t.logs.length).toBeGreaterThan(0);
    expect(JSON.stringify(t.logs)).not.toContain(secret);
    const stored = await t.clients.redis.keys(`${t.config.redisKeyPrefix}*`);
    for (const name of stored) {
      expect(name).not.toContain(secret);
      const type = await t.clients.redis.type(name);
      const value =
        type === 'hash'
          ? await t.clients.redis.hgetall(name)
          : type === 'string'
            ? await t.clients.redis.get(name)
            : '';
      expect(JSON.stringify(value)).not.toContain(secret);
    }
  });
});

describe('a key whose last call was granted (its search runs alongside the check)', () => {
  let t: TestApp;
  let store: import('../../src/access/accounts.ts').Accounts;
  beforeAll(async () => {
    t = await app();
    const { Accounts } = await import('../../src/access/accounts.ts');
    store = new Accounts(t.clients.redis, t.config.redisKeyPrefix);
  });

  it('answers 401 once revoked, also where the search alone would have been 200 or 404', async () => {
    const { key, keyId, accountId } = await t.key({ unlimited: false, allowance: 10 });
    expect((await call(t, '/api/v1/creators?query=creator', key)).statusCode).toBe(200);
    await store.revokeKey(accountId, keyId);
    const unknown = (await call(t, '/api/v1/niches', 'csi_unknown')).body;
    for (const url of ['/api/v1/creators?query=creator', '/api/v1/creators/nobody', '/api/v1/sponsors/1']) {
      const response = await call(t, url, key);
      expect(response.statusCode, url).toBe(401);
      expect(response.body).toBe(unknown);
      expect(response.headers['x-credits-charged']).toBeUndefined();
    }
    expect((await store.getAccount(accountId))?.balance).toBe('9');
  });

  it('serves the page size of a plan changed since the last call', async () => {
    const { key, accountId } = await t.key({ unlimited: false, allowance: 10 });
    expect((await call(t, '/api/v1/creators?query=creator', key)).json()).toMatchObject({ returned: 25 });
    await store.setPlan(accountId, 'free_trial', 10);
    const trial = await call(t, '/api/v1/creators?query=creator', key);
    expect(trial.json()).toMatchObject({ returned: 10, hasMore: true, nextPage: 2 });
    expect(trial.headers['x-credits-charged']).toBe('1');
  });

  it('answers 402 when the balance ran out, and 403 when the plan lost API access, without charging', async () => {
    const { key, accountId } = await t.key({ unlimited: false, allowance: 1 });
    expect((await call(t, '/api/v1/creators/creator1', key)).statusCode).toBe(200);
    const empty = await call(t, '/api/v1/creators/creator1', key);
    expect(empty.statusCode).toBe(402);
    expect(empty.json().error.code).toBe('out_of_credits');
    await store.setBalance(accountId, 1);
    expect((await call(t, '/api/v1/creators/creator1', key)).statusCode).toBe(200);
    await store.setPlan(accountId, 'free', 0);
    expect((await call(t, '/api/v1/creators/creator1', key)).statusCode).toBe(403);
    expect((await store.getAccount(accountId))?.balance).toBe('0');
  });

  it('refunds a 404 exactly once', async () => {
    const { key, accountId } = await t.key({ unlimited: false, allowance: 5 });
    expect((await call(t, '/api/v1/sponsors/1', key)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await call(t, '/api/v1/sponsors/999', key)).statusCode).toBe(404);
    expect((await store.getAccount(accountId))?.balance).toBe('4');
  });
});

describe('per-IP limit', () => {
  it('limits a client address whatever X-Forwarded-For says, when not behind a proxy', async () => {
    const t = await app({ IP_RATE_PER_MIN: '3' });
    const { key } = await t.key();
    for (let i = 0; i < 3; i++) {
      expect((await call(t, '/api/v1/niches', key, { 'x-forwarded-for': `10.0.0.${i}` })).statusCode).toBe(200);
    }
    const limited = await call(t, '/api/v1/niches', key, { 'x-forwarded-for': '10.0.0.99' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['ratelimit-policy']).toBe('"ip";q=3;w=60');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('charges nothing for a call refused by the per-IP limit, also for a key it has seen before', async () => {
    const t = await app({ IP_RATE_PER_MIN: '2' });
    const { key, accountId } = await t.key({ unlimited: false, allowance: 10 });
    expect((await call(t, '/api/v1/creators/creator1', key)).statusCode).toBe(200);
    expect((await call(t, '/api/v1/creators/creator2', key)).statusCode).toBe(200);
    expect((await call(t, '/api/v1/creators/creator3', key)).statusCode).toBe(429);
    const stored = await t.clients.redis.hget(`${t.config.redisKeyPrefix}{acct:${accountId}}`, 'balance');
    expect(Number(stored)).toBe(8);
  });

  it('counts the address inside the credit script on one Redis server: one command per call of a known key', async () => {
    // No settlement sweep (its reads and scripts) inside the few hundred milliseconds watched.
    const t = await app({ IP_RATE_PER_MIN: '3', SETTLE_EVERY_MS: '60000' });
    const { key, accountId, keyId } = await t.key({ unlimited: false, allowance: 10 });
    const address = /\baddr=(\S+)/.exec(String(await t.clients.redis.client('INFO')))?.[1];
    const monitor = await monitorRedis(singleRedis(t.config.redis, 'this test'));
    const sent: string[][] = [];
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      if (source === address) sent.push(args);
    });
    // MONITOR's lines arrive after the replies: an ECHO on the app's own connection, once seen, says that every
    // command the app sent before it has been seen too.
    const seenUpTo = async (mark: string): Promise<number> => {
      await t.clients.redis.echo(mark);
      for (let waited = 0; waited < 5000; waited += 10) {
        const at = sent.findIndex((args) => args[0] === 'echo' && args[1] === mark);
        if (at >= 0) return at;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`MONITOR never showed ${mark}`);
    };
    try {
      expect((await call(t, '/api/v1/creators/creator1', key)).statusCode).toBe(200);
      const first = await seenUpTo('after the first call');
      for (let i = 0; i < 2; i++) expect((await call(t, '/api/v1/creators/creator1', key)).statusCode).toBe(200);
      const limited = await call(t, '/api/v1/creators/creator1', key);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['ratelimit-policy']).toBe('"ip";q=3;w=60');
      // The key's first call looks it up (and counts the address alongside); each later call is one script (EVAL
      // the first time ioredis sends it). Confirmations of the answered calls follow, in batches off the response
      // path (ZREM). Wait a little for a fourth script, if any.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const last = await seenUpTo('after the refused call');
      expect(first).toBeGreaterThanOrEqual(3);
      const later = sent.slice(first + 1, last).map((args) => String(args[0]).replace(/sha$/i, '').toLowerCase());
      expect(later.filter((command) => command !== 'zrem')).toEqual(['eval', 'eval', 'eval']);
      expect(later.filter((command) => command === 'zrem').length).toBeLessThanOrEqual(2);
    } finally {
      monitor.disconnect();
    }
    // The refused call touched nothing of the account: neither its credits nor the key's window.
    const prefix = `${t.config.redisKeyPrefix}{acct:${accountId}}`;
    expect(await t.clients.redis.hget(prefix, 'balance')).toBe('7');
    expect(await t.clients.redis.get(`${prefix}:key:${keyId}:rate`)).toBe('3');
  });

  it('trusts X-Forwarded-For behind one proxy (TRUST_PROXY=1)', async () => {
    const t = await app({ IP_RATE_PER_MIN: '2', TRUST_PROXY: '1' });
    const { key } = await t.key();
    for (let i = 0; i < 4; i++) {
      expect((await call(t, '/api/v1/niches', key, { 'x-forwarded-for': `10.0.1.${i}` })).statusCode).toBe(200);
    }
  });
});

/**
 * A MONITOR connection. ioredis enters monitoring mode a tick after MONITOR's OK, so lines of other traffic (an earlier
 * test's app still confirming calls) in the same packet are taken for replies to no command, each an error event (a
 * race inside ioredis 5, seen in CI). Those lines predate the monitor and are dropped; the connection then monitors as
 * it should (300 of 300 connections under a flood of other commands did).
 */
async function monitorRedis(url: string): Promise<Redis> {
  const monitor = new Redis(url, { monitor: true });
  await new Promise<void>((resolve, reject) => {
    monitor.once('monitoring', resolve);
    monitor.on('error', (error) => {
      if (!error.message.startsWith('Command queue state error')) reject(error);
    });
  });
  return monitor;
}
