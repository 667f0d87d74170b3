// The sponsor evaluation's report: precision and recall per split and per language, false positives by cause, and
// with --details every miss.
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  type Evaluation,
  evaluate,
  LABELS_FILE,
  type Reader,
  readLabels,
  type SetLabel,
  SHARED_TRENDING,
  SPLITS,
  secondReader,
  trendingVideos,
} from './eval.ts';
import type { Registry } from './registry.ts';

/** Which labels to score, against which trending files: by default the shared files' labels. */
export interface EvaluationInput {
  realdata: string;
  /** Label files; several are scored each on its own (named by file) and pooled. */
  labels?: string[];
  videos?: string[];
  /** Score a second reader's labels of the same videos instead of the detector (on the videos both labelled). */
  secondReader?: string;
  /** The detector to score: the rules alone, or the scored candidates kept from a threshold. */
  detector: Reader;
}

export async function runEvaluation(input: EvaluationInput, registry: Registry): Promise<Evaluation> {
  const files = input.videos ?? Object.values(SHARED_TRENDING).map((name) => path.join(input.realdata, name));
  for (const file of files)
    if (!existsSync(file))
      throw new Error(
        input.videos
          ? `${file} is missing`
          : `${file} is missing: the evaluation reads the shared real data (../shared/realdata)`,
      );
  const labelFiles = input.labels ?? [LABELS_FILE];
  const set = (file: string) => (labelFiles.length > 1 ? path.basename(file, '.jsonl') : undefined);
  const labels: SetLabel[] = labelFiles.flatMap((file) =>
    readLabels(file).map((label) => ({ ...label, set: set(file) })),
  );
  const videos = await trendingVideos(files);
  if (!input.secondReader) return evaluate(labels, videos, registry, input.detector);
  const second = readLabels(input.secondReader);
  const both = new Set(second.map((l) => l.videoId));
  return evaluate(
    labels.filter((l) => both.has(l.videoId)),
    videos,
    registry,
    secondReader(second),
  );
}

const pct = (n: number) => n.toFixed(3);

export function printEvaluation(
  evaluation: Evaluation,
  labels: string[],
  details: boolean,
  secondReader?: string,
  byRule = false,
): void {
  const of = secondReader ? ` of the second reader ${path.relative(process.cwd(), secondReader)}` : '';
  console.log(`(video, brand) pairs${of} against ${labels.map((l) => path.relative(process.cwd(), l)).join(', ')}\n`);
  const width = Math.max(15, ...Object.keys(evaluation.scores).map((part) => part.length));
  console.log(`${'part'.padEnd(width)} videos  pairs  found  right  precision (95%)       recall (95%)`);
  const interval = ([low, high]: [number, number]) => `(${pct(low)}–${pct(high)})`;
  // The pooled splits first, then each set scored with them.
  const splits = new Set<string>(SPLITS);
  const rows = Object.entries(evaluation.scores).sort(
    ([a], [b]) => Number(!splits.has(a.split(' ')[0] as string)) - Number(!splits.has(b.split(' ')[0] as string)),
  );
  for (const [part, s] of rows) {
    const pairs = s.truePositives + s.falseNegatives;
    const found = s.truePositives + s.falsePositives;
    // Nothing found (or nothing to find) leaves precision (or recall) undefined, not perfect.
    const precision = found === 0 ? '—'.padEnd(19) : `${pct(s.precision)} ${interval(s.precisionInterval)}`;
    const recall = pairs === 0 ? '—' : `${pct(s.recall)} ${interval(s.recallInterval)}`;
    console.log(
      `${part.padEnd(width)} ${String(s.videos).padStart(6)} ${String(pairs).padStart(6)} ${String(found).padStart(6)} ${String(s.truePositives).padStart(6)}  ${precision}  ${recall}`,
    );
  }
  if (byRule) {
    // The cells of the confidence table (importer/sponsors/confidence.ts): a rule, for a registry brand or a new name.
    console.log(`\n${'rule, brand'.padEnd(width)} videos  found  right  precision (95%)`);
    for (const [cell, s] of Object.entries(evaluation.byRule))
      console.log(
        `${cell.padEnd(width)} ${String(s.videos).padStart(6)} ${String(s.truePositives + s.falsePositives).padStart(6)} ${String(s.truePositives).padStart(6)}  ${pct(s.precision)} ${interval(s.precisionInterval)}`,
      );
  }
  for (const [split, causes] of Object.entries(evaluation.causes)) {
    console.log(`\nfalse positives (${split}) by cause:`);
    for (const [cause, n] of Object.entries(causes).sort((a, b) => b[1] - a[1]))
      console.log(`  ${String(n).padStart(3)}  ${cause}`);
  }
  if (!details) {
    console.log('\n(--details lists every false positive and false negative)');
    return;
  }
  for (const [title, misses] of [
    ['false positives', evaluation.falsePositives],
    ['false negatives', evaluation.falseNegatives],
  ] as const) {
    console.log(`\n${title}:`);
    for (const m of misses)
      console.log(
        `  [${m.split}] ${m.videoId} ${m.channel} · ${m.name}${'cause' in m && m.cause ? ` · ${m.cause}` : ''}\n      "${m.text.slice(0, 150)}"`,
      );
  }
}
