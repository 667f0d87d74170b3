// The processes a benchmark runs in front of OpenSearch (API builds, the bare proxy) and what it reads about
// them from /proc: CPU time and resident memory.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { procStatFields } from '../../scripts/stack/process.ts';

const root = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Started {
  url: string;
  child: ChildProcess;
  pid: number;
}

/**
 * Starts `node args` with env on a free PORT and waits until `readyPath` answers 200; in `cwd`, the repository
 * unless another checkout is named (bench:api --baseline).
 */
export async function startNode(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyPath: string,
  cwd = root,
): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', METRICS_PORT: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) break;
    const answer = await fetch(`${url}${readyPath}`).catch(() => undefined);
    await answer?.body?.cancel();
    if (answer?.status === 200) return { url, child, pid: child.pid as number };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`node ${args.join(' ')} did not become ready at ${url}${readyPath}`);
}

export function stop(started: Started | undefined): Promise<void> {
  const child = started?.child;
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const stat = (pid: number) => procStatFields(readFileSync(`/proc/${pid}/stat`, 'utf8'));

/** CPU milliseconds a process has used: utime + stime, in clock ticks of 10 ms. */
export function cpuMs(pid: number): number {
  const fields = stat(pid);
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory in MB. */
export function rssMb(pid: number): number {
  return (Number(stat(pid)[21]) * 4096) / 1024 ** 2;
}
