import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { loadStackConfig } from '../../scripts/stack/config.ts';
import { dockerAnswers } from '../../scripts/stack/docker.ts';
import { maskUrl } from '../../scripts/stack/redis.ts';
import { readState } from '../../scripts/stack/state.ts';
import { closedPort } from '../support/app.ts';
import { launcherEnv, runTs } from '../support/run.ts';

// These exercise the local launcher itself, so they run when the global setup used it (no Docker, no URLs given).
const launcherState = readState(loadStackConfig(launcherEnv()).cacheDir);
const launcherRuns = !!launcherState.opensearch && !!launcherState.redis && !(await dockerAnswers());

describe.skipIf(!launcherRuns)('stack launcher', () => {
  it('a second stack:up reuses the running stack', async () => {
    const run = await runTs('scripts/stack.ts', ['up', '--json'], launcherEnv());
    expect(run.code, run.stderr).toBe(0);
    const stack = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
    for (const name of ['opensearch', 'redis'] as const) {
      expect(stack[name]).toMatchObject({ reused: true, provider: 'local', pid: launcherState[name]?.pid });
    }
    expect(stack.opensearch.url).toBe(inject('opensearchUrl'));
    // Printed masked; the tests got the real URL, password included, from the launcher's up().
    expect(stack.redis.url).toBe(maskUrl(inject('redisUrl')));
    expect(stack.redis.url).toMatch(/^redis:\/\/:\*\*\*@127\.0\.0\.1:\d+$/);
  });

  it('a port taken by another process ends with a clear error and a non-zero exit, without waiting', async () => {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'stack-test-'));
    try {
      // A fresh cache knows nothing of the running Redis, so its port is "taken by someone else".
      const taken = new URL(inject('redisUrl')).port;
      const run = await runTs(
        'scripts/stack.ts',
        ['up'],
        launcherEnv({ STACK_CACHE_DIR: cacheDir, STACK_REDIS_PORT: taken, OPENSEARCH_URL: inject('opensearchUrl') }),
        30_000,
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(new RegExp(`Port ${taken} on 127.0.0.1 is already taken`));
      expect(run.stderr).toMatch(/STACK_REDIS_PORT/);
      expect(run.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('an OpenSearch that dies on start ends with a non-zero exit and the last lines of its log', async () => {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'stack-test-'));
    chmodSync(cacheDir, 0o755); // mkdtemp's 0700 would keep the unprivileged server user out
    try {
      const run = await runTs(
        'scripts/stack.ts',
        ['up'],
        launcherEnv({
          STACK_CACHE_DIR: cacheDir,
          STACK_OPENSEARCH_PORT: String(await closedPort()),
          // The JVM refuses a heap this small, so the server exits at once.
          STACK_OPENSEARCH_HEAP: '1m',
          REDIS_URL: inject('redisUrl'),
        }),
        180_000,
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/OpenSearch exited with code \d+ during start-up/);
      expect(run.stderr).toMatch(/Last lines of its logs:[\s\S]*heap/i);
      expect(readState(cacheDir).opensearch).toBeUndefined();
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  }, 200_000);
});
