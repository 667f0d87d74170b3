// The sponsor evaluation's report: precision and recall per split and per language, false positives by cause, and
// with --details every miss.
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  type Evaluation,
  evaluate,
  LABELS_FILE,
  readLabels,
  SHARED_TRENDING,
  secondReader,
  trendingVideos,
} from './eval.ts';
import type { Registry } from './registry.ts';

/** Which labels to score, against which trending files: by default the shared files' labels. */
export interface EvaluationInput {
  realdata: string;
  labels?: string;
  videos?: string[];
  /** Score a second reader's labels of the same videos instead of the detector (on the videos both labelled). */
  secondReader?: string;
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
  const labels = readLabels(input.labels ?? LABELS_FILE);
  const videos = await trendingVideos(files);
  if (!input.secondReader) return evaluate(labels, videos, registry);
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

export function printEvaluation(evaluation: Evaluation, labels: string, details: boolean, secondReader?: string): void {
  const of = secondReader ? ` of the second reader ${path.relative(process.cwd(), secondReader)}` : '';
  console.log(`(video, brand) pairs${of} against ${path.relative(process.cwd(), labels)}\n`);
  console.log('part            videos  pairs  found  right  precision  recall');
  for (const [part, s] of Object.entries(evaluation.scores)) {
    const pairs = s.truePositives + s.falseNegatives;
    const found = s.truePositives + s.falsePositives;
    console.log(
      `${part.padEnd(15)} ${String(s.videos).padStart(6)} ${String(pairs).padStart(6)} ${String(found).padStart(6)} ${String(s.truePositives).padStart(6)}  ${pct(s.precision).padStart(9)}  ${pct(s.recall).padStart(6)}`,
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
