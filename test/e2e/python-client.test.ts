import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureVenv, runChecked } from '../../clients/python/scripts/venv.ts';
import { redisKeys } from '../../src/access/store.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, sponsor } from '../support/dataset.ts';
import { REPO_ROOT } from '../support/run.ts';

// The Python client (clients/python/) installed with pip into a venv of its own, its pytest suite run against the
// real service on a real port, OpenSearch and Redis. The venv is made once (pip downloads: minutes on a first run)
// and kept in .cache/ while pyproject.toml and the interpreter stay the same; the package is reinstalled every run.
const CLIENT = path.join(REPO_ROOT, 'clients/python');
const VENV = path.join(REPO_ROOT, '.cache/python-client-venv');
// How long the spent window of CSI_LIMITED_KEY still runs when pytest starts: long enough to reach its test (the
// first file), short enough that waiting it out is cheap.
const LIMITED_WINDOW_MS = 8000;

let data: Awaited<ReturnType<typeof loadRecords>>;
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  const creators = Array.from({ length: 12 }, (_, i) => creator(i + 1, { name: `Keyboard Builder ${i + 1}` }));
  data = await loadRecords('pyclient', [sponsor(1, 'Keyforge Labs')], creators);
  // Pages of 4 and a depth limit of 10: a search for them has 3 pages.
  t = await createTestApp({ INDEX_PREFIX: data.prefix, LOG_LEVEL: 'silent', PAGE_SIZE: '4', SEARCH_DEPTH_LIMIT: '10' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await data?.drop();
});

/** A key whose one-minute window is spent and ends in `ms`: its next call is a 429 with a Retry-After of seconds. */
async function limitedKey(ms: number): Promise<string> {
  const { key, keyId, accountId } = await t.key({ unlimited: false, allowance: 100 });
  const [, , window] = redisKeys(t.config.redisKeyPrefix).together.access(accountId, keyId, '');
  await t.clients.redis.set(window, String(t.config.plans.user.perMinute), 'PX', ms);
  return key;
}

describe('the Python client', () => {
  it('installs with pip from the repository and passes its tests against the service', async () => {
    const started = Date.now();
    const { python, bin, made } = await ensureVenv(
      VENV,
      readFileSync(path.join(CLIENT, 'pyproject.toml'), 'utf8'),
      async (venv) => {
        await runChecked(venv.python, ['-m', 'pip', 'install', '--quiet', `${CLIENT}[test,pandas]`]);
      },
    );
    // A kept venv gets this checkout's package, not the one it was made with.
    if (!made) await runChecked(python, ['-m', 'pip', 'install', '--quiet', '--no-deps', '--force-reinstall', CLIENT]);
    const installed = Date.now();

    const env = {
      ...process.env,
      // Bytecode and pytest's cache stay out of the tree.
      PYTHONDONTWRITEBYTECODE: '1',
      CSI_BASE_URL: baseUrl,
      CSI_API_KEY: (await t.key({ unlimited: false, allowance: 1000 })).key,
      CSI_QUERY: 'keyboard builder',
      CSI_BROKE_KEY: (await t.key({ unlimited: false, allowance: 0 })).key,
      CSI_LIMITED_KEY: await limitedKey(LIMITED_WINDOW_MS),
    };
    // The rate-limit file first, while its window still runs; pytest runs a file named twice once.
    const { stdout } = await runChecked(path.join(bin, 'pytest'), ['-q', '-rs', 'tests/test_rate_limit.py', 'tests'], {
      cwd: CLIENT,
      env,
      timeoutMs: 120_000,
    });
    const summary = stdout.trim().split('\n').at(-1) ?? '';
    console.log(
      `python client: ${made ? 'venv made' : 'venv kept'}, install ${((installed - started) / 1000).toFixed(1)} s; pytest: ${summary}`,
    );
    expect(summary).toMatch(/\d+ passed/);
    expect(summary).not.toMatch(/failed|error|skipped/);
  }, 600_000);
});
