// The learned scorer: gradient-boosted trees (importer/sponsors/scorer.json, trained by train.py) that give each
// brand a video's rules proposed the probability that a careful reader counts it as a sponsor. Read here without
// Python: a tree is a run of `value <= threshold` splits down to a leaf, and the leaves' sum is a log-odds.
import path from 'node:path';
import { z } from 'zod';
import { readJsonFile } from '../json-file.ts';
import { FEATURES, type FeatureName } from './features.ts';

type Tree = { leaf: number } | { feature: number; threshold: number; missingLeft: boolean; left: Tree; right: Tree };
const TreeSchema: z.ZodType<Tree> = z.lazy(() =>
  z.union([
    z.object({ leaf: z.number() }),
    z.object({
      feature: z.number().int().min(0),
      threshold: z.number(),
      missingLeft: z.boolean(),
      left: TreeSchema,
      right: TreeSchema,
    }),
  ]),
);
const ModelSchema = z.object({
  features: z.array(z.string()),
  /** The labelled sets the trees learned from: scoring one of them measures nothing new. */
  trainedOn: z.array(z.string()),
  /** The default threshold: the lowest whose pooled precision out of fold reached the training's target. */
  threshold: z.number().min(0).max(1),
  /** The threshold whose pooled precision out of fold reached 0.95. */
  strictThreshold: z.number().min(0).max(1),
  checks: z.array(z.object({ values: z.array(z.number()), probability: z.number() })),
  trees: z.array(TreeSchema).min(1),
});

export const SCORER_FILE = path.resolve(import.meta.dirname, 'scorer.json');

export class Scorer {
  private constructor(
    private readonly trees: Tree[],
    readonly threshold: number,
    readonly strictThreshold: number,
    readonly checks: { values: number[]; probability: number }[],
    readonly trainedOn: string[],
  ) {}

  static load(file = SCORER_FILE): Scorer {
    const model = readJsonFile(file, ModelSchema, 'sponsor scorer');
    if (model.features.join() !== FEATURES.join())
      throw new Error(
        `${file}: trained on other features than features.ts computes; retrain (npm run import -- train-scorer)`,
      );
    return new Scorer(model.trees, model.threshold, model.strictThreshold, model.checks, model.trainedOn);
  }

  /** The probability, from the features in FEATURES order. */
  probability(values: readonly number[]): number {
    let sum = 0;
    for (const tree of this.trees) sum += leafOf(tree, values);
    return 1 / (1 + Math.exp(-sum));
  }

  score(values: Record<FeatureName, number>): number {
    return this.probability(FEATURES.map((name) => values[name] ?? Number.NaN));
  }
}

function leafOf(tree: Tree, values: readonly number[]): number {
  let node = tree;
  while (!('leaf' in node)) {
    const value = values[node.feature];
    node = (value === undefined || Number.isNaN(value) ? node.missingLeft : value <= node.threshold)
      ? node.left
      : node.right;
  }
  return node.leaf;
}
