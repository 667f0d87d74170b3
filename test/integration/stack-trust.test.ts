import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { dockerAnswers } from '../../scripts/stack/docker.ts';
import { discoverJava } from '../../scripts/stack/java.ts';
import { OPENSEARCH_VERSION } from '../../scripts/stack/pins.ts';
import { processStart } from '../../scripts/stack/process.ts';
import { statePath } from '../../scripts/stack/state.ts';
import { closedPort } from '../support/app.ts';
import { launcherEnv, runTs } from '../support/run.ts';

// The launcher believes its cache: which PIDs it may signal (state.json), that the unpacked OpenSearch was verified
// (.verified), Redis's password and data. A cache someone else owns or can write must be refused, not used.
const root = process.getuid?.() === 0;
const NOBODY = 65_534;
const docker = await dockerAnswers();
const java = (() => {
  try {
    return !!discoverJava();
  } catch {
    return false;
  }
})();
let cacheDir: string;
let victim: ChildProcess & { pid: number };

const stack = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
  runTs('scripts/stack.ts', args, launcherEnv({ STACK_CACHE_DIR: cacheDir, ...extra }), 60_000);

beforeEach(() => {
  cacheDir = mkdtempSync(path.join(os.tmpdir(), 'stack-trust-'));
  chmodSync(cacheDir, 0o755);
  // A process state.json names with its true start time: a launcher that trusted the file would stop it.
  victim = spawn('sleep', ['60'], { stdio: 'ignore' }) as ChildProcess & { pid: number };
  const redis = {
    name: 'redis',
    url: 'redis://127.0.0.1:1',
    provider: 'local',
    pid: victim.pid,
    startTime: processStart(victim.pid),
  };
  writeFileSync(statePath(cacheDir), JSON.stringify({ redis }));
});
afterEach(() => {
  victim.kill('SIGKILL');
  chmodSync(cacheDir, 0o755);
  rmSync(cacheDir, { recursive: true, force: true });
});

async function expectRefused(args: string[], message: RegExp, extra: NodeJS.ProcessEnv = {}) {
  const run = await stack(args, extra);
  expect(run.code, `${args.join(' ')}: ${run.stdout}`).toBe(1);
  expect(run.stderr).toMatch(message);
  expect(run.stderr).not.toMatch(/\n\s+at /); // advice, not a stack trace
}

describe("the launcher's cache", () => {
  it.each([
    ['777', 'its group and others'],
    ['775', 'its group'],
    ['757', 'others'],
  ])('is refused when its mode is %s (writable by %s), and nothing it lists is signalled', async (mode, who) => {
    chmodSync(cacheDir, Number.parseInt(mode, 8));
    const advice = new RegExp(`can be written by ${who} \\(mode ${mode}\\)[\\s\\S]*chmod go-w`);
    for (const command of [['status'], ['down'], ['up']]) await expectRefused(command, advice);
    await sleep(300);
    expect(victim.exitCode ?? victim.signalCode).toBeNull();
  });

  it.skipIf(!root)('is refused when the folder belongs to another user', async () => {
    chownSync(cacheDir, NOBODY, NOBODY);
    for (const command of [['status'], ['down']]) {
      await expectRefused(command, /cache folder .* belongs to nobody \(uid 65534\)[\s\S]*STACK_CACHE_DIR/);
    }
    expect(victim.exitCode ?? victim.signalCode).toBeNull();
  });

  it.skipIf(!root)('is refused when state.json belongs to another user', async () => {
    chownSync(statePath(cacheDir), NOBODY, NOBODY);
    await expectRefused(['down'], /state file .*state\.json belongs to nobody/);
    expect(victim.exitCode ?? victim.signalCode).toBeNull();
  });

  it.skipIf(!root)("is refused when Redis's password file belongs to another user", async () => {
    const file = path.join(cacheDir, 'redis', 'password');
    mkdirSync(path.dirname(file));
    writeFileSync(file, 'planted-password-0123456789', { mode: 0o600 });
    chownSync(file, NOBODY, NOBODY);
    await expectRefused(['status'], /Redis password file .* belongs to nobody/);
  });

  it.skipIf(!root || !java || docker)(
    'is refused when the unpacked OpenSearch was marked verified by another user',
    async () => {
      const home = path.join(cacheDir, `opensearch-${OPENSEARCH_VERSION}`);
      mkdirSync(home);
      writeFileSync(path.join(home, '.verified'), 'planted\n');
      chownSync(path.join(home, '.verified'), NOBODY, NOBODY);
      await expectRefused(['up'], /verification marker .*\.verified belongs to nobody/, {
        STACK_OPENSEARCH_PORT: String(await closedPort()),
        REDIS_URL: inject('redisUrl'),
      });
    },
  );
});
