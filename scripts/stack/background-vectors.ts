// The quick start's second load: the same data again, with the creators' sentence vectors. Embedding the 20,000
// demo creators takes about two minutes on two cores, so `npm run up` serves the lexical load at once and leaves
// this to a process of its own; the API turns semantic search on when the live index carries vectors of its model
// (src/search/live-index.ts). `npm run down` stops it; the next `up` starts it again if the vectors are still missing.

import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './config.ts';
import { isRunning, type ProcessRef, processStart, stopProcess } from './process.ts';

/** The indexer's Node flags, as `npm run index` passes them (test/unit/compose.test.ts keeps package.json in step). */
export const INDEXER_NODE_FLAGS = ['--max-old-space-size=256', '--import', 'tsx'] as const;

const jobFile = (cacheDir: string) => path.join(cacheDir, 'vectors.json');
export const vectorsLog = (cacheDir: string) => path.join(cacheDir, 'vectors.log');

function runningJob(cacheDir: string): ProcessRef | undefined {
  if (!existsSync(jobFile(cacheDir))) return undefined;
  try {
    const job = JSON.parse(readFileSync(jobFile(cacheDir), 'utf8')) as ProcessRef;
    return isRunning(job) ? job : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts `npm run index` in the background with vectors (unless one is running already), with `env` naming the
 * cluster and the data; its output goes to vectors.log in the cache folder.
 */
export function startVectorLoad(cacheDir: string, env: NodeJS.ProcessEnv): 'started' | 'running' {
  if (runningJob(cacheDir)) return 'running';
  const out = openSync(vectorsLog(cacheDir), 'w', 0o600);
  const child = spawn(process.execPath, [...INDEXER_NODE_FLAGS, path.join(REPO_ROOT, 'indexer', 'cli.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, SEMANTIC: 'true' },
    detached: true,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  child.unref();
  if (!child.pid) throw new Error(`The background vector load could not be started: see ${vectorsLog(cacheDir)}`);
  const job: ProcessRef = { pid: child.pid, startTime: processStart(child.pid) as string };
  writeFileSync(jobFile(cacheDir), `${JSON.stringify(job)}\n`, { mode: 0o644 });
  return 'started';
}

/** Stops a background vector load, if one runs. */
export async function stopVectorLoad(cacheDir: string): Promise<void> {
  const job = runningJob(cacheDir);
  if (job) await stopProcess(job);
  rmSync(jobFile(cacheDir), { force: true });
}
