import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './config.ts';
import type { Service } from './state.ts';

/** The launcher's commands read .env when it exists, like `docker compose` does. */
export function loadDotEnv(): void {
  const file = path.join(REPO_ROOT, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
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
  return `${LABELS[service.name].padEnd(11)} ${service.url}  (${how}${fresh})${log}`;
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
