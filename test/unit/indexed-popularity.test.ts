import { describe, expect, it } from 'vitest';
import { creatorDocument } from '../../indexer/documents.ts';
import { SearchCreatorsParams } from '../../src/contract/params.ts';
import { addsStoredPopularity, creatorSearchBody, popularityBoosts } from '../../src/search/creator-query.ts';
import {
  ADD_POPULARITY_SCORE,
  type PopularitySignals,
  popularityScore,
  signalsKey,
} from '../../src/search/indexed-popularity.ts';
import { recordedIndex } from '../../src/search/live-index.ts';
import { loadProfile } from '../../src/search/profile.ts';
import { creator, TEST_PROFILE } from '../support/dataset.ts';

// What the indexer stores per creator must be what OpenSearch's three rank_feature clauses add up to, to the bit:
// test/integration/same-results.test.ts compares the two against OpenSearch; these pin the arithmetic.

const ranking = loadProfile(TEST_PROFILE).ranking.creators;
const signals = ranking.popularity?.signals as PopularitySignals;
const subscribersOnly: PopularitySignals = { 'popularity.subscribers': { boost: 1.5, pivot: 100_000 } };
const score = (s: PopularitySignals, values: Record<string, number | undefined>) =>
  popularityScore(s, (field) => values[field]);

describe('the stored popularity sum', () => {
  it('scores a value as a rank_feature field stores it: a float with its low 15 bits dropped', () => {
    // 100,000 is 1.10000110101 × 2^16: the stored float keeps 8 bits after the point, 99,840; the next is 100,096.
    const at = (subscribers: number) => score(subscribersOnly, { 'popularity.subscribers': subscribers });
    expect(at(100_000)).toBe(at(99_840));
    expect(at(100_095)).toBe(at(99_840));
    expect(at(100_096)).toBeGreaterThan(at(99_840));
    // Lucene's saturation in float steps: weight * (1 - pivot / (value + pivot)).
    const f = Math.fround;
    expect(at(100_000)).toBe(f(f(1.5) * f(1 - f(100_000 / f(99_840 + 100_000)))));
    expect(at(100_000)).not.toBe(f((1.5 * 100_000) / (100_000 + 100_000)));
  });

  it('adds nothing for a signal without a positive value, and is a float', () => {
    const all = { 'popularity.subscribers': 5_000, 'popularity.avgViews': 800, 'popularity.engagement': 2.75 };
    const none = { ...all, 'popularity.engagement': undefined };
    const zero = { ...all, 'popularity.engagement': 0 };
    const two = { 'popularity.subscribers': all['popularity.subscribers'], 'popularity.avgViews': 800 };
    expect(score(signals, none)).toBe(score(signals, two));
    expect(score(signals, zero)).toBe(score(signals, two));
    expect(score(signals, all)).toBeGreaterThan(score(signals, two));
    expect(Math.fround(score(signals, all))).toBe(score(signals, all));
    expect(score(signals, {})).toBe(0);
  });

  it('names the signals whatever their order, and only when every one has a pivot', () => {
    const reversed = Object.fromEntries(Object.entries(signals).reverse());
    expect(signalsKey(reversed)).toBe(signalsKey(signals));
    expect(signalsKey({ ...signals, 'popularity.engagement': { boost: 0.5, pivot: 5 } })).not.toBe(signalsKey(signals));
    expect(signalsKey({ ...signals, 'popularity.engagement': { boost: 0.6, pivot: 4 } })).not.toBe(signalsKey(signals));
    expect(signalsKey({ ...signals, 'popularity.engagement': { boost: 0.5 } })).toBeUndefined();
    expect(signalsKey({})).toBeUndefined();
    expect(signalsKey(undefined)).toBeUndefined();
  });

  it('is stored with each creator document when the index carries it, from the document’s own signals', () => {
    const record = creator(7, { subscribers: 250_000, avgViews: 0, engagementRate: 4.2 });
    const doc = creatorDocument(record, new Map(), new Map(), signals);
    expect(doc.popularityScore).toBe(
      score(signals, { 'popularity.subscribers': 250_000, 'popularity.engagement': 4.2 }),
    );
    expect(creatorDocument(record, new Map(), new Map())).not.toHaveProperty('popularityScore');
  });
});

describe('the search that adds it', () => {
  const params = (query: string) => SearchCreatorsParams.parse({ query, has_sponsors: 'true' });
  const key = signalsKey(signals);
  const window = { from: 0, size: 25 };

  it('adds the stored sum to the text score, with the same text and filters, when the index has the signals', () => {
    const clauses = creatorSearchBody(params('keyboards'), ranking, window) as {
      query: { bool: Record<string, unknown> };
    };
    const stored = creatorSearchBody(params('keyboards'), ranking, window, key) as { query: unknown };
    expect(addsStoredPopularity(params('keyboards'), ranking, key)).toBe(true);
    expect(stored.query).toEqual({
      script_score: {
        query: { bool: { must: clauses.query.bool.must, filter: clauses.query.bool.filter } },
        script: ADD_POPULARITY_SCORE,
      },
    });
    expect(clauses.query.bool.should).toEqual(popularityBoosts(ranking));
  });

  it('keeps the clauses for another profile’s signals, an index without them, and queries with hints', () => {
    const other = signalsKey({ ...signals, 'popularity.engagement': { boost: 0.5, pivot: 5 } });
    expect(addsStoredPopularity(params('keyboards'), ranking, other)).toBe(false);
    expect(addsStoredPopularity(params('keyboards'), ranking, undefined)).toBe(false);
    // "german": a language hint, whose boost shares the clauses' sum.
    expect(addsStoredPopularity(params('german cooking'), ranking, key)).toBe(false);
    const hinted = creatorSearchBody(params('german cooking'), ranking, window, key) as { query: object };
    expect(hinted.query).toHaveProperty('bool.should');
  });

  it('learns the signals from the one index behind the alias', () => {
    const meta = (popularity: string | null) => ({ mappings: { _meta: { popularity } } });
    expect(recordedIndex({ 'x_creators-v1': meta('k') })).toEqual({ index: 'x_creators-v1', popularity: 'k' });
    expect(recordedIndex({ 'x_creators-v1': meta(null) })).toEqual({ index: 'x_creators-v1', popularity: undefined });
    expect(recordedIndex({ 'x_creators-v1': {} })).toEqual({ index: 'x_creators-v1', popularity: undefined });
    expect(recordedIndex({})).toBeUndefined();
    expect(recordedIndex({ a: meta('k'), b: meta('k') })).toBeUndefined();
  });
});
