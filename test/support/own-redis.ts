import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { closedPort } from './app.ts';

/** redis-server on PATH, or '' (with Docker the launcher needs none). */
export const REDIS_SERVER = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
})();

/**
 * A Redis of a test file's own, for tests that pause, slow down or stop it: files run in parallel, and the shared
 * one must keep answering the others. AOF on, so data survives `restart`.
 */
export async function ownRedis(name: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const port = await closedPort();
  let server: ChildProcess | undefined;
  const start = async () => {
    server = spawn(REDIS_SERVER, [
      ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''],
      ...['--appendonly', 'yes', '--appendfsync', 'always', '--enable-debug-command', 'yes'],
    ]);
    const probe = new Redis({ port, lazyConnect: true, retryStrategy: () => 100, maxRetriesPerRequest: null });
    probe.on('error', () => undefined);
    await probe.connect().catch(() => undefined);
    await probe.ping();
    probe.disconnect();
  };
  const stop = async () => {
    if (!server || server.exitCode !== null) return;
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    async remove() {
      server?.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
