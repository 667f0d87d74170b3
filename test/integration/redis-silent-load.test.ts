import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { afterAll, afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { silentProxy } from '../../bench/silent-proxy.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { sharedDataset } from '../support/catalog.ts';

// Redis gone silent, or its connections cut, while the API is under load: every command in flight then fails
// (a command timeout, a socket timeout that drops the connection, a reconnect that never gets ready, a close that
// ends the client), and each of those failures must reach code that handles it. A rejection nobody handles ends a
// Node process, so one seen here is a crash in production, whatever the answers were.
const data = sharedDataset();
afterAll(() => data.drop());

/** Every unhandled rejection and uncaught exception while a test runs. */
const faults: unknown[] = [];
const record = (fault: unknown) => faults.push(fault);
beforeEach(() => {
  faults.length = 0;
  process.on('unhandledRejection', record);
  process.on('uncaughtException', record);
});
afterEach(() => {
  process.off('unhandledRejection', record);
  process.off('uncaughtException', record);
});

/** The app listening on a port, its Redis connections through a proxy that can go silent, with keys to load it. */
async function scene() {
  const redis = new URL(inject('redisUrl'));
  const proxy = await silentProxy({ host: redis.hostname, port: Number(redis.port) });
  redis.hostname = '127.0.0.1';
  redis.port = String(proxy.port);
  const t: TestApp = await createTestApp({
    REDIS_URL: redis.href,
    INDEX_PREFIX: data.prefix,
    LOG_LEVEL: 'silent',
    IP_RATE_PER_MIN: '1000000',
    PLAN_USER_RATE_PER_MIN: '1000000',
    // Settlement sweeps during the silence too.
    SETTLE_EVERY_MS: '500',
    SHUTDOWN_GRACE_MS: '3000',
  });
  // Metered keys, a few calls each at once: calls go ahead of their checks (ahead.ts) and are charged and refunded.
  const keys = await Promise.all(
    Array.from({ length: 24 }, async (_, i) => (await t.key({ unlimited: i % 2 === 0, allowance: 100_000 })).key),
  );
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const pool = new Pool(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, { connections: 200 });
  return {
    proxy,
    t,
    keys,
    pool,
    close: async () => {
      await t.close();
      await pool.close();
      await proxy.close();
    },
  };
}

const creatorId = (i: number) => `creator-${data.creators[i % data.creators.length]?.id}`;
const mcpCall = (i: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: i,
    method: 'tools/call',
    params:
      i % 2
        ? { name: 'get_creator', arguments: { id: creatorId(i) } }
        : { name: 'search_creators', arguments: { query: 'gaming' } },
  });

/** One call of the mix the API serves: lookups, searches, credits, usage, exports, MCP tool calls, readiness probes. */
function call(pool: Pool, key: string, i: number, signal: AbortSignal) {
  const authorization = `Bearer ${key}`;
  if (i % 11 === 0) return pool.request({ path: '/readyz', method: 'GET', signal });
  const paths = [
    `/api/v1/creators/${creatorId(i)}`,
    '/api/v1/creators?query=gaming',
    `/api/v1/creators?query=makeup&page=${1 + (i % 3)}`,
    '/api/v1/credits',
    '/api/v1/usage',
    '/api/v1/creators/export?query=music&max_rows=200&format=ndjson',
  ];
  if (i % 7 === 0) {
    return pool.request({
      path: '/mcp',
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: mcpCall(i),
      signal,
    });
  }
  return pool.request({ path: paths[i % paths.length] as string, method: 'GET', headers: { authorization }, signal });
}

/**
 * `inFlight` callers, each sending its next call as soon as its last one ends, until `stop()`; one call in ten is
 * given up by its client after a few ms (its response closes unwritten: a refund). Statuses by count.
 */
function load(pool: Pool, keys: string[], inFlight: number) {
  const statuses = new Map<number | string, number>();
  const count = (status: number | string) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  let running = true;
  let sent = 0;
  const caller = async (worker: number) => {
    while (running) {
      const i = sent++;
      const key = keys[(worker + i) % keys.length] as string;
      const signal = i % 10 === 3 ? AbortSignal.timeout(1 + (i % 50)) : new AbortController().signal;
      try {
        const response = await call(pool, key, i, signal);
        await response.body.text();
        count(response.statusCode);
      } catch (error) {
        count((error as Error).name);
        // The server is gone (a close under load): callers wait a little instead of spinning.
        if ((error as { code?: string }).code === 'ECONNREFUSED') await sleep(20);
      }
    }
  };
  const callers = Array.from({ length: inFlight }, (_, worker) => caller(worker));
  return {
    statuses,
    stop: async () => {
      running = false;
      await Promise.all(callers);
      return Object.fromEntries(statuses);
    },
  };
}

/** Waits until a credits call is served (Redis answers the app again), at most `ms`. */
async function servedAgain(pool: Pool, key: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const response = await pool.request({
      path: '/api/v1/credits',
      method: 'GET',
      headers: { authorization: `Bearer ${key}` },
    });
    await response.body.text();
    if (response.statusCode === 200) return true;
    await sleep(100);
  }
  return false;
}

describe('Redis silenced or cut off under load: no unhandled rejection', () => {
  it('survives Redis going silent for 6 s under 100 calls in flight, and serves again once it answers', async () => {
    const s = await scene();
    try {
      const running = load(s.pool, s.keys, 100);
      await sleep(1500);
      s.proxy.silence();
      // Past the command timeout (1 s), the socket timeout (1.5 s) and several reconnects that never get ready.
      await sleep(6000);
      s.proxy.speak();
      expect(await servedAgain(s.pool, s.keys[0] as string, 8000)).toBe(true);
      await sleep(1500);
      const statuses = await running.stop();
      expect(statuses[200]).toBeGreaterThan(0);
      expect(statuses[503]).toBeGreaterThan(0);
      expect(statuses[500]).toBeUndefined();
    } finally {
      await s.close();
    }
    // Refunds and confirmations retried, settlement's sweeps, the notices' heartbeats: all had their turn.
    await sleep(500);
    expect(faults).toEqual([]);
  }, 60_000);

  it('survives its Redis connections being cut again and again under load', async () => {
    const s = await scene();
    try {
      const running = load(s.pool, s.keys, 100);
      await sleep(1000);
      for (let cut = 0; cut < 12; cut++) {
        s.proxy.cut();
        await sleep(150 + (cut % 4) * 150);
      }
      expect(await servedAgain(s.pool, s.keys[0] as string, 8000)).toBe(true);
      await sleep(1000);
      const statuses = await running.stop();
      expect(statuses[200]).toBeGreaterThan(0);
      expect(statuses[500]).toBeUndefined();
    } finally {
      await s.close();
    }
    await sleep(500);
    expect(faults).toEqual([]);
  }, 60_000);

  /** Closes the app under load after `fault` (on the Redis proxy), then waits for anything unhandled to surface. */
  async function shutdownUnderLoad(fault: (proxy: Awaited<ReturnType<typeof scene>>['proxy']) => Promise<void>) {
    const s = await scene();
    const running = load(s.pool, s.keys, 100);
    try {
      await sleep(1500);
      await fault(s.proxy);
      // The close waits for calls in flight, refunds the rest, drains refunds and confirmations Redis will not take,
      // and ends the clients with commands still pending on them.
      await s.t.close();
      await sleep(1000);
      await running.stop();
    } finally {
      await s.pool.close();
      await s.proxy.close();
    }
    await sleep(500);
    expect(faults).toEqual([]);
  }

  it('survives a shutdown under load while Redis is silent', async () => {
    await shutdownUnderLoad(async (proxy) => {
      proxy.silence();
      await sleep(2500);
    });
  }, 60_000);

  it('survives a shutdown under load just as Redis answers again', async () => {
    await shutdownUnderLoad(async (proxy) => {
      proxy.silence();
      await sleep(4000);
      // The API's connections are being made again when the close comes: some ready, some in their handshake.
      proxy.speak();
      await sleep(150);
    });
  }, 60_000);
});
