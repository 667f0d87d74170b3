import { execFile, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, fchmodSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export class StackError extends Error {
  override name = 'StackError';
}

const running = new Map<string, Promise<unknown>>();

/**
 * Runs `work` once per process and `key`, however many callers ask at once (the nodes of a cluster and the single
 * stack start together); a failure is forgotten, so the next caller tries again.
 */
export function oncePerProcess<T>(key: string, work: () => Promise<T>): Promise<T> {
  let result = running.get(key) as Promise<T> | undefined;
  if (!result) {
    result = work();
    running.set(key, result);
    result.catch(() => running.delete(key));
  }
  return result;
}

/** A process the launcher started, as recorded in state.json. */
export interface ProcessRef {
  pid: number;
  /** What `processStart` said right after the start; a PID is signalled only while it still says the same. */
  startTime?: string;
}

let bootId: string | undefined;

/** The fields of /proc/<pid>/stat the launcher uses. The name (field 2) may hold spaces and ")": split after the last. */
/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses): [0] is field 3. */
export const procStatFields = (text: string): string[] => text.slice(text.lastIndexOf(')') + 2).split(' ');

export function parseProcStat(text: string): { state: string; startTicks: number } | undefined {
  const fields = procStatFields(text);
  // fields[0] is field 3 (state), so field 22 (starttime, in clock ticks since boot) is fields[19].
  const state = fields[0];
  const startTicks = Number(fields[19]);
  return state && Number.isInteger(startTicks) ? { state, startTicks } : undefined;
}

/**
 * Who a PID is now: the boot id and the start time in clock ticks (field 22 of /proc/<pid>/stat), or `ps`'s
 * start time where there is no /proc. Undefined when no process has that PID, or only a zombie (dead, waiting for
 * a parent that does not reap it: a container's PID 1 often does not, so a killed server stays a zombie).
 */
export function processStart(pid: number): string | undefined {
  if (existsSync('/proc/self/stat')) {
    let stat: ReturnType<typeof parseProcStat>;
    try {
      stat = parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return undefined;
    }
    if (!stat || stat.state === 'Z' || stat.state === 'X') return undefined;
    bootId ??= readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${bootId}:${stat.startTicks}`;
  }
  try {
    const [state, ...started] = execFileSync('ps', ['-o', 'stat=', '-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
    })
      .trim()
      .split(/\s+/);
    return !state || state.startsWith('Z') ? undefined : started.join(' ');
  } catch {
    return undefined;
  }
}

/**
 * True only when the PID still belongs to the process the launcher started: a dead process, a zombie, or a PID
 * the system gave to another process since (its start time differs) are not running.
 */
export function isRunning(ref: Partial<ProcessRef> | undefined): ref is ProcessRef {
  if (!ref?.pid || !ref.startTime) return false;
  return processStart(ref.pid) === ref.startTime;
}

/**
 * SIGTERM, then SIGKILL when the process has not exited within `graceMs`. Each signal goes only to the process of
 * `ref` (checked just before), never to whatever has its PID now.
 */
export async function stopProcess(ref: Partial<ProcessRef>, graceMs = 20_000): Promise<void> {
  if (!isRunning(ref)) return;
  process.kill(ref.pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (isRunning(ref) && Date.now() < deadline) await sleep(200);
  if (isRunning(ref)) process.kill(ref.pid, 'SIGKILL');
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
export async function startDetached(start: DetachedStart): Promise<ProcessRef> {
  mkdirSync(path.dirname(start.log), { recursive: true });
  // Only the launcher's user may read it: a process's errors can carry what it connects with.
  const out = openSync(start.log, 'a', 0o600);
  fchmodSync(out, 0o600); // a log written before by an older launcher
  const child = spawn(start.command, start.args, {
    cwd: start.cwd,
    env: start.env,
    detached: true,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  // Read at once: the PID is ours until we stop waiting on it, and setpriv execs in place, so this is the server.
  const started = child.pid ? { pid: child.pid, startTime: processStart(child.pid) } : undefined;
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
    if (started && !exit) await stopProcess(started, 5000);
    throw new StackError(`${(error as Error).message}\nLast lines of its logs:\n${logs()}`);
  }
  if (!started?.startTime) throw new StackError(`${start.what} has no process id`);
  return started;
}
