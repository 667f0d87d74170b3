import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Judgment } from '../../common/judgments.ts';
import { loadProfile } from '../../src/search/profile.ts';
import { type Evaluation, evaluate, K, RELEVANT, renderRequest, similarTargetFor } from '../../workbench/evaluate.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, sponsor, TEST_PROFILE } from '../support/dataset.ts';

// The workbench's figures come from OpenSearch's _rank_eval. Here a small fixed case is computed a second time,
// independently: the same requests through a plain _search, and the metrics from their textbook definitions.
const profile = loadProfile(TEST_PROFILE);
const settings = (prefix: string) => ({ indexPrefix: prefix, depthLimit: 1000, sponsorResults: 25 });
const judged = (query: string, ratings: Record<string, number>, target: Judgment['target'] = 'creators'): Judgment => ({
  query,
  class: target === 'similar' ? 'fixed-lookalike' : 'fixed',
  target,
  ratings,
  source: 'test',
});

const JUDGMENTS = [
  // Graded at every level, with a rated id that names nothing and results nobody rated.
  judged('gadget', { gadgetgarage: 3, dailygadget: 2, gadgetlab: 0, retrogadget: 1, nobody: 3 }),
  judged('gadget reviews', { gadgetreviews: 3, gadgetgarage: 1, dailygadget: 2 }),
  // Nothing matches: zero results.
  judged('xylophonist', { gadgetgarage: 1 }),
  // Lookalikes of a creator (read first, as the API reads it), and of one that is not in the data.
  judged('GadgetGarage', { gadgetlab: 3, dailygadget: 1, kitchencorner: 2 }, 'similar'),
  judged('nobody', { gadgetlab: 3 }, 'similar'),
];

let dataset: Awaited<ReturnType<typeof loadRecords>>;
let evaluation: Evaluation;

beforeAll(async () => {
  const names = ['Gadget Garage', 'Daily Gadget', 'Gadget Lab', 'Retro Gadget', 'Gadget Reviews', 'Kitchen Corner'];
  const creators = names.map((name, i) =>
    creator(i + 1, {
      name,
      handle: `@${name.replace(/\s/g, '')}`,
      description: i % 2 ? 'Gadget reviews every week.' : 'Cooking and gadgets.',
      subscribers: 10_000 * (i + 1),
    }),
  );
  dataset = await loadRecords('rankeval', [sponsor(1, 'Zenio')], creators);
  evaluation = await evaluate({
    client: dataset.client,
    profile,
    judgments: JUDGMENTS,
    settings: settings(dataset.prefix),
    pageSize: 25,
  });
}, 120_000);
afterAll(async () => {
  await dataset?.drop();
});

/** nDCG, P@k and MRR as _rank_eval defines them (its documentation and source), from ranked ids and grades. */
function independently(ranked: string[], ratings: Record<string, number>, known: Set<string>) {
  const grades = ranked.slice(0, K).map((id) => ratings[id] ?? null);
  const gain = (list: (number | null)[]) =>
    list.reduce<number>((sum, g, i) => (g === null ? sum : sum + (2 ** g - 1) / Math.log2(i + 2)), 0);
  // The ideal list holds the grades of the rated documents that exist, cut at the number of results returned.
  const ideal = Object.entries(ratings)
    .filter(([id]) => known.has(id))
    .map(([, g]) => g)
    .sort((a, b) => b - a)
    .slice(0, grades.length);
  const idcg = gain(ideal);
  const relevant = grades.map((g) => g !== null && g >= RELEVANT);
  const first = relevant.indexOf(true);
  return {
    ndcg: idcg ? gain(grades) / idcg : 0,
    precision: grades.length ? relevant.filter(Boolean).length / grades.length : 0,
    mrr: first < 0 ? 0 : 1 / (first + 1),
  };
}

describe('relevance eval figures', () => {
  it('equal an independent computation over the same requests', async () => {
    const known = new Set([
      'gadgetgarage',
      'dailygadget',
      'gadgetlab',
      'retrogadget',
      'gadgetreviews',
      'kitchencorner',
    ]);
    for (const [i, judgment] of JUDGMENTS.entries()) {
      const target = await similarTargetFor(dataset.client, judgment, settings(dataset.prefix), false);
      const { index, body } = renderRequest(judgment, profile, settings(dataset.prefix), 25, undefined, target);
      const { body: result } = await dataset.client.search({
        index,
        body: { ...body, size: K, _source: ['slug'], stored_fields: undefined },
      });
      const ranked = (result.hits.hits as { _source: { slug: string } }[]).map((h) => h._source.slug.toLowerCase());
      const outcome = evaluation.queries[i];
      const expected = independently(ranked, judgment.ratings, known);
      expect(outcome?.query).toBe(judgment.query);
      expect(outcome?.metrics.ndcg).toBeCloseTo(expected.ndcg, 10);
      expect(outcome?.metrics.precision).toBeCloseTo(expected.precision, 10);
      expect(outcome?.metrics.mrr).toBeCloseTo(expected.mrr, 10);
      expect(outcome?.top.map((t) => t.id.toLowerCase())).toEqual(ranked);
    }
  });

  it('is a case worth checking: graded in between, with unknown ids and a query that finds nothing', () => {
    const [gadget, reviews, nothing] = evaluation.queries;
    expect(gadget?.metrics.ndcg).toBeGreaterThan(0);
    expect(gadget?.metrics.ndcg).toBeLessThan(1);
    expect(gadget?.unknownIds).toEqual(['nobody']);
    expect(gadget?.top.some((t) => t.grade === null)).toBe(true);
    expect(reviews?.metrics.hit1).toBe(1);
    expect(nothing?.metrics).toMatchObject({ zero: 1, ndcg: 0, precision: 0, mrr: 0, hit3: 0 });
    expect(evaluation.classes.fixed?.queries).toBe(3);
  });

  it("evaluates lookalikes with the API's request for the creator named, and finds none for an unknown one", () => {
    const [similar, unknown] = evaluation.queries.slice(3);
    expect(similar?.target).toBe('similar');
    expect(similar?.top.length).toBeGreaterThan(0);
    expect(similar?.top.map((t) => t.id.toLowerCase())).not.toContain('gadgetgarage');
    expect(unknown?.metrics).toMatchObject({ zero: 1, ndcg: 0 });
    expect(evaluation.classes['fixed-lookalike']?.queries).toBe(2);
  });
});
