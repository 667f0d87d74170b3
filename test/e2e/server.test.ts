import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { closedPort } from '../support/app.ts';
import { creator, sponsor, TEST_PROFILE, writeDataset } from '../support/dataset.ts';
import { REPO_ROOT, runTs } from '../support/run.ts';

async function waitForReady(url: string, timeoutMs = 30_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(url).catch(() => undefined);
    if (response?.ok || Date.now() > deadline) return response ?? Response.error();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('src/server.ts as a process', () => {
  let server: ChildProcess | undefined;
  afterEach(() => {
    server?.kill('SIGKILL');
  });

  it('serves /readyz, the error shape and metrics on their own port, warns of nothing, and exits 0 on SIGTERM', async () => {
    const port = await closedPort();
    const metricsPort = await closedPort();
    server = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'src/server.ts')], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        OPENSEARCH_URL: inject('opensearchUrl'),
        REDIS_URL: inject('redisUrl'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    server.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    const base = `http://127.0.0.1:${port}`;
    expect((await waitForReady(`${base}/readyz`)).status).toBe(200);

    const nope = await fetch(`${base}/api/v1/nope`);
    expect(nope.status).toBe(404);
    expect(nope.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await nope.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    // Metrics on their own port, counting what the API port served.
    const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(scraped).toMatch(
      /csi_http_request_duration_seconds_count\{route="unmatched",method="GET",status_class="4xx"\} 1/,
    );
    expect((await fetch(`${base}/metrics`)).status).toBe(404);

    // SIGHUP re-reads the ranking profile; without the handler it would end the process (Node's default).
    server.kill('SIGHUP');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.exitCode).toBeNull();
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    // Fastify's FSTDEP023 (disableRequestLogging) used to print on every start.
    expect(stderr).not.toMatch(/Deprecation|Warning/);
  });

  it('refuses to start on a bad variable and names it', async () => {
    const run = await runTs('src/server.ts', [], { ...process.env, PORT: 'not-a-port' }, 30_000);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/PORT/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses to start on an invalid ranking profile and names the field', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bad-profile-'));
    const file = path.join(dir, 'bad.json');
    const profile = JSON.parse(readFileSync(TEST_PROFILE, 'utf8'));
    profile.creators.text.fields.name = -1;
    writeFileSync(file, JSON.stringify(profile));
    try {
      const run = await runTs('src/server.ts', [], { ...process.env, PORT: '0', RANKING_PROFILE: file }, 30_000);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`${file}: creators.text.fields.name`);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** `npm run up` on its own cache folder, index and key prefixes and port, so it neither replaces nor stops yours. */
async function quickStart(extraEnv: NodeJS.ProcessEnv = {}) {
  const port = String(await closedPort());
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'quickstart-test-'));
  // The model the tests' stack fetched (test/global-setup.ts), rather than a download into this folder.
  symlinkSync(path.join(REPO_ROOT, '.cache', 'stack', 'model'), path.join(cacheDir, 'model'));
  const prefix = `t${process.pid}_quickstart_`;
  const env = {
    ...process.env,
    PORT: port,
    STACK_CACHE_DIR: cacheDir,
    OPENSEARCH_URL: inject('opensearchUrl'),
    REDIS_URL: inject('redisUrl'),
    INDEX_PREFIX: prefix,
    REDIS_KEY_PREFIX: prefix,
    DATA_DIR: writeDataset([sponsor(1, 'Keyforge Labs')], [creator(1), creator(2)]),
    ...extraEnv,
  };
  const up = await runTs('scripts/start.ts', [], env);
  return {
    up,
    port,
    prefix,
    async down(what: string[]) {
      const down = await runTs('scripts/stack.ts', ['down', ...what], env);
      rmSync(cacheDir, { recursive: true, force: true });
      await fetch(`${inject('opensearchUrl')}/${prefix}*`, { method: 'DELETE' });
      return down;
    },
  };
}

describe('npm run up (scripts/start.ts)', () => {
  it('loads the data, starts the API on the stack, prints its address, logs and how to stop; `down api` stops it', async () => {
    const { up, port, down } = await quickStart();
    try {
      expect(up.code, up.stderr).toBe(0);
      expect(up.stdout).toContain(`http://127.0.0.1:${port}`);
      expect(up.stdout).toMatch(/log: .*api\.log/);
      expect(up.stdout).toContain('npm run down');
      expect(up.stdout).toMatch(/Data +data version v\w+ \(2 creators, 1 sponsors, loaded now\)/);
      expect(up.stdout).not.toContain('Vectors'); // SEMANTIC=false in the tests' environment
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
      // The printed search works and finds what it says.
      const [, key, search, found] =
        /Try: +curl -H 'Authorization: Bearer (\S+)' '([^']+)' +# (\d+) creators/.exec(up.stdout) ?? [];
      const answer = await fetch(String(search), { headers: { authorization: `Bearer ${key}` } });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { totalFound: number }).totalFound).toBe(Number(found));
    } finally {
      expect((await down(['api'])).stdout).toContain('Stopped: api');
    }
    await expect(fetch(`http://127.0.0.1:${port}/livez`)).rejects.toThrow();
  });

  it('with SEMANTIC=true, serves a load without vectors at once and loads them in the background', async () => {
    const { up, prefix, down } = await quickStart({ SEMANTIC: 'true' });
    try {
      expect(up.code, up.stderr).toBe(0);
      expect(up.stdout).toMatch(/Data +data version v\w+ \(2 creators, 1 sponsors, loaded now\)/);
      expect(up.stdout).toMatch(/Vectors +being computed in the background \(log: .*vectors\.log\)/);
      const embedded = async () => {
        const mapping = (await (await fetch(`${inject('opensearchUrl')}/${prefix}creators/_mapping`)).json()) as Record<
          string,
          { mappings: { _meta?: { embedding?: string | null } } }
        >;
        return Object.values(mapping)[0]?.mappings._meta?.embedding ?? null;
      };
      expect(await embedded()).toBeNull();
      const deadline = Date.now() + 90_000;
      while ((await embedded()) === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
      expect(await embedded()).toMatch(/^all-MiniLM-L6-v2/);
    } finally {
      await down([]);
    }
  });
});
