import path from 'node:path';
import { loadDotEnv } from '../../common/cli.ts';
import { loadStackConfig } from './config.ts';
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
 * .env, then, when neither it nor the environment sets REDIS_URL, the URL (password included) of the Redis the
 * launcher runs, as the API gets it: for the tools that use Redis (`npm run admin`, the benchmarks and drills).
 */
export function loadToolEnv(): void {
  loadDotEnv();
  if (!process.env.REDIS_URL) {
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
