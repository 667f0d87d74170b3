import { once } from 'node:events';
import net from 'node:net';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { officialClient } from '../../src/clients.ts';
import { singleNode } from '../../src/opensearch.ts';
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

  it('/readyz answers 503 when a shard of the API’s indices has no copy, and ignores other indices', async () => {
    const prefix = `t${process.pid}_health_`;
    const client = officialClient(singleNode(inject('opensearchUrl')), { requestTimeout: 10_000 });
    // An index whose only shard may live on no node: it stays unassigned (red), as after losing every copy.
    const stranded = { settings: { number_of_replicas: 0, 'index.routing.allocation.require._name': 'no-such-node' } };
    try {
      await client.indices.create({ index: `${prefix}elsewhere`, body: stranded, wait_for_active_shards: '0' });
      test = await createTestApp({ INDEX_PREFIX: prefix });
      expect((await test.app.inject('/readyz')).statusCode).toBe(200); // another index is red, not ours
      await test.close();
      await client.indices.create({ index: `${prefix}creators`, body: stranded, wait_for_active_shards: '0' });
      test = await createTestApp({ INDEX_PREFIX: prefix });
      const ready = await test.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error.code).toBe('unavailable');
    } finally {
      await client.indices.delete({ index: `${prefix}*` }, { ignore: [404] });
      await client.close();
    }
  });

  it('/readyz stays 200 when one of several OpenSearch nodes accepts connections but never answers', async () => {
    const hanging = net.createServer(() => undefined).listen(0, '127.0.0.1');
    await once(hanging, 'listening');
    try {
      const stuck = `http://127.0.0.1:${(hanging.address() as net.AddressInfo).port}`;
      test = await createTestApp({
        OPENSEARCH_URL: `${stuck},${inject('opensearchUrl')}`,
        READINESS_TIMEOUT_MS: '600',
      });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await test.app.inject('/readyz')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200]);
    } finally {
      hanging.close();
    }
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
  it('/readyz shares one backend probe a second among all its callers; /livez touches nothing', async () => {
    test = await createTestApp();
    // Counted in this app's client (the Redis server's own count includes other files' apps).
    const { redis } = test.clients;
    let pings = 0;
    const ping = redis.ping.bind(redis);
    redis.ping = ((...args: Parameters<typeof ping>) => {
      pings += 1;
      return ping(...args);
    }) as typeof redis.ping;
    const answers = await Promise.all(Array.from({ length: 50 }, () => test?.app.inject('/readyz')));
    expect(answers.every((answer) => answer?.statusCode === 200)).toBe(true);
    for (let i = 0; i < 20; i++) expect((await test.app.inject('/readyz')).statusCode).toBe(200);
    for (let i = 0; i < 20; i++) expect((await test.app.inject('/livez')).statusCode).toBe(200);
    // 90 health calls within a second or so: one probe, two at most if a second one began.
    expect(pings).toBeGreaterThanOrEqual(1);
    expect(pings).toBeLessThanOrEqual(2);
  });

  it('limits every path without a key per address, in memory: 429 past IP_RATE_PER_MIN, with Retry-After', async () => {
    test = await createTestApp({ IP_RATE_PER_MIN: '5' });
    const statuses: number[] = [];
    for (const url of ['/livez', '/readyz', '/api/v1/openapi.json', '/nowhere', '/livez', '/livez']) {
      statuses.push((await test.app.inject({ url, remoteAddress: '203.0.113.7' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 404, 200, 429]);
    const limited = await test.app.inject({ url: '/livez', remoteAddress: '203.0.113.7' });
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has a window of its own.
    expect((await test.app.inject({ url: '/livez', remoteAddress: '203.0.113.8' })).statusCode).toBe(200);
  });
});
