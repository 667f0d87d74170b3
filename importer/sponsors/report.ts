// The sponsor evaluation's report: precision and recall per split and per language, false positives by cause, and
// with --details every miss.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Evaluation, evaluate, readLabels, SHARED_TRENDING, sharedVideos } from './eval.ts';
import type { Registry } from './registry.ts';

export async function runEvaluation(realdata: string, registry: Registry): Promise<Evaluation> {
  for (const file of Object.values(SHARED_TRENDING))
    if (!existsSync(path.join(realdata, file)))
      throw new Error(
        `${path.join(realdata, file)} is missing: the evaluation reads the shared real data (../shared/realdata)`,
      );
  return evaluate(readLabels(), await sharedVideos(realdata), registry);
}

const pct = (n: number) => n.toFixed(3);

export function printEvaluation(evaluation: Evaluation, details: boolean): void {
  console.log('(video, brand) pairs against relevance/sponsors/labels.jsonl; tuned on "tune" only\n');
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
