import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAIL_OPEN_MS, Limits } from '../../src/access/limits.ts';
import { AccessStore } from '../../src/access/store.ts';
import { closedPort, createTestApp, type TestApp } from '../support/app.ts';

// A Redis of its own that the test stops and restarts, with AOF so accounts survive the restart.
const server = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
})();
let redis: ChildProcess | undefined;
let port = 0;
const dir = mkdtempSync(path.join(os.tmpdir(), 'redis-outage-'));

async function startRedis(): Promise<void> {
  redis = spawn(server, [
    ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''],
    ...['--appendonly', 'yes', '--appendfsync', 'always', '--enable-debug-command', 'yes'],
  ]);
  const probe = new Redis({ port, lazyConnect: true, retryStrategy: () => 100, maxRetriesPerRequest: null });
  probe.on('error', () => undefined);
  await probe.connect().catch(() => undefined);
  await probe.ping();
  probe.disconnect();
}

async function stopRedis(): Promise<void> {
  const exited = once(redis as ChildProcess, 'exit');
  redis?.kill('SIGTERM');
  await exited;
}

async function timed<T>(work: Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const result = await work;
  return [result, Date.now() - started];
}

describe.skipIf(!server)('when Redis stops and comes back (needs redis-server on PATH)', () => {
  let t: TestApp;
  beforeAll(async () => {
    port = await closedPort();
    await startRedis();
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: 'silent', INDEX_PREFIX: 'unused_' });
  }, 30_000);
  afterAll(async () => {
    await t?.close();
    redis?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails the rate limiter open within its budget when Redis is slow, and says so', async () => {
    const warnings: string[] = [];
    const limits = new Limits(new AccessStore(t.clients.redis, 'outage:'), (_error, what) => warnings.push(what));
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

    await stopRedis();
    for (const url of ['/api/v1/niches', '/api/v1/credits', '/api/v1/creators/x', '/api/v1/creators?query=x']) {
      const [response, ms] = await timed(t.app.inject({ url, headers: { authorization: `Bearer ${key}` } }));
      expect(response.statusCode, url).toBe(503);
      expect(response.json().error.code).toBe('unavailable');
      expect(response.headers['retry-after']).toBe('5');
      expect(ms, url).toBeLessThan(1500);
    }
    const [badKey] = await timed(t.app.inject({ url: '/api/v1/niches', headers: { authorization: 'Bearer nope' } }));
    expect(badKey.statusCode).toBe(401);

    await startRedis();
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
