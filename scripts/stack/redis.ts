import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { StackConfig } from './config.ts';
import { redisProbe } from './health.ts';
import { oncePerProcess, type ProcessRef, run, StackError, startDetached } from './process.ts';
import { assertTrusted } from './trust.ts';

async function findRedisServer(): Promise<string | undefined> {
  const found = await run('sh', ['-c', 'command -v redis-server'], { timeoutMs: 5000 }).catch(() => '');
  return found.trim() || (existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : undefined);
}

/**
 * Debian's redis-server, installed with apt when missing and we are root; once per process (two apt-get runs at
 * once would fight over dpkg's lock).
 */
export function ensureRedisServer(timeoutMs: number): Promise<string> {
  return oncePerProcess('redis-server', () => installRedisServer(timeoutMs));
}

async function installRedisServer(timeoutMs: number): Promise<string> {
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

export const redisDir = (cacheDir: string) => path.join(cacheDir, 'redis');
export const redisPasswordFile = (cacheDir: string) => path.join(redisDir(cacheDir), 'password');

function ensureRedisDir(cacheDir: string): string {
  const dir = redisDir(cacheDir);
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    chmodSync(dir, 0o755);
  }
  assertTrusted(dir, "Redis's folder");
  return dir;
}

/** The password of the launcher's Redis, or undefined before the first start made one. */
export function readRedisPassword(cacheDir: string): string | undefined {
  const file = redisPasswordFile(cacheDir);
  if (!existsSync(file)) return undefined;
  assertTrusted(file, 'The Redis password file');
  const mode = statSync(file).mode & 0o777;
  if (mode & 0o077) {
    throw new StackError(
      `The Redis password file ${file} can be read by others (mode ${mode.toString(8)}). Run: chmod 600 ${file}\n` +
        `If someone else may have read it, replace it: npm run stack:down redis && rm ${file} && npm run up`,
    );
  }
  const password = readFileSync(file, 'utf8').trim();
  if (!/^[\w-]{16,}$/.test(password)) {
    throw new StackError(
      `${file} does not hold a password the launcher can use (16 or more letters, digits, - or _). ` +
        'Delete it and run again (after npm run stack:down redis): a new one is made.',
    );
  }
  return password;
}

/**
 * The password of the launcher's Redis: made once (mode 0600), then read back by every `up`, `status` and tool, so
 * they all agree with the running server.
 */
export function redisPassword(cacheDir: string): string {
  const file = redisPasswordFile(cacheDir);
  if (!existsSync(file)) {
    ensureRedisDir(cacheDir);
    try {
      // `wx`: never through a file or link that appeared meanwhile (if a concurrent `up` made it, use that one).
      writeFileSync(file, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const password = readRedisPassword(cacheDir);
  if (!password) throw new StackError(`internal: ${file} was not written`);
  return password;
}

/** The URL clients use; the password needs no escaping (letters, digits, - and _). */
export function localRedisUrl(port: number, password: string | undefined): string {
  return `redis://${password ? `:${password}@` : ''}127.0.0.1:${port}`;
}

/** `url` with its password, if any, replaced by `***`: for anything printed or logged. */
export function maskUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:@/]*:)[^@/]+@/i, '$1***@');
}

/** `url` without user name and password: what state.json (readable by others) may hold. */
export function withoutCredentials(url: string): string {
  return url.replace(/^([a-z]+:\/\/)[^@/]*@/i, '$1');
}

/** redis.conf's quoting: a double-quoted string with \\ and \" escaped. */
function quoted(value: string): string {
  if (/[\r\n]/.test(value)) throw new StackError(`Redis cannot be configured with a line break in ${value}`);
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** The whole configuration, in a file: on the command line the password would show in `ps` to every user. */
export function redisConfig(options: { port: number; dir: string; password: string; cluster?: boolean }): string {
  // A cluster node: replicas authenticate to their master with the same password; a master silent for 2 s is
  // failed over (Redis's default of 15 s would keep its slots down that long).
  const cluster = options.cluster
    ? [
        'cluster-enabled yes',
        'cluster-config-file nodes.conf',
        'cluster-node-timeout 2000',
        `masterauth ${quoted(options.password)}`,
      ]
    : [];
  return [
    '# Written by the launcher (scripts/stack/redis.ts) at each start; edits here are lost.',
    `port ${options.port}`,
    'bind 127.0.0.1',
    'protected-mode yes',
    `dir ${quoted(options.dir)}`,
    'appendonly yes',
    'appendfsync everysec',
    'daemonize no',
    `requirepass ${quoted(options.password)}`,
    ...cluster,
    '',
  ].join('\n');
}

export function startLocalRedis(config: StackConfig, url: string): Promise<ProcessRef> {
  return startRedisNode(config, { port: config.redisPort, dir: ensureRedisDir(config.cacheDir), url });
}

/** A redis-server on 127.0.0.1:`port` with its data and configuration in `dir`, as one node of a cluster or alone. */
export async function startRedisNode(
  config: StackConfig,
  node: { port: number; dir: string; url: string; cluster?: boolean },
): Promise<ProcessRef> {
  const server = await ensureRedisServer(config.timeoutMs);
  const password = redisPassword(config.cacheDir);
  const conf = path.join(node.dir, 'redis.conf');
  rmSync(conf, { force: true });
  writeFileSync(conf, redisConfig({ port: node.port, dir: node.dir, password, cluster: node.cluster }), {
    mode: 0o600,
    flag: 'wx',
  });
  const shown = path.relative(process.cwd(), redisPasswordFile(config.cacheDir));
  const what = node.cluster ? `Redis cluster node ${node.port}` : 'Redis';
  console.log(`Starting ${what} (${server}) on 127.0.0.1:${node.port}, with the password in ${shown}…`);
  return startDetached({
    what,
    command: server,
    args: [conf],
    log: path.join(node.dir, 'redis.log'),
    timeoutMs: config.timeoutMs,
    healthy: async () => (await redisProbe(node.url)) === 'ok',
  });
}
