import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';

// The vectors benchmark at a tiny size so it cannot rot: load, merge, disk usage, k-NN latency, and a report.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const out = mkdtempSync(path.join(os.tmpdir(), 'bench-vectors-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run bench:vectors at a tiny size', () => {
  it('loads, merges and searches the vectors and writes the report', { timeout: 120_000 }, async () => {
    await run(
      process.execPath,
      [
        path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        'bench/vectors.ts',
        ...['--count', '2000', '--queries', '20', '--out', out],
      ],
      { cwd: root, env: { ...process.env, OPENSEARCH_URL: inject('opensearchUrl') } },
    );
    const files = readdirSync(out);
    expect(files).toEqual([expect.stringMatching(/^vectors-\d{4}-\d{2}-\d{2}-2000\.md$/)]);
    const report = readFileSync(path.join(out, files[0] as string), 'utf8');
    expect(report).toMatch(/^# Creators' vectors at 2,000, /);
    expect(report).toMatch(/^\| bulk load .* \| \d+ s \([\d,]+ vectors\/s\) \|$/m);
    // 384 float32 a creator at the least, whatever the graph adds.
    const perCreator = Number(/MB \((\d+) bytes a creator\)/.exec(report)?.[1]);
    expect(perCreator).toBeGreaterThanOrEqual(384 * 4);
    expect(report).toMatch(/OpenSearch `took` p50 \/ p99 \| \d+ \/ \d+ ms \|$/m);
    const { status } = await fetch(`${inject('opensearchUrl')}/bench-vectors`);
    expect(status).toBe(404);
  });
});
