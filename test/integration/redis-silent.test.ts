import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { silentProxy } from '../../bench/silent-proxy.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

// A Redis that stops answering without closing the connection: the API must notice within seconds (the socket
// timeout drops the dead connection, a reconnect makes a new one), answer 503 meanwhile, and serve again within
// seconds of Redis answering again, not when TCP gives up minutes later.
let proxy: Awaited<ReturnType<typeof silentProxy>>;
let t: TestApp;
let key: string;

beforeAll(async () => {
  const redis = new URL(inject('redisUrl'));
  proxy = await silentProxy({ host: redis.hostname, port: Number(redis.port) });
  redis.hostname = '127.0.0.1';
  redis.port = String(proxy.port);
  t = await createTestApp({ REDIS_URL: redis.href, LOG_LEVEL: 'silent' });
  ({ key } = await t.key());
});
afterAll(async () => {
  await t.close();
  await proxy.close();
});

const credits = () => t.app.inject({ url: '/api/v1/credits', headers: { authorization: `Bearer ${key}` } });

describe('a Redis gone silent', () => {
  it('answers 503 within the command timeout, reconnects, and serves again within 5 s of Redis answering', async () => {
    expect((await credits()).statusCode).toBe(200);
    proxy.silence();
    let started = performance.now();
    expect((await credits()).statusCode).toBe(503);
    expect(performance.now() - started).toBeLessThan(1500);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(503);

    proxy.speak();
    started = performance.now();
    let status = 0;
    while (performance.now() - started < 8000) {
      status = (await credits()).statusCode;
      if (status === 200) break;
      await sleep(200);
    }
    expect(status).toBe(200);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
