// `compare A B`: both profiles on the same judged queries, a paired significance test per class and metric, a
// terminal table for the gist and an HTML report (plus the raw figures as JSON) for the queries behind it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readArgs, UsageError } from '../common/cli.ts';
import { runEval, shownPath, type Workbench, writeJson } from './context.ts';
import { type Evaluation, METRIC_LABELS, type Metrics } from './evaluate.ts';
import { compareReport } from './report.ts';
import { type Comparison, compareEvaluations, type PairedTest } from './significance.ts';
import { table } from './table.ts';

export const REPORTS_DIR = path.resolve(import.meta.dirname, '..', 'relevance', 'reports');

/** The figures the terminal has room for; the HTML report has them all. */
const SHOWN: (keyof Metrics)[] = ['ndcg', 'precision', 'mrr', 'hit3', 'best10', 'zero'];

const cell = (t: PairedTest) =>
  `${t.meanA.toFixed(3)}→${t.meanB.toFixed(3)} (${t.p < 0.001 ? '<.001' : t.p.toFixed(3).replace(/^0/, '')})${t.p < 0.05 ? '*' : ' '}`;

export function comparisonTable(comparison: Comparison): string {
  const row = (name: string, tests: Record<keyof Metrics, PairedTest>) => [
    name,
    String(tests.ndcg.n),
    ...SHOWN.map((m) => cell(tests[m])),
  ];
  return table([
    ['class', 'queries', ...SHOWN.map((m) => `${METRIC_LABELS[m]} (p) `)],
    ...Object.entries(comparison.classes).map(([name, tests]) => row(name, tests)),
    row('overall', comparison.overall),
  ]);
}

/** A profile name as it can stand in a file name (a profile given as a path has slashes and dots). */
const slug = (name: string) => name.replace(/[^A-Za-z0-9_-]+/g, '_');

export async function compareCommand(bench: Workbench, args: string[]) {
  const { values, positionals } = readArgs({
    args,
    allowPositionals: true,
    options: {
      judgments: { type: 'string', multiple: true },
      out: { type: 'string' },
    },
  });
  const [nameA, nameB, ...extra] = positionals;
  if (!nameA || !nameB || extra.length) {
    throw new UsageError('compare takes two profiles: compare A B');
  }
  // One after the other: running both at once would make each slower and blur the progress lines.
  const a: Evaluation = await runEval(bench, nameA, values.judgments);
  const b: Evaluation = await runEval(bench, nameB, values.judgments);
  const comparison = compareEvaluations(a, b);
  const at = new Date().toISOString();

  const dir = path.resolve(values.out ?? REPORTS_DIR);
  mkdirSync(dir, { recursive: true });
  const base = path.join(dir, `compare-${slug(a.profile.name)}-vs-${slug(b.profile.name)}-${at.replace(/[:.]/g, '-')}`);
  writeFileSync(`${base}.html`, compareReport(a, b, comparison, { at }));
  writeJson(`${base}.json`, { at, a, b, significance: comparison });

  console.log(
    [
      `A ${a.profile.name} (${a.profile.version}) → B ${b.profile.name} (${b.profile.version}), ${a.queries.length} judged queries`,
      '',
      comparisonTable(comparison),
      '',
      `p: ${comparison.method}, ${comparison.resamples.toLocaleString('en')} resamples; * p < 0.05. zero-result: lower is better.`,
      '',
      `Report: ${shownPath(`${base}.html`)}`,
      `Figures: ${shownPath(`${base}.json`)}`,
    ].join('\n'),
  );
}
