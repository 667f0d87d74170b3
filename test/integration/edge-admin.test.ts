import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { runTs } from '../support/run.ts';

// `npm run admin` refuses negative credits and allowances (issue 15, item 8): a balance or allowance below zero
// refuses every call, or drains the balance at each renewal.
describe('admin CLI numbers', () => {
  const prefix = `t${process.pid}_edgeadmin:`;
  const env = { ...process.env, REDIS_URL: inject('redisUrl'), REDIS_KEY_PREFIX: prefix };
  const run = (...args: string[]) => runTs('scripts/admin.ts', args, env, 30_000);
  let t: TestApp | undefined;
  afterAll(async () => {
    if (!t) return;
    const keys = await t.clients.redis.keys(`${prefix}*`);
    if (keys.length) await t.clients.redis.del(...keys);
    await t.close();
  });

  it('refuses negative or oversized credits and allowances with exit code 1 and changes nothing', async () => {
    t = await createTestApp({ REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'silent' });
    const created = await run('account', 'create', '--plan', 'user', '--allowance', '10');
    expect(created.code, created.stderr).toBe(0);
    const { accountId } = JSON.parse(created.stdout) as { accountId: string };

    for (const args of [
      ['credits', 'set', accountId, '--', '-5'],
      ['credits', 'add', accountId, '--', '-5'],
      ['account', 'create', '--plan', 'user', '--allowance=-5'],
      ['plan', 'set', accountId, 'user', '--allowance=-3'],
    ]) {
      const refused = await run(...args);
      expect(refused.code, args.join(' ')).toBe(1);
      expect(refused.stderr, args.join(' ')).toMatch(/✖ (credits|allowance) must not be negative \(got -\d\)/);
      expect(refused.stderr).not.toMatch(/\n\s+at /);
    }
    const huge = await run('credits', 'add', accountId, '99999999999999999999');
    expect(huge.code).toBe(1);
    expect(huge.stderr).toMatch(/credits must be at most/);

    const shown = await run('account', 'show', accountId);
    expect(JSON.parse(shown.stdout)).toMatchObject({ allowance: '10', balance: '10' });
    expect(await t.clients.redis.keys(`${prefix}{acct:*`)).toHaveLength(1);
    // Zero is a count: allowed.
    expect((await run('credits', 'set', accountId, '0')).code).toBe(0);
  });
});
