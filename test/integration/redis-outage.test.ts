import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAIL_OPEN_MS, Limits } from '../../src/access/limits.ts';
import { AccessStore } from '../../src/access/store.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ownRedis, REDIS_SERVER } from '../support/own-redis.ts';

// A Redis of its own that the test stops and restarts (support/own-redis.ts).
let redis: Awaited<ReturnType<typeof ownRedis>>;
let port = 0;

async function timed<T>(work: Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const result = await work;
  return [result, Date.now() - started];
}

describe.skipIf(!REDIS_SERVER)('when Redis stops and comes back (needs redis-server on PATH)', () => {
  let t: TestApp;
  beforeAll(async () => {
    redis = await ownRedis('redis-outage');
    port = redis.port;
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: 'silent', INDEX_PREFIX: 'unused_' });
  }, 30_000);
  afterAll(async () => {
    await t?.close();
    await redis?.remove();
  });

  it('fails the rate limiter open within its budget when Redis is slow, and says so', async () => {
    const warnings: string[] = [];
    const limits = new Limits(new AccessStore(t.clients.redis, 'outage:', { reservationMs: 20_000 }), (_error, what) =>
      warnings.push(what),
    );
    expect((await limits.ip('10.1.1.1')).used).toBe(1);
    const sleeper = new Redis({ port });
    await sleeper.ping();
    const sleeping = sleeper.call('DEBUG', 'SLEEP', '0.6');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [count, ms] = await timed(limits.ip('10.1.1.1'));
    expect(count).toEqual({});
    expect(ms).toBeLessThan(FAIL_OPEN_MS + 150);
    expect(warnings).toEqual(['ip rate limit']);
    await sleeping;
    sleeper.disconnect();
  });

  it('answers 503 quickly while Redis is down, never a free call or a bogus 401/429, and recovers', async () => {
    const { key, accountId } = await t.key({ unlimited: false, allowance: 10 });
    const niches = () => t.app.inject({ url: '/api/v1/niches', headers: { authorization: `Bearer ${key}` } });
    expect((await niches()).statusCode).toBe(200);

    await redis.stop();
    for (const url of ['/api/v1/niches', '/api/v1/credits', '/api/v1/creators/x', '/api/v1/creators?query=x']) {
      const [response, ms] = await timed(t.app.inject({ url, headers: { authorization: `Bearer ${key}` } }));
      expect(response.statusCode, url).toBe(503);
      expect(response.json().error.code).toBe('unavailable');
      expect(response.headers['retry-after']).toBe('5');
      expect(ms, url).toBeLessThan(1500);
    }
    const [badKey] = await timed(t.app.inject({ url: '/api/v1/niches', headers: { authorization: 'Bearer nope' } }));
    expect(badKey.statusCode).toBe(401);

    await redis.start();
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await niches()).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    const stored = await t.clients.redis.hget(`${t.config.redisKeyPrefix}{acct:${accountId}}`, 'balance');
    expect(stored).toBe('10');
  }, 40_000);
});
