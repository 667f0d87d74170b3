import { execFile, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export class StackError extends Error {
  override name = 'StackError';
}

export function isAlive(pid: number | undefined): pid is number {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user (OpenSearch runs as its own user).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** SIGTERM, then SIGKILL when the process has not exited within `graceMs`. */
export async function stopProcess(pid: number, graceMs = 20_000): Promise<void> {
  if (!isAlive(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(200);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function portAnswers(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Polls `check` until it returns a value, `failFast` throws, or the deadline passes. */
export async function waitFor<T>(
  what: string,
  timeoutMs: number,
  check: () => Promise<T | undefined>,
  failFast?: () => void,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    failFast?.();
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(500);
  }
  throw new StackError(`Timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
}

/** Runs a command to completion with a bounded time; rejects with its output on failure. */
export function run(
  command: string,
  args: string[],
  options: { timeoutMs: number; env?: NodeJS.ProcessEnv; cwd?: string },
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { timeout: options.timeoutMs, env: options.env, cwd: options.cwd, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const output = `${stdout}${stderr}`.trim().split('\n').slice(-20).join('\n');
        const reason = error.killed ? `timed out after ${options.timeoutMs / 1000} s` : `failed (${error.code})`;
        reject(new StackError(`${command} ${args.join(' ')} ${reason}${output ? `:\n${output}` : ''}`));
      },
    );
  });
}

export function tail(file: string, lines = 30): string {
  if (!existsSync(file)) return `(no log at ${file})`;
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

export async function fetchJson(url: string, timeoutMs: number): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

export interface DetachedStart {
  what: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Receives the process's stdout and stderr. */
  log: string;
  /** Shown too when start-up fails (a server's own log file). */
  otherLogs?: string[];
  timeoutMs: number;
  healthy: () => Promise<boolean>;
}

/**
 * Starts a process that outlives the launcher and waits until it is healthy. If it dies or stays unhealthy past the
 * deadline, it is stopped and the error carries the last lines of its logs.
 */
export async function startDetached(start: DetachedStart): Promise<number> {
  mkdirSync(path.dirname(start.log), { recursive: true });
  const out = openSync(start.log, 'a');
  const child = spawn(start.command, start.args, {
    cwd: start.cwd,
    env: start.env,
    detached: true,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  let exit: string | undefined;
  child.once('exit', (code, signal) => {
    exit = signal ? `was killed by ${signal}` : `exited with code ${code}`;
  });
  child.once('error', (error) => {
    exit = `could not be started: ${error.message}`;
  });
  child.unref();
  const logs = () => [start.log, ...(start.otherLogs ?? [])].map((f) => `--- ${f}\n${tail(f)}`).join('\n');
  try {
    await waitFor(
      `${start.what} to become healthy`,
      start.timeoutMs,
      async () => ((await start.healthy()) ? true : undefined),
      () => {
        if (exit) throw new StackError(`${start.what} ${exit} during start-up.`);
      },
    );
  } catch (error) {
    if (child.pid && !exit) await stopProcess(child.pid, 5000);
    throw new StackError(`${(error as Error).message}\nLast lines of its logs:\n${logs()}`);
  }
  if (!child.pid) throw new StackError(`${start.what} has no process id`);
  return child.pid;
}
