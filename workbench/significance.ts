// Is B's difference from A more than the luck of which queries were judged? A paired randomization test answers
// without assuming any distribution: per-query scores such as hit@3 are 0 or 1 and nDCG piles up at 0 and 1, so a
// t-test's normality would be a fiction. Under "no difference" each query's B − A is as likely to have the other
// sign, so the test flips signs at random and counts how often the mean moves at least as far as it did.
import { type Evaluation, METRICS, type Metrics, type QueryOutcome } from './evaluate.ts';

export interface PairedTest {
  n: number;
  meanA: number;
  meanB: number;
  /** meanB − meanA. */
  delta: number;
  /** Two-sided: the chance of a mean difference at least this large if A and B ranked equally well. */
  p: number;
}

export interface TestOptions {
  resamples: number;
  seed: number;
}

export const TEST_DEFAULTS: TestOptions = { resamples: 10_000, seed: 20_261_123 };

/** The comparison of two evaluations: per metric, overall and per class. */
export interface Comparison {
  method: string;
  resamples: number;
  seed: number;
  overall: Record<keyof Metrics, PairedTest>;
  classes: Record<string, Record<keyof Metrics, PairedTest>>;
}

/** mulberry32: a seeded generator, so the same scores always give the same p-value. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const mean = (values: number[]) => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0);

/** Rounding in the sums must not make the observed arrangement count as less extreme than itself. */
const TOLERANCE = 1e-9;

export function pairedTest(a: number[], b: number[], options: TestOptions = TEST_DEFAULTS): PairedTest {
  if (a.length !== b.length)
    throw new Error(`Paired test needs as many scores in B (${b.length}) as in A (${a.length})`);
  const n = a.length;
  const meanA = mean(a);
  const meanB = mean(b);
  // A pair with no difference sums to 0 under either sign, so only the others can move the statistic.
  const diffs = a.map((x, i) => (b[i] ?? 0) - x).filter((d) => Math.abs(d) > TOLERANCE);
  const result = { n, meanA, meanB, delta: meanB - meanA };
  if (!diffs.length) return { ...result, p: 1 };
  const observed = Math.abs(diffs.reduce((s, d) => s + d, 0)) - TOLERANCE;
  let extreme = 0;
  // Few differing queries: every sign pattern can be tried, giving the exact p-value rather than an estimate.
  if (2 ** diffs.length <= options.resamples) {
    const patterns = 2 ** diffs.length;
    for (let pattern = 0; pattern < patterns; pattern++) {
      let sum = 0;
      for (let i = 0; i < diffs.length; i++) sum += pattern & (1 << i) ? -(diffs[i] ?? 0) : (diffs[i] ?? 0);
      if (Math.abs(sum) >= observed) extreme++;
    }
    return { ...result, p: extreme / patterns };
  }
  const random = generator(options.seed);
  for (let r = 0; r < options.resamples; r++) {
    let sum = 0;
    let bits = 0;
    for (let i = 0; i < diffs.length; i++) {
      // One 32-bit draw gives the signs of 32 queries.
      if (i % 32 === 0) bits = random();
      sum += bits & (1 << (i % 32)) ? -(diffs[i] ?? 0) : (diffs[i] ?? 0);
    }
    if (Math.abs(sum) >= observed) extreme++;
  }
  // The observed arrangement is one of the possible ones: counting it keeps p above 0 and the test exact in size.
  return { ...result, p: (extreme + 1) / (options.resamples + 1) };
}

export interface QueryPair {
  a: QueryOutcome;
  b: QueryOutcome;
}

/** Each judged query's outcome under A and under B, in A's order; refuses evaluations of different judgments. */
export function pairQueries(a: Evaluation, b: Evaluation): QueryPair[] {
  const refuse = (why: string) =>
    new Error(`Cannot compare ${a.profile.name} with ${b.profile.name}: ${why}; run both on the same judgments`);
  if (a.queries.length !== b.queries.length) {
    throw refuse(`${a.queries.length} judged queries against ${b.queries.length}`);
  }
  const inB = new Map(b.queries.map((q) => [q.key, q]));
  return a.queries.map((qa) => {
    const qb = inB.get(qa.key);
    if (!qb) throw refuse(`query ${qa.key} ("${qa.query}") is missing from ${b.profile.name}`);
    if (qb.query !== qa.query || qb.class !== qa.class || qb.target !== qa.target) {
      throw refuse(
        `query ${qa.key} is "${qa.query}" (${qa.class}) in one and "${qb.query}" (${qb.class}) in the other`,
      );
    }
    return { a: qa, b: qb };
  });
}

function testAll(pairs: QueryPair[], options: TestOptions): Record<keyof Metrics, PairedTest> {
  return Object.fromEntries(
    METRICS.map((metric) => [
      metric,
      pairedTest(
        pairs.map((p) => p.a.metrics[metric]),
        pairs.map((p) => p.b.metrics[metric]),
        options,
      ),
    ]),
  ) as Record<keyof Metrics, PairedTest>;
}

export function compareEvaluations(a: Evaluation, b: Evaluation, options: TestOptions = TEST_DEFAULTS): Comparison {
  const pairs = pairQueries(a, b);
  const groups = new Map<string, QueryPair[]>();
  for (const pair of pairs) {
    const group = groups.get(pair.a.class);
    if (group) group.push(pair);
    else groups.set(pair.a.class, [pair]);
  }
  return {
    method: 'two-sided paired randomization test (random sign flips of per-query B − A)',
    resamples: options.resamples,
    seed: options.seed,
    overall: testAll(pairs, options),
    classes: Object.fromEntries(
      [...groups.keys()].sort().map((name) => [name, testAll(groups.get(name) ?? [], options)]),
    ),
  };
}
