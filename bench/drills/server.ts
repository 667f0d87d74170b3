// src/server.ts as a process of its own, for the drills that need a real socket or a real process to kill: started
// on a free port under the drill's Redis key prefix and the drills' dataset, and returned once /readyz answers.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Context, drillEnv } from './lab.ts';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

export interface Server {
  base: string;
  process: ChildProcess;
  /** Resolves with the exit code (or null) and signal once the process has ended. */
  exited: Promise<unknown[]>;
  stderr: () => string;
}

export async function startServer(ctx: Context, prefix: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ctx.root, 'src/server.ts')], {
    cwd: ctx.root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: '0',
      ...drillEnv(ctx, prefix),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const exited = once(child, 'exit');
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150 && child.exitCode === null; i++) {
    if ((await fetch(`${base}/readyz`).catch(() => undefined))?.ok) break;
    await sleep(200);
  }
  if (child.exitCode !== null) throw new Error(`src/server.ts exited at start: ${stderr.trim().slice(0, 300)}`);
  return { base, process: child, exited, stderr: () => stderr };
}

/** A GET with a key: its status once the whole answer is read, or 0 when the connection closed without one. */
export const fetchStatus = (url: string, key: string) =>
  fetch(url, { headers: { authorization: `Bearer ${key}` } })
    .then(async (r) => {
      await r.text();
      return r.status;
    })
    .catch(() => 0);
