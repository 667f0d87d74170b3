import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { statePath } from '../../scripts/stack/state.ts';
import { launcherEnv, runTs } from '../support/run.ts';

// state.json names PIDs; the launcher (often root) must signal them only while they are still its processes.
// Each test lists processes of its own in a cache of its own, and checks which survive `stack:down`.
let cacheDir: string;
const children: ChildProcess[] = [];

function child(argv0?: string): ChildProcess & { pid: number } {
  const process = spawn('sleep', ['60'], { stdio: 'ignore', ...(argv0 ? { argv0 } : {}) });
  children.push(process);
  return process as ChildProcess & { pid: number };
}
const alive = (process: ChildProcess) => process.exitCode === null && process.signalCode === null;
const stack = (...args: string[]) => runTs('scripts/stack.ts', args, launcherEnv({ STACK_CACHE_DIR: cacheDir }));
const entry = (name: string, pid: number, startTime?: string) => ({
  name,
  url: name === 'api' ? 'http://127.0.0.1:1' : 'redis://127.0.0.1:1',
  provider: 'local',
  pid,
  ...(startTime ? { startTime } : {}),
});

beforeEach(() => {
  cacheDir = mkdtempSync(path.join(os.tmpdir(), 'stack-pids-'));
});
afterEach(() => {
  for (const process of children.splice(0)) process.kill('SIGKILL');
  rmSync(cacheDir, { recursive: true, force: true });
});

describe('a PID in state.json', () => {
  it('that another process has now (another start time) is not running, and never signalled', async () => {
    const other = child();
    writeFileSync(statePath(cacheDir), JSON.stringify({ redis: entry('redis', other.pid, 'another-boot:1') }));
    const status = await stack('status', '--json');
    expect(JSON.parse(status.stdout)).toEqual([expect.objectContaining({ name: 'redis', running: false })]);
    expect((await stack('down')).code).toBe(0);
    await sleep(300);
    expect(alive(other)).toBe(true);
  });

  it('from a launcher that recorded no start times: never signalled unless it runs the program named there', async () => {
    const notRedis = child();
    writeFileSync(statePath(cacheDir), JSON.stringify({ redis: entry('redis', notRedis.pid) }));
    expect((await stack('down')).code).toBe(0);
    await sleep(300);
    expect(alive(notRedis)).toBe(true);
  });

  it('from such a launcher: never signalled if its process started after state.json was written (a reused PID)', async () => {
    const lookalike = child('redis-server');
    writeFileSync(statePath(cacheDir), JSON.stringify({ redis: entry('redis', lookalike.pid) }));
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(statePath(cacheDir), hourAgo, hourAgo);
    expect((await stack('down')).code).toBe(0);
    await sleep(300);
    expect(alive(lookalike)).toBe(true);
  });

  it('from such a launcher, of the process it started: adopted (its start time recorded) and stopped by down', async () => {
    const redis = child('redis-server');
    await sleep(100);
    writeFileSync(statePath(cacheDir), JSON.stringify({ redis: entry('redis', redis.pid) }));
    const status = await stack('status', '--json');
    expect(JSON.parse(status.stdout)).toEqual([expect.objectContaining({ name: 'redis', running: true })]);
    expect(JSON.parse(readFileSync(statePath(cacheDir), 'utf8')).redis.startTime).toMatch(/^[\w-]+:\d+$/);
    expect((await stack('down')).stdout).toMatch(/Stopped: redis/);
    await sleep(300);
    expect(redis.signalCode).toBe('SIGTERM');
  });
});
