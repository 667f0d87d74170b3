import { describe, expect, it } from 'vitest';
import { growthChart, growthPoints, growthTable } from '../../bench/api/growth.ts';
import type { Figures, OpenLoopFigures } from '../../bench/api/load.ts';
import { API, LIVE, type SizeResult } from '../../bench/api/report.ts';

const closed = (opensearchCpu: number): Figures => ({
  rps: 1000 / opensearchCpu,
  p50: 5,
  p99: 20,
  opensearchCpu,
  frontCpu: 0.5,
  loaderCpu: 0.1,
});
const open = (p99: number): OpenLoopFigures => ({ p50: p99 / 4, p99, served: 100, shed: 0 });

/** A size measured in three rounds whose OpenSearch CPU per search is cpu, cpu × 1.1 and cpu × 0.9. */
function size(creators: number, layout: string, cpu: number, p99: number, loadSeconds?: number): SizeResult {
  return {
    creators,
    layout,
    loadSeconds,
    indexBytes: creators * 1024,
    rounds: [cpu, cpu * 1.1, cpu * 0.9].map((c) => ({ [LIVE]: closed(c), [API]: closed(c) })),
    passes: {},
    open: [
      { share: 0.5, rate: 10, rounds: [1, 2, 3].map((k) => ({ [LIVE]: open(p99 * k), [API]: open(p99 * k + 1) })) },
      { share: 0.8, rate: 16, rounds: [{ [LIVE]: open(999), [API]: open(999) }] },
    ],
    lookups: [],
  };
}

const results = [
  size(20_000, 'split', 2, 10, 3),
  size(1_000_000, 'split', 10, 40, 120),
  size(5_000_000, 'split', 25, 90),
  size(20_000, 'shared', 2.5, 12, 3),
  size(1_000_000, 'shared', 12, 50, 120),
];

describe("bench:api's growth report", () => {
  it("takes each size's medians: per-core rate from OpenSearch's CPU, tails at half of direct's maximum", () => {
    const [small, million] = growthPoints(results);
    expect(million).toMatchObject({ creators: 1_000_000, layout: 'split', loadSeconds: 120, perCore: 100 });
    expect(million?.indexMb).toBeCloseTo(1_000_000 / 1024, 6);
    // The 50% level's rounds (40, 80, 120 ms), never the 80% one.
    expect(million?.half).toEqual({ direct: { p50: 20, p99: 80 }, api: { p50: 20.25, p99: 81 } });
    expect(small?.opensearchCpuMs).toBe(2);
  });

  it("compares each size with the smallest of its own layout, and says when a load's time is unknown", () => {
    // The sizes in any order: the smallest is the one with the fewest creators.
    const table = growthTable(growthPoints([results[1], ...results.filter((_, i) => i !== 1)] as SizeResult[])).split(
      '\n',
    );
    expect(table).toHaveLength(2 + results.length);
    expect(table[2]).toMatch(/^\| 1,000,000 \| split \| 120 \| 977 \| 100 \| 10\.00 \(5\.00×\) \|/);
    expect(table[4]).toMatch(
      /^\| 5,000,000 \| split \| – \| 4883 \| 40 \| 25\.00 \(12\.50×\) \| 45\.0 \/ 180\.0 \| 45\.3 \/ 181\.0 \|$/,
    );
    expect(table[6]).toMatch(/^\| 1,000,000 \| shared \| 120 \| 977 \| 83 \| 12\.00 \(4\.80×\) \|/);
  });

  it('draws every figure against size, a line per layout, each point titled with its value', () => {
    const svg = growthChart(growthPoints(results), 'Growth <test>', 'a machine');
    expect(svg).toMatch(/^<svg [^>]*>\n<title>Growth &#60;test&#62; \(a machine\)<\/title>/);
    // Per layout a line of searches/s and two of latency (direct and the API); one line each for the index and the
    // load, which every layout shares.
    expect(svg.match(/<polyline /g)).toHaveLength(2 * 3 + 2);
    expect(svg).toContain('<title>split: 5,000,000 creators, 40.00 searches/s</title>');
    // The unknown load time is left out of its line, not drawn at 0, and the sizes keep their places on the axis.
    const lines = svg.split('\n').filter((l) => l.includes('<polyline'));
    const xsOf = (line: string) => [...line.matchAll(/(\d+\.\d),\d+\.\d/g)].map((m) => Number(m[1]));
    expect(xsOf(lines[7] as string)).toEqual(xsOf(lines[2] as string).slice(0, 2));
  });
});
