import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { UsageError } from '../../common/cli.ts';
import { admin } from '../../scripts/admin.ts';
import { Accounts } from '../../src/access/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { runTs } from '../support/run.ts';

// `npm run admin`: the whole life of an account and its keys, checked through the API itself. The commands run in
// this process (the CLI is `admin` behind `main`); one run as a process checks what a user sees when one fails.
describe('admin CLI', () => {
  const prefix = `t${process.pid}_admin:`;
  let t: TestApp;
  let run: (...args: string[]) => Promise<unknown>;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'silent' });
    const accounts = new Accounts(t.clients.redis, prefix);
    run = (...args) => admin(args, accounts, t.config);
  });
  afterAll(() => t?.close());

  it('creates an account and a key, lists, tops up, changes plans and revokes', async () => {
    const credits = (key: string) =>
      t.app.inject({ url: '/api/v1/credits', headers: { authorization: `Bearer ${key}` } });

    const { accountId } = (await run('account', 'create', '--plan', 'free_trial')) as { accountId: string };
    const { key, keyId } = (await run('key', 'create', accountId, '--name', 'laptop')) as {
      key: string;
      keyId: string;
    };
    expect(key).toMatch(/^csi_/);
    expect((await credits(key)).json()).toMatchObject({ plan: 'free_trial', balance: 100, allowance: 100 });

    const listed = await run('key', 'list', accountId);
    expect(listed).toEqual([
      {
        keyId,
        name: 'laptop',
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        revokedAt: null,
        cap: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(key.slice(4));

    expect(await run('key', 'cap', accountId, keyId, '3')).toEqual({ keyId, cap: 3 });
    expect(await run('key', 'list', accountId)).toMatchObject([{ keyId, cap: 3 }]);
    const usage = await run('usage', accountId);
    expect(usage).toMatchObject({ spent: 0, keys: [{ keyId, name: 'laptop', cap: 3, spent: 0 }] });
    // What GET /usage answers the account's keys, field for field.
    const viaApi = await t.app.inject({ url: '/api/v1/usage', headers: { authorization: `Bearer ${key}` } });
    expect(usage).toEqual(viaApi.json());
    expect(await run('key', 'cap', accountId, keyId, 'off')).toEqual({ keyId, cap: null });
    await expect(run('key', 'cap', accountId, keyId, 'lots')).rejects.toThrow(/cap must be a whole number/);
    await expect(run('key', 'cap', accountId, 'nokey', '3')).rejects.toThrow(/no key nokey/);

    expect(await run('credits', 'add', accountId, '50')).toEqual({ accountId, balance: 150 });
    expect(await run('credits', 'set', accountId, '7')).toEqual({ accountId, balance: 7 });
    await run('plan', 'set', accountId, 'user');
    expect((await credits(key)).json()).toMatchObject({ plan: 'user', balance: 7, allowance: 10_000 });
    await run('plan', 'set', accountId, 'free');
    expect((await credits(key)).statusCode).toBe(403);
    await run('plan', 'set', accountId, 'user', '--allowance', '5');
    await run('unlimited', accountId, 'on');
    expect((await credits(key)).json()).toMatchObject({ unlimited: true, balance: null, allowance: 5 });

    expect(await run('key', 'revoke', accountId, keyId)).toEqual({ revoked: keyId });
    expect((await credits(key)).statusCode).toBe(401);
  });

  it('explains a wrong command, option, plan or number, and a missing account', async () => {
    await expect(run('nope')).rejects.toThrow(new UsageError('unknown command "nope"'));
    await expect(run('key', 'list', '1', '--no-such-option')).rejects.toThrow(/Unknown option '--no-such-option'/);
    await expect(run('account', 'create', '--plan', 'gold')).rejects.toThrow(/plan must be one of user, /);
    await expect(run('credits', 'add', '1', 'many')).rejects.toThrow(/credits must be a whole number/);
    await expect(run('key', 'create', '999999')).rejects.toThrow(/999999/);
    // A missing or extra argument, or an option the command does not take, is named (they were once read as
    // "undefined", or ignored).
    for (const [args, reason] of [
      [['key', 'revoke', '999999'], 'key revoke needs <keyId>'],
      [['account', 'show'], 'account show needs <accountId>'],
      [['usage'], 'usage needs <accountId>'],
      [['key', 'list', '1', 'extra'], 'key list takes <accountId>; "extra" is extra'],
      [['settle', 'now'], 'settle takes no arguments; "now" is extra'],
      [['key', 'list', '--name', 'x', '1'], '--name does not apply to key list'],
      [['account', 'show', '1', '--period', 'day'], '--period does not apply to account show'],
      [['unlimited', '1', 'maybe'], 'unlimited takes on or off (got maybe)'],
    ] as const) {
      await expect(run(...args), args.join(' ')).rejects.toThrow(new UsageError(reason));
    }
  });

  it('refuses negative or oversized credits and allowances and changes nothing', async () => {
    const { accountId } = (await run('account', 'create', '--plan', 'user', '--allowance', '10')) as {
      accountId: string;
    };
    const accounts = async () => (await t.clients.redis.keys(`${prefix}{acct:*`)).length;
    const before = await accounts();
    for (const args of [
      ['credits', 'set', accountId, '--', '-5'],
      ['credits', 'add', accountId, '--', '-5'],
      ['account', 'create', '--plan', 'user', '--allowance=-5'],
      ['plan', 'set', accountId, 'user', '--allowance=-3'],
    ]) {
      await expect(run(...args), args.join(' ')).rejects.toThrow(
        /(credits|allowance) must not be negative \(got -\d\)/,
      );
    }
    await expect(run('credits', 'add', accountId, '99999999999999999999')).rejects.toThrow(/credits must be at most/);
    expect(await run('account', 'show', accountId)).toMatchObject({
      accountId,
      plan: 'user',
      unlimited: false,
      allowance: 10,
      balance: 10,
    });
    expect(await accounts()).toBe(before);
    // Zero is a count: allowed.
    expect(await run('credits', 'set', accountId, '0')).toEqual({ accountId, balance: 0 });
  });

  it('as a command, ends a wrong number with exit code 2, the reason and the usage, and no stack trace', async () => {
    const env = { ...process.env, REDIS_URL: inject('redisUrl'), REDIS_KEY_PREFIX: prefix };
    const failed = await runTs('scripts/admin.ts', ['credits', 'add', '1', '--', '-5'], env, 30_000);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(/^✖ credits must not be negative \(got -5\)\n\nUsage: npm run admin/);
    expect(failed.stderr).not.toMatch(/\n\s+at /);
    const missing = await runTs('scripts/admin.ts', ['key', 'revoke', '1'], env, 30_000);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^✖ key revoke needs <keyId>\n\nUsage: npm run admin/);
  });
});
