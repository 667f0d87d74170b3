import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';

// The API benchmark, run end to end at a tiny size so it cannot rot: data generated and loaded both ways, the
// same-answers check, every target in the closed loop, the open loop, lookups and the memory soak, and a report.
// With --semantic, which adds the API with semantic search on, query embedding and lookalikes to all of that.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const out = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run bench:api at a tiny size', () => {
  it('measures every target and writes the report', { timeout: 420_000 }, async () => {
    // Two sizes, the larger above --before-up-to: only the live shape runs there, and the growth section compares them.
    const args = ['--sizes', '1000,2000', '--before-up-to', '1000', '--layouts', 'shared'];
    args.push('--duration', '1', '--rounds', '2', '--warmup', '1');
    args.push('--semantic');
    await run(
      process.execPath,
      [
        path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        'bench/api.ts',
        ...args,
        ...['--open', '1', '--sequential', '10', '--soak', '10', '--out', out],
      ],
      {
        cwd: root,
        env: { ...process.env, OPENSEARCH_URL: inject('opensearchUrl'), REDIS_URL: inject('redisUrl') },
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    // The report, and the chart of how cost grows that it draws beside it when it measures more than one size.
    const [chart, name] = readdirSync(out).sort();
    expect(name).toMatch(/^api-\d{4}-\d{2}-\d{2}T\d{4}\.md$/);
    expect(chart).toBe(name?.replace(/\.md$/, '-growth.svg'));
    const report = readFileSync(path.join(out, name as string), 'utf8');
    expect(report).toMatch(/the live shape returned the same top 25 \(ids and order\) and totalFound/);
    expect(report).toMatch(/^\| 1,000 \| shared \| \d+ \| \d+ \| [\d.]+ \([\d.]+–[\d.]+\) \|/m);
    // Every target sends whole passes of the mix in each round, so its figures average the same searches.
    expect(report).toMatch(
      /^Passes of the mix per target and round: 1,000 shared: before: [^;]* [1-9]\d*, .*API, metered key [1-9]\d*/m,
    );
    for (const target of [
      'API, metered key',
      'API, metered key, SEMANTIC=on',
      'API, ACCESS_DISABLED',
      'bare Node proxy',
    ]) {
      expect(report).toMatch(new RegExp(`^\\| 1,000 \\| shared \\| ${target} \\| \\d+ \\| \\d+ \\|`, 'm'));
      // One open-loop row per offered rate (50% and 80%) for every process in front of OpenSearch, its p99 minus
      // direct's as the median of the rounds and their range, and the calls it shed in each round.
      const open = new RegExp(
        `^\\| 1,000 \\| shared \\| \\d+\\/s \\(\\d+% of direct's maximum\\) \\| ${target} \\|.* \\| -?[\\d.]+ \\(-?[\\d.]+–-?[\\d.]+\\) \\| \\d+, \\d+ \\|$`,
        'gm',
      );
      expect(report.match(open)).toHaveLength(2);
    }
    // The search work alone, in the closed loop only: its CPU and the metered API's against the bare proxy's.
    for (const target of ['API, metered key', 'Fastify, search work only']) {
      expect(report).toMatch(
        new RegExp(
          `^\\| 1,000 \\| shared \\| ${target} \\|.* \\| [\\d.]+ \\| [\\d.]+ \\([\\d.]+–[\\d.]+\\) \\| [\\d.]+ \\|$`,
          'm',
        ),
      );
    }
    expect(report).not.toMatch(/of direct's maximum\) \| Fastify, search work only/);
    // The semantic API against the lexical one within rounds, and the embedding of every distinct query it embeds:
    // CPU p50 / p99, the wall p50, and how busy the rest of the machine was meanwhile.
    expect(report).toMatch(
      /^\| 1,000 \| shared \| \d+ \| \d+ \| [\d.]+ \([\d.]+–[\d.]+\) \| [\d.]+ → [\d.]+ \| [\d.]+ → [\d.]+ \| [\d.]+ \/ [\d.]+ \(wall p50 [\d.]+; \d+ queries; other processes [\d.]+ cores\) \|$/m,
    );
    expect(report).toContain('the descriptive ones included (--semantic)');
    for (const kind of ['creator', 'audience', 'sponsor', 'similar']) {
      expect(report).toMatch(
        new RegExp(`^\\| 1,000 \\| shared \\| ${kind} \\| [\\d.]+ / [\\d.]+ \\| [\\d.]+ / [\\d.]+ \\|`, 'm'),
      );
    }
    // The metered API at 50% and 150% of its own maximum: served latencies, the share shed, and every shed call free.
    expect(report).toMatch(
      /^\| 1,000 \| shared \| \d+\/s \| [\d.]+ \/ [\d.]+ \| [\d.]+ \/ [\d.]+ \| [\d.]+ \([\d.]+–[\d.]+\) \| [\d.]+ \([\d.]+–[\d.]+\) \| \d+ \/ \d+, \d+ \/ \d+ \(every shed call free\) \|$/m,
    );
    expect(report).toMatch(/## Memory under load\n\nThe API \(metered key\) at 1,000 creators under 10 s/);
    // Above --before-up-to the frozen shape is neither loaded nor measured; direct and the API still are, open loop too.
    expect(report).toContain('Same answers: at every size up to 1,000 creators');
    expect(report).not.toMatch(/^Passes of the mix per target and round: .*2,000 shared: before:/m);
    const growth =
      /^\| 2,000 \| shared \| [\d–]+ \| \d+ \| \d+ \| [\d.]+ \([\d.]+×\) \| [\d.]+ \/ [\d.]+ \| [\d.]+ \/ [\d.]+ \|$/m;
    expect(report).toMatch(growth);
  });
});
