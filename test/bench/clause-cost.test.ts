import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';

// npm run bench:clauses on a sample of the mix at a tiny size, so it cannot rot.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const out = mkdtempSync(path.join(os.tmpdir(), 'bench-clauses-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run bench:clauses at a tiny size', () => {
  it('measures every kind of clause and writes the report', async () => {
    await run(
      process.execPath,
      [
        path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        'bench/clause-cost.ts',
        ...['--size', '1000', '--limit', '60', '--out', out],
      ],
      { cwd: root, env: { ...process.env, OPENSEARCH_URL: inject('opensearchUrl') }, maxBuffer: 16 * 1024 * 1024 },
    );
    const files = readdirSync(out);
    expect(files).toEqual([expect.stringMatching(/^clauses-\d{4}-\d{2}-\d{2}T\d{4}\.md$/)]);
    const report = readFileSync(path.join(out, files[0] as string), 'utf8');
    expect(report).toMatch(/^Mix: the first 60 of bench:api's \d+ \(a sample/m);
    const row = (name: string) => new RegExp(`^\\| ${name} \\| [\\d.]+ \\| ([\\d.]+) \\| (\\d+) \\|$`, 'm');
    // The live shape against itself, and the two whole-request shapes that keep what they compare: a count in filter
    // context finds the same total, the page without an exact count the same top 25.
    for (const name of ['live shape', 'counting only \\(.*\\)', 'the page without an exact count \\(.*\\)']) {
      expect(report.match(row(name))?.[2]).toBe('0');
    }
    for (const kind of ['literal', 'relaxed', 'fuzzy', 'prefix', 'exact', 'ids', 'hints', 'popularity']) {
      expect(report).toMatch(row(`without ${kind}`));
    }
    // The popularity signals order the pages of the mix: without them some answers change.
    expect(Number(report.match(row('without popularity'))?.[2])).toBeGreaterThan(0);
    expect(report.match(row('live shape'))?.[1]).toBe('1.00');
  });
});
