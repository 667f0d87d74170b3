import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dockerAnswers } from '../../scripts/stack/docker.ts';
import { readState, statePath } from '../../scripts/stack/state.ts';
import { closedPort } from '../support/app.ts';
import { launcherEnv, runTs } from '../support/run.ts';

// The Redis the launcher starts itself, on a port and in a cache of each test's own (OpenSearch is the one the
// global setup provides, given as a URL, so no second OpenSearch starts). Needs redis-server; with Docker the
// launcher would use docker compose instead.
const redisServer = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
})();
const skip = !redisServer || (await dockerAnswers());

async function ownStack(prefix: string) {
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const port = String(await closedPort());
  const env = launcherEnv({
    STACK_CACHE_DIR: cacheDir,
    STACK_REDIS_PORT: port,
    OPENSEARCH_URL: inject('opensearchUrl'),
    STACK_TIMEOUT_S: '20',
  });
  return {
    cacheDir,
    port,
    env,
    passwordFile: path.join(cacheDir, 'redis', 'password'),
    stack: (...args: string[]) => runTs('scripts/stack.ts', args, env, 60_000),
    async remove() {
      await runTs('scripts/stack.ts', ['down'], env);
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}

/** PING without a password: what any local user could do. */
async function pingWithoutPassword(port: string): Promise<string> {
  const redis = new Redis(Number(port), '127.0.0.1', {
    lazyConnect: true,
    enableReadyCheck: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return await redis.ping();
  } catch (error) {
    return (error as Error).message;
  } finally {
    redis.disconnect();
  }
}

const lastJson = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1) ?? 'null');

describe.skipIf(skip)("the launcher's Redis", () => {
  let s: Awaited<ReturnType<typeof ownStack>>;
  let first: Awaited<ReturnType<typeof runTs>>;
  let password: string;
  let redis: Redis;

  beforeAll(async () => {
    s = await ownStack('stack-redis-');
    first = await s.stack('up');
    password = readFileSync(s.passwordFile, 'utf8').trim();
    redis = new Redis(`redis://:${password}@127.0.0.1:${s.port}`);
  }, 60_000);
  afterAll(async () => {
    redis?.disconnect();
    await s?.remove();
  });

  it('gets a generated password kept in the cache, readable by its owner only', () => {
    expect(first.code, first.stderr).toBe(0);
    expect(statSync(s.passwordFile).mode & 0o777).toBe(0o600);
    expect(password).toMatch(/^[\w-]{32}$/);
  });

  it('refuses clients without the password and listens on loopback only', async () => {
    expect(await pingWithoutPassword(s.port)).toMatch(/^NOAUTH/);
    expect(await redis.ping()).toBe('PONG');
    expect(await redis.config('GET', 'bind')).toEqual(['bind', '127.0.0.1']);
  });

  it('never shows the password: not in the output, the command line `ps` shows, or state.json', () => {
    const pid = readState(s.cacheDir).redis?.pid;
    expect(first.stdout).toContain(`redis://:***@127.0.0.1:${s.port}`);
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    for (const text of [first.stdout, first.stderr, commandLine, readFileSync(statePath(s.cacheDir), 'utf8')]) {
      expect(text).not.toContain(password);
    }
  });

  it('is reused by the next up, with the same password file', async () => {
    const again = await s.stack('up', '--json');
    expect(again.code, again.stderr).toBe(0);
    expect(lastJson(again.stdout).redis).toMatchObject({
      reused: true,
      pid: readState(s.cacheDir).redis?.pid,
      url: `redis://:***@127.0.0.1:${s.port}`,
    });
    expect(again.stdout).not.toContain(password);
    expect(readFileSync(s.passwordFile, 'utf8').trim()).toBe(password);
  });

  it('is listed by stack:status as running and healthy, its URL masked', async () => {
    const json = await s.stack('status', '--json');
    expect(lastJson(json.stdout)).toEqual([
      expect.objectContaining({ name: 'redis', running: true, healthy: true, url: `redis://:***@127.0.0.1:${s.port}` }),
    ]);
    const text = await s.stack('status');
    expect(text.stdout).toMatch(/Redis .*\n.*\n\s+healthy/);
    expect(json.stdout + text.stdout).not.toContain(password);
  });

  it('reaches tools: `stack.ts env` prints REDIS_URL, and admin finds it without one', async () => {
    const env = await s.stack('env');
    expect(env.stdout).toContain(`REDIS_URL=redis://:${password}@127.0.0.1:${s.port}\n`);
    const prefix = `stack-admin-${process.pid}:`;
    const admin = await runTs('scripts/admin.ts', ['account', 'create', '--plan', 'user'], {
      ...s.env,
      REDIS_KEY_PREFIX: prefix,
    });
    expect(admin.code, admin.stderr).toBe(0);
    expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);
  });
});

describe.skipIf(skip)('a Redis the launcher finds from an earlier run', () => {
  it('without a password (an older launcher started it): restarted with one, its data kept', async () => {
    const s = await ownStack('stack-legacy-');
    const dir = path.join(s.cacheDir, 'redis');
    mkdirSync(dir);
    const old = spawn(redisServer, ['--port', s.port, '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes'], {
      stdio: 'ignore',
    });
    try {
      const before = new Redis(Number(s.port), '127.0.0.1', { retryStrategy: () => 100 });
      before.on('error', () => {}); // refused until the server listens; the command waits and is sent then
      await before.set('kept', 'yes');
      before.disconnect();
      // state.json as the launcher wrote it before start times were recorded.
      const legacy = { name: 'redis', url: `redis://127.0.0.1:${s.port}`, provider: 'local', pid: old.pid };
      writeFileSync(statePath(s.cacheDir), JSON.stringify({ redis: legacy }));

      const run = await s.stack('up');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/runs without a password: restarting it/);
      expect(old.exitCode ?? old.signalCode).not.toBeNull();
      expect(readState(s.cacheDir).redis?.pid).not.toBe(old.pid);
      expect(await pingWithoutPassword(s.port)).toMatch(/^NOAUTH/);
      const password = readFileSync(s.passwordFile, 'utf8').trim();
      const after = new Redis(`redis://:${password}@127.0.0.1:${s.port}`);
      expect(await after.get('kept')).toBe('yes');
      after.disconnect();
    } finally {
      old.kill('SIGKILL');
      await s.remove();
    }
  }, 60_000);

  it('killed with SIGKILL: the next up starts a new one at once', async () => {
    const s = await ownStack('stack-killed-');
    try {
      const first = await s.stack('up');
      expect(first.code, first.stderr).toBe(0);
      const killed = readState(s.cacheDir).redis?.pid as number;
      process.kill(killed, 'SIGKILL');
      // Its parent, the launcher, has exited: where PID 1 does not reap orphans (many containers) it stays a
      // zombie, which `kill -0` still finds. Before, that made `up` wait STACK_TIMEOUT_S and then fail.
      await sleep(200);
      const started = Date.now();
      const run = await s.stack('up');
      expect(run.code, run.stderr).toBe(0);
      expect(Date.now() - started).toBeLessThan(15_000);
      const restarted = readState(s.cacheDir).redis;
      expect(restarted?.pid).not.toBe(killed);
      expect(run.stdout).toMatch(new RegExp(`pid ${restarted?.pid}, started`));
    } finally {
      await s.remove();
    }
  }, 60_000);

  it('a zombie under its recorded PID counts as dead, whoever its parent is', async () => {
    const s = await ownStack('stack-zombie-');
    // `sleep 1` runs in the background of a shell that then becomes `sleep 30`, which never reaps it.
    const parent = spawn('sh', ['-c', 'sleep 1 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const [line] = await once(parent.stdout, 'data');
      const pid = Number(String(line).trim());
      const startTicks = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[19];
      const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      await sleep(1500);
      expect(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0]).toBe('Z');
      const zombie = {
        name: 'redis',
        url: `redis://127.0.0.1:${s.port}`,
        provider: 'local',
        pid,
        startTime: `${bootId}:${startTicks}`,
      };
      writeFileSync(statePath(s.cacheDir), JSON.stringify({ redis: zombie }));

      expect(lastJson((await s.stack('status', '--json')).stdout)).toEqual([
        expect.objectContaining({ name: 'redis', running: false }),
      ]);
      const run = await s.stack('up');
      expect(run.code, run.stderr).toBe(0);
      expect(readState(s.cacheDir).redis?.pid).not.toBe(pid);
    } finally {
      parent.kill('SIGKILL');
      await s.remove();
    }
  }, 60_000);
});
