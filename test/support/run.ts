import { execFile } from 'node:child_process';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a TypeScript entry point of the repo with tsx, as `npm run …` would, and never throws. */
export function runTs(script: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, script), ...args],
      { cwd: REPO_ROOT, env, timeout: timeoutMs },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The environment without the variables that point the launcher at existing services. */
export function launcherEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { OPENSEARCH_URL: _o, REDIS_URL: _r, ...rest } = process.env;
  return { ...rest, ...extra };
}
