import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadStackConfig, REPO_ROOT } from './config.ts';
import { ownServices } from './launcher.ts';
import { isRunning } from './process.ts';
import { maskUrl } from './redis.ts';
import type { Service } from './state.ts';

/** The URL, password included, of the Redis the launcher runs; undefined if none runs or its cache is not trusted. */
export function launcherRedisUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  try {
    const redis = ownServices(loadStackConfig(env)).redis;
    return redis && (redis.provider === 'docker' || isRunning(redis)) ? redis.url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The launcher's commands and the repository's tools read .env when it exists, like `docker compose` does. When
 * neither the environment nor .env sets REDIS_URL, a tool (`npm run admin`) gets the URL of the Redis the launcher
 * runs, password included, as the API does. The launcher itself passes `launcherRedis: false`: for it, REDIS_URL
 * means a Redis of the user's.
 */
export function loadDotEnv({ launcherRedis = true } = {}): void {
  const file = path.join(REPO_ROOT, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
  if (launcherRedis && !process.env.REDIS_URL) {
    const url = launcherRedisUrl();
    if (url) process.env.REDIS_URL = url;
  }
}

const LABELS = { opensearch: 'OpenSearch', redis: 'Redis', api: 'API' } as const;

export function describe(service: Omit<Service, 'reused'> & { reused?: boolean }): string {
  const how =
    service.provider === 'local'
      ? `local process, pid ${service.pid}`
      : service.provider === 'docker'
        ? 'docker compose'
        : 'external';
  const fresh = service.reused === undefined ? '' : service.reused ? ', reused' : ', started';
  const log = service.log ? `\n${' '.repeat(12)}log: ${path.relative(process.cwd(), service.log)}` : '';
  return `${LABELS[service.name].padEnd(11)} ${maskUrl(service.url)}  (${how}${fresh})${log}`;
}

/** Runs a CLI body; a launcher error ends with its message and exit code 1, never a stack trace. */
export async function main(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    console.error(`\n✖ ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
