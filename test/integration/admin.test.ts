import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { runTs } from '../support/run.ts';

// `npm run admin`: the whole life of an account and its keys, checked through the API itself.
describe('admin CLI', () => {
  const prefix = `t${process.pid}_admin:`;
  const env = { ...process.env, REDIS_URL: inject('redisUrl'), REDIS_KEY_PREFIX: prefix };
  const admin = async (...args: string[]) => {
    const run = await runTs('scripts/admin.ts', args, env, 30_000);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout);
  };
  let t: TestApp;
  afterAll(() => t?.close());

  it('creates an account and a key, lists, tops up, changes plans and revokes', async () => {
    t = await createTestApp({ REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'silent' });
    const credits = (key: string) =>
      t.app.inject({ url: '/api/v1/credits', headers: { authorization: `Bearer ${key}` } });

    const { accountId } = await admin('account', 'create', '--plan', 'free_trial');
    const { key, keyId } = await admin('key', 'create', accountId, '--name', 'laptop');
    expect(key).toMatch(/^csi_/);
    expect((await credits(key)).json()).toMatchObject({ plan: 'free_trial', balance: 100, allowance: 100 });

    const listed = await admin('key', 'list', accountId);
    expect(listed).toEqual([
      { keyId, name: 'laptop', createdAt: expect.any(String), lastUsedAt: expect.any(String), revokedAt: null },
    ]);
    expect(JSON.stringify(listed)).not.toContain(key.slice(4));

    expect(await admin('credits', 'add', accountId, '50')).toEqual({ accountId, balance: 150 });
    expect(await admin('credits', 'set', accountId, '7')).toEqual({ accountId, balance: 7 });
    await admin('plan', 'set', accountId, 'user');
    expect((await credits(key)).json()).toMatchObject({ plan: 'user', balance: 7, allowance: 10_000 });
    await admin('plan', 'set', accountId, 'free');
    expect((await credits(key)).statusCode).toBe(403);
    await admin('plan', 'set', accountId, 'user', '--allowance', '5');
    await admin('unlimited', accountId, 'on');
    expect((await credits(key)).json()).toMatchObject({ unlimited: true, balance: null, allowance: 5 });

    expect(await admin('key', 'revoke', accountId, keyId)).toEqual({ revoked: keyId });
    expect((await credits(key)).statusCode).toBe(401);
  });

  it('explains a wrong command, plan or number, and a missing account, without a stack trace', async () => {
    for (const args of [
      ['nope'],
      ['account', 'create', '--plan', 'gold'],
      ['credits', 'add', '1', 'many'],
      ['key', 'create', '999999'],
    ]) {
      const run = await runTs('scripts/admin.ts', args, env, 30_000);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stderr).toMatch(/✖/);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
