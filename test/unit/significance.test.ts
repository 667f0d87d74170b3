import { describe, expect, it } from 'vitest';
import { type Evaluation, type Metrics, type QueryOutcome, summarise } from '../../workbench/evaluate.ts';
import { compareEvaluations, pairedTest } from '../../workbench/significance.ts';

const metrics = (ndcg: number): Metrics => ({
  ndcg,
  precision: ndcg / 2,
  mrr: ndcg,
  hit1: 0,
  hit3: 1,
  best10: 1,
  zero: 0,
});

function evaluation(name: string, scores: number[], queries = scores.map((_, i) => `query ${i}`)): Evaluation {
  const outcomes: QueryOutcome[] = scores.map((score, i) => ({
    key: `q${i}`,
    source: `t.jsonl:${i + 1}`,
    class: i % 2 ? 'odd' : 'even',
    target: 'creators',
    query: queries[i] ?? '',
    metrics: metrics(score),
    top: [],
    unknownIds: [],
  }));
  return {
    profile: { name, version: '1', file: `${name}.json` },
    at: '2026-11-23T00:00:00.000Z',
    seconds: 0,
    queries: outcomes,
    classes: {},
    overall: summarise(outcomes),
  };
}

/** Scores in [0, 1] that look like nDCG without being random from run to run. */
const scores = (n: number, shift = 0) =>
  Array.from({ length: n }, (_, i) => Math.min(1, ((i * 37) % 60) / 100 + shift));

describe('paired randomization test', () => {
  it('finds no difference between identical scores', () => {
    const a = scores(30);
    expect(pairedTest(a, [...a])).toEqual({
      n: 30,
      meanA: expect.any(Number),
      meanB: expect.any(Number),
      delta: 0,
      p: 1,
    });
  });

  it('gives p = 1 and zero means for no queries', () => {
    expect(pairedTest([], [])).toEqual({ n: 0, meanA: 0, meanB: 0, delta: 0, p: 1 });
  });

  it('finds a large consistent improvement over 30 queries significant', () => {
    const a = scores(30);
    const test = pairedTest(a, scores(30, 0.3));
    expect(test.delta).toBeGreaterThan(0.2);
    expect(test.p).toBeLessThan(0.01);
  });

  it('does not find a difference that goes both ways', () => {
    const a = scores(30);
    const b = a.map((v, i) => (i % 2 ? v + 0.1 : v - 0.1));
    expect(pairedTest(a, b).p).toBeGreaterThan(0.5);
  });

  it('is exact when few queries differ: one change out of one is as likely as not', () => {
    // Two sign patterns (+d, −d), both as far from 0 as observed.
    expect(pairedTest([0.5, 0.2], [0.9, 0.2]).p).toBe(1);
    // 2^6 patterns, only all-up and all-down reach the observed sum.
    expect(pairedTest([0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1]).p).toBeCloseTo(2 / 64, 10);
  });

  it('gives the same p-value for the same scores', () => {
    const a = scores(40);
    const b = a.map((v, i) => v + ((i % 3) - 0.8) * 0.05);
    expect(pairedTest(a, b).p).toBe(pairedTest(a, b).p);
  });
});

describe('comparison of two evaluations', () => {
  it('tests every metric overall and per class', () => {
    const comparison = compareEvaluations(evaluation('a', scores(30)), evaluation('b', scores(30, 0.3)));
    expect(Object.keys(comparison.classes)).toEqual(['even', 'odd']);
    expect(comparison.overall.ndcg.n).toBe(30);
    expect(comparison.classes.odd?.ndcg.n).toBe(15);
    expect(comparison.overall.ndcg.p).toBeLessThan(0.01);
    // Unchanged metrics (hit@3 is 1 everywhere) are not a difference.
    expect(comparison.overall.hit3).toMatchObject({ delta: 0, p: 1 });
  });

  it('refuses evaluations of different judgments', () => {
    expect(() => compareEvaluations(evaluation('a', scores(4)), evaluation('b', scores(5)))).toThrow(/same judgments/);
    const other = evaluation('b', scores(4), ['query 0', 'query 1', 'something else', 'query 3']);
    expect(() => compareEvaluations(evaluation('a', scores(4)), other)).toThrow(/q2 is "query 2"/);
  });
});
