// The corpus build's summary as the command prints it: what was read, what was kept, what was dropped and why.
import type { CorpusSummary } from './build.ts';

export function formatSummary(summary: CorpusSummary, out: string): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const table = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, value]) => `${key} ${n(value)}`)
      .join(', ');
  const lines = [
    `Corpus: ${n(summary.videos)} distinct videos from ${n(summary.channels)} channels in ${out}`,
    `  sources read: ${n(summary.sources - summary.missing.length)} of ${n(summary.sources)}${summary.missing.length ? ` (${n(summary.missing.length)} missing, skipped)` : ''}`,
    `  rows read: ${n(summary.rows)}`,
    `  dropped by the hold-out (published or charted in July or August 2020): ${n(summary.heldOut)}`,
    `  dropped as labelled evaluation videos: ${n(summary.labelled)}`,
    `  bad rows skipped: ${n(summary.bad.reduce((sum, [, c]) => sum + c, 0))}${summary.bad.length ? ` (${summary.bad.map(([reason, c]) => `${reason}: ${n(c)}`).join('; ')})` : ''}`,
    `  by year published: ${table(summary.byYear)}`,
    `  by region charted: ${table(summary.byRegion)}`,
  ];
  return lines.join('\n');
}
