import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import { createTestApp } from '../support/app.ts';

// Secrets never reach a log line: the API started with a wrong Redis password logs its failures (the errors ioredis
// raises carry the failed command, AUTH and its argument included), and no line holds the password.
describe('a wrong Redis password', () => {
  it('is logged as a failure, never as text', async () => {
    const secret = 'wrong-Secret-7f3a9c2e';
    const url = new URL(inject('redisUrl'));
    url.username = 'default';
    url.password = secret;
    const t = await createTestApp({ REDIS_URL: url.href, LOG_LEVEL: 'debug' });
    try {
      await sleep(300); // connection attempts, each refused
      expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(503);
      const text = JSON.stringify(t.logs);
      expect(text).toMatch(/WRONGPASS|NOAUTH|invalid username-password/);
      expect(text).not.toContain(secret);
    } finally {
      await t.close();
    }
  });
});
