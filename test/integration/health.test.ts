import { afterEach, describe, expect, it } from 'vitest';
import { loadProfile } from '../../src/search/profile.ts';
import { closedPort, createTestApp, type TestApp } from '../support/app.ts';
import { TEST_PROFILE } from '../support/dataset.ts';

describe('health endpoints', () => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  it('/livez and /readyz answer 200 when OpenSearch and Redis answer', async () => {
    test = await createTestApp();
    const live = await test.app.inject('/livez');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await test.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    // It names the live ranking profile (the test profile here) and its version.
    expect(ready.json()).toEqual({
      status: 'ok',
      profile: { name: 'profile', version: loadProfile(TEST_PROFILE).version },
    });
  });

  it('/readyz answers 503 unavailable when OpenSearch is unreachable, and /livez still 200', async () => {
    test = await createTestApp({ OPENSEARCH_URL: `http://127.0.0.1:${await closedPort()}` });
    const ready = await test.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['content-type']).toMatch(/^application\/json/);
    expect(ready.json()).toEqual({
      error: { code: 'unavailable', message: expect.stringMatching(/opensearch/) },
    });
    expect(ready.json().error.message).not.toMatch(/redis|ECONNREFUSED/);
    expect((await test.app.inject('/livez')).statusCode).toBe(200);
  });

  it('/readyz answers 503 unavailable when Redis is unreachable', async () => {
    test = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    const ready = await test.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ error: { code: 'unavailable', message: expect.stringMatching(/redis/) } });
    expect(ready.json().error.message).not.toMatch(/opensearch|ECONNREFUSED/);
  });

  it('/readyz answers 503 within its timeout when a backing service accepts connections but never replies', async () => {
    const net = await import('node:net');
    const silent = net.createServer(() => {}).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    const { port } = silent.address() as import('node:net').AddressInfo;
    try {
      test = await createTestApp({ OPENSEARCH_URL: `http://127.0.0.1:${port}`, READINESS_TIMEOUT_MS: '300' });
      const ready = await test.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error.message).toMatch(/opensearch did not answer within 300 ms/);
    } finally {
      silent.close();
    }
  });
});
