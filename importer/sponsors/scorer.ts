// The learned scorer: gradient-boosted trees (importer/sponsors/scorer.json, trained by train.py) that give each
// brand a video's rules proposed the probability that a careful reader counts it as a sponsor. Read here without
// Python: a tree is a run of `value <= threshold` splits down to a leaf, a model's leaves sum to a log-odds, and the
// probability is the mean of its models' (trained alike with their own seeds: train.py, BAGS). A split
// reads a named feature (features.ts) or, past them, whether a token of the model's vocabulary stands around the
// candidate (context.ts): 1 if it does, else 0.
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
  /** The words around a candidate the trees split on, columns after the features. */
  tokens: z.array(z.string()),
  /** The labelled sets the trees learned from: scoring one of them measures nothing new. */
  trainedOn: z.array(z.string()),
  /** The default threshold: the lowest whose pooled precision out of fold reached the training's target. */
  threshold: z.number().min(0).max(1),
  /** The threshold whose pooled precision out of fold reached 0.95. */
  strictThreshold: z.number().min(0).max(1),
  checks: z.array(z.object({ values: z.array(z.number()), tokens: z.array(z.string()), probability: z.number() })),
  /** Each model's trees. */
  models: z.array(z.array(TreeSchema).min(1)).min(1),
});

export const SCORER_FILE = path.resolve(import.meta.dirname, 'scorer.json');

type Check = z.infer<typeof ModelSchema>['checks'][number];

export class Scorer {
  /** Each vocabulary token's column. */
  private readonly columns: Map<string, number>;

  private constructor(
    private readonly models: Tree[][],
    tokens: string[],
    readonly threshold: number,
    readonly strictThreshold: number,
    readonly checks: Check[],
    readonly trainedOn: string[],
  ) {
    this.columns = new Map(tokens.map((token, i) => [token, FEATURES.length + i]));
  }

  static load(file = SCORER_FILE): Scorer {
    const model = readJsonFile(file, ModelSchema, 'sponsor scorer');
    if (model.features.join() !== FEATURES.join())
      throw new Error(
        `${file}: trained on other features than features.ts computes; retrain (npm run import -- train-scorer)`,
      );
    const columns = FEATURES.length + model.tokens.length;
    const beyond = model.models
      .flat()
      .flatMap(splitFeatures)
      .find((feature) => feature >= columns);
    if (beyond !== undefined)
      throw new Error(`${file}: a tree splits on column ${beyond}, past its ${columns} columns`);
    return new Scorer(
      model.models,
      model.tokens,
      model.threshold,
      model.strictThreshold,
      model.checks,
      model.trainedOn,
    );
  }

  /** The probability, from the features in FEATURES order and the tokens around the candidate. */
  probability(values: readonly number[], tokens: readonly string[]): number {
    if (values.length !== FEATURES.length)
      throw new Error(`the scorer reads ${FEATURES.length} feature values, not ${values.length}`);
    const present = new Set<number>();
    for (const token of tokens) {
      const column = this.columns.get(token);
      if (column !== undefined) present.add(column);
    }
    let total = 0;
    for (const trees of this.models) {
      let sum = 0;
      for (const tree of trees) sum += leafOf(tree, values, present);
      total += 1 / (1 + Math.exp(-sum));
    }
    return total / this.models.length;
  }

  score({ values, tokens }: { values: Record<FeatureName, number>; tokens: readonly string[] }): number {
    return this.probability(
      // As the training rows write them (training.ts): a feature a candidate lacks is 0.
      FEATURES.map((name) => values[name] ?? 0),
      tokens,
    );
  }

  /** The tokens the model knows, of those given: what `explain` shows. */
  known(tokens: readonly string[]): string[] {
    return tokens.filter((token) => this.columns.has(token));
  }
}

const splitFeatures = (tree: Tree): number[] =>
  'leaf' in tree ? [] : [tree.feature, ...splitFeatures(tree.left), ...splitFeatures(tree.right)];

function leafOf(tree: Tree, values: readonly number[], present: ReadonlySet<number>): number {
  let node = tree;
  while (!('leaf' in node)) {
    const value = node.feature < FEATURES.length ? values[node.feature] : present.has(node.feature) ? 1 : 0;
    node = (value === undefined || Number.isNaN(value) ? node.missingLeft : value <= node.threshold)
      ? node.left
      : node.right;
  }
  return node.leaf;
}
