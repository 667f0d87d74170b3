import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { StackConfig } from './config.ts';
import { redisHealthy } from './health.ts';
import { run, StackError, startDetached } from './process.ts';

async function findRedisServer(): Promise<string | undefined> {
  const found = await run('sh', ['-c', 'command -v redis-server'], { timeoutMs: 5000 }).catch(() => '');
  return found.trim() || (existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : undefined);
}

/** Debian's redis-server, installed with apt when missing and we are root. */
async function ensureRedisServer(timeoutMs: number): Promise<string> {
  const found = await findRedisServer();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new StackError(
      'redis-server is not installed. Install it (Debian/Ubuntu: sudo apt-get install -y redis-server) ' +
        'or set REDIS_URL to a Redis you run.',
    );
  }
  console.log('Installing redis-server with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => run('apt-get', ['install', '-y', '-q', 'redis-server'], { timeoutMs, env });
  // A fresh machine may have no package lists yet: update once, then try again.
  await install().catch(async () => {
    await run('apt-get', ['update', '-q'], { timeoutMs, env });
    await install();
  });
  const installed = await findRedisServer();
  if (!installed) throw new StackError('apt-get installed redis-server but it is not on PATH');
  return installed;
}

export async function startLocalRedis(config: StackConfig, url: string): Promise<number> {
  const server = await ensureRedisServer(config.timeoutMs);
  const dir = path.join(config.cacheDir, 'redis');
  mkdirSync(dir, { recursive: true });
  console.log(`Starting Redis (${server}) on port ${config.redisPort}…`);
  return startDetached({
    what: 'Redis',
    command: server,
    args: [
      '--port',
      String(config.redisPort),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--daemonize',
      'no',
    ],
    log: path.join(dir, 'redis.log'),
    timeoutMs: config.timeoutMs,
    healthy: () => redisHealthy(url),
  });
}
