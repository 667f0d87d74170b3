// How sure the importer is of a detected sponsorship, until a learned scorer sets it per finding: the precision
// measured for the rule that found it and whether the registry knows its brand (importer/rules/sponsor-confidence.json,
// written by `npm run import -- eval-sponsors --by-rule --write-confidence <file>`). The scorer replaces `confidenceOf`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readJsonFile } from '../json-file.ts';
import type { Finding } from './detect.ts';
import { type Evaluation, ruleCell } from './eval.ts';

export const CONFIDENCE_FILE = path.resolve(import.meta.dirname, '../rules/sponsor-confidence.json');

const share = z.number().min(0).max(1);
const CellSchema = z.object({
  found: z.int().nonnegative(),
  right: z.int().nonnegative(),
  precision: share,
  interval: z.tuple([share, share]),
  confidence: share,
});
const TableSchema = z.object({
  about: z.string(),
  measured: z.object({ command: z.string(), labels: z.array(z.string()), on: z.iso.date() }),
  /** For a cell the labels never saw: the precision of every finding pooled. */
  fallback: share,
  cells: z.record(z.string(), CellSchema),
});
export type ConfidenceTable = z.infer<typeof TableSchema>;

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The table from an evaluation's per-rule precision. A cell's confidence is its precision with one right and one
 * wrong finding added (Laplace): three of three right is not certainty, and a cell seen twice stays near a coin toss.
 */
export function confidenceTable(evaluation: Evaluation, labels: string[], on: string): ConfidenceTable {
  const cells: ConfidenceTable['cells'] = {};
  let right = 0;
  let found = 0;
  for (const [cell, s] of Object.entries(evaluation.byRule)) {
    const seen = s.truePositives + s.falsePositives;
    right += s.truePositives;
    found += seen;
    cells[cell] = {
      found: seen,
      right: s.truePositives,
      precision: round2(s.precision),
      interval: [round2(s.precisionInterval[0]), round2(s.precisionInterval[1])],
      confidence: round2((s.truePositives + 1) / (seen + 2)),
    };
  }
  return {
    about:
      'Confidence of a detected sponsorship per (rule, brand known to importer/rules/brands.json or a new name): the precision eval-sponsors measured on the labelled videos, smoothed as (right + 1) / (found + 2). The detector was developed on the "tune" half of these labels, so these figures are higher than on descriptions nobody has read (docs/real-data.md). Until the learned scorer exists, the importer sets each finding\'s confidence from here (importer/sponsors/confidence.ts).',
    measured: {
      command: 'npm run import -- eval-sponsors --by-rule --write-confidence importer/rules/sponsor-confidence.json',
      labels,
      on,
    },
    fallback: round2((right + 1) / (found + 2)),
    cells,
  };
}

export function writeConfidenceTable(file: string, table: ConfidenceTable): void {
  writeFileSync(file, `${JSON.stringify(table, null, 2)}\n`);
}

let loaded: ConfidenceTable | undefined;

/** The table the importer reads (read once). */
export function confidenceTableInUse(): ConfidenceTable {
  loaded ??= readJsonFile(CONFIDENCE_FILE, TableSchema, 'sponsor confidence table');
  return loaded;
}

/** A finding's confidence, 0 to 1: the measured precision of its rule for a known brand or a new name. */
export function confidenceOf(finding: Pick<Finding, 'rule' | 'brand'>, table = confidenceTableInUse()): number {
  return table.cells[ruleCell(finding)]?.confidence ?? table.fallback;
}
