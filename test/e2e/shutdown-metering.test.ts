import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { slowOpenSearch } from '../../bench/slow-opensearch.ts';
import { Accounts } from '../../src/access/accounts.ts';
import { closedPort } from '../support/app.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, sponsor } from '../support/dataset.ts';
import { REPO_ROOT } from '../support/run.ts';

// The shutdown drill: SIGTERM while billable calls wait on a slow OpenSearch, longer than the grace period allows.
// The process must exit on time, and every call it did not answer must be refunded: charged = answered.
const SLOW_MS = 4000;
let data: Awaited<ReturnType<typeof loadRecords>>;
let slow: Awaited<ReturnType<typeof slowOpenSearch>>;
let redis: Redis;

beforeAll(async () => {
  data = await loadRecords('shutdown', [sponsor(1, 'Keyforge Labs')], [creator(1), creator(2)]);
  slow = await slowOpenSearch(inject('opensearchUrl'), SLOW_MS);
  redis = new Redis(inject('redisUrl'));
}, 60_000);
afterAll(async () => {
  slow?.close();
  await redis?.quit();
  await data?.drop();
});

describe('SIGTERM with billable calls in flight', () => {
  it('exits within its grace period and refunds every call it did not answer', async () => {
    const prefix = `t${process.pid}_shutdown:`;
    const store = new Accounts(redis, prefix);
    const accountId = await store.createAccount({ plan: 'user', allowance: 50 });
    const { key } = await store.createApiKey(accountId, 'csi');
    const port = await closedPort();
    const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'src/server.ts')], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        OPENSEARCH_URL: slow.url,
        OPENSEARCH_TIMEOUT_MS: String(SLOW_MS * 2),
        REDIS_URL: inject('redisUrl'),
        REDIS_KEY_PREFIX: prefix,
        INDEX_PREFIX: data.prefix,
        SHUTDOWN_GRACE_MS: '1500',
        LOG_LEVEL: 'silent',
      },
      stdio: 'ignore',
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 100 && !(await fetch(`${base}/livez`).catch(() => undefined))?.ok; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const call = () =>
        fetch(`${base}/api/v1/creators/creator1`, { headers: { authorization: `Bearer ${key}` } }).then(
          (r) => r.status,
          () => 0, // the connection closed without an answer
        );
      // The same over MCP: a tools/call held by the slow search is refunded too, not charged unanswered.
      const toolCall = () =>
        fetch(`${base}/mcp`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'get_creator', arguments: { id: 'creator1' } },
          }),
        }).then(
          (r) => r.status,
          () => 0,
        );
      const calls = Promise.all([...Array.from({ length: 6 }, call), ...Array.from({ length: 3 }, toolCall)]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const exited = once(server, 'exit');
      const started = Date.now();
      server.kill('SIGTERM');
      await exited;
      expect(Date.now() - started).toBeLessThan(5000);
      const statuses = await calls;
      const answered = statuses.filter((s) => s === 200).length;
      expect(answered).toBe(0);
      const balance = Number((await store.getAccount(accountId))?.balance);
      expect(balance).toBe(50 - answered);
    } finally {
      server.kill('SIGKILL');
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
    }
  });
});
