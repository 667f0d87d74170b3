// Plain-text tables of evaluation figures, for the terminal.
import { type Evaluation, METRIC_LABELS, METRICS, type Summary } from './evaluate.ts';

const figure = (value: number) => value.toFixed(3);

export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((r) => (r[column] ?? '').length))) ?? [];
  return rows
    .map((row) =>
      row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '),
    )
    .join('\n');
}

export function summaryRows(classes: Record<string, Summary>, overall: Summary): string[][] {
  const row = (name: string, s: Summary) => [name, String(s.queries), ...METRICS.map((m) => figure(s[m]))];
  return [
    ['class', 'queries', ...METRICS.map((m) => METRIC_LABELS[m])],
    ...Object.entries(classes).map(([name, s]) => row(name, s)),
    row('overall', overall),
  ];
}

export function evaluationReport(evaluation: Evaluation): string {
  const { profile, queries, seconds } = evaluation;
  const unknown = queries.reduce((n, q) => n + q.unknownIds.length, 0);
  const lines = [
    `Profile ${profile.name} (${profile.version}), ${queries.length} judged queries, ${seconds.toFixed(1)} s`,
    '',
    table(summaryRows(evaluation.classes, evaluation.overall)),
  ];
  if (unknown) {
    lines.push('', `${unknown} rated id(s) name nothing in the loaded data (judgments made for another dataset?).`);
  }
  return lines.join('\n');
}
