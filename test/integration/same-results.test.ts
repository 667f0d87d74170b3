import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { beforeRequests, type Case, liveRequests, type Shapes, searchMix } from '../../bench/api/mix.ts';
import { sameResults } from '../../bench/api/same-results.ts';
import { SearchCreatorsParams } from '../../src/contract/params.ts';
import { addsStoredPopularity } from '../../src/search/creator-query.ts';
import { type Mappings, recordedIndex } from '../../src/search/live-index.ts';
import { loadProfile } from '../../src/search/profile.ts';
import { type LoadedDataset, sharedDataset } from '../support/catalog.ts';

// The benchmark reports a speed-up only after this check: the live request shape must return the same top 25 and
// totalFound as the frozen one it replaced (bench/before-query.ts). Here on every fourth request of the mix, each
// kind of request included; bench:api checks the whole mix before it measures, and test/bench/api.test.ts runs it.

let data: LoadedDataset;
let cases: Case[];
const ranking = loadProfile().ranking.creators;
let shapes: Shapes;

beforeAll(async () => {
  data = sharedDataset();
  cases = searchMix(path.dirname(data.judgments)).filter((_, i) => i % 4 === 0);
  const { body } = await data.client.indices.getMapping({ index: `${data.prefix}creators` });
  // The live shape as the API sends it to this data: with the popularity sum the indexer stored.
  const indexedPopularity = recordedIndex(body as Mappings)?.popularity;
  shapes = { ranking, pageSize: 25, depthLimit: 1000, authorization: {}, indexedPopularity };
});
afterAll(() => data?.drop());

describe('same answers from the live shape as from the replaced one', () => {
  it('finds none different for the live shape', async () => {
    const { compared, differences } = await sameResults(
      inject('opensearchUrl'),
      beforeRequests(cases, data.prefix, shapes),
      liveRequests(cases, data.prefix, shapes),
    );
    expect(compared).toBe(cases.length);
    expect(compared).toBeGreaterThan(400);
    expect(new Set(cases.map((c) => Object.keys(c).sort().join())).size).toBeGreaterThan(3);
    expect(differences).toEqual([]);
    const stored = cases.filter((c) =>
      addsStoredPopularity(SearchCreatorsParams.parse(c), ranking, shapes.indexedPopularity),
    );
    expect(stored.length).toBeGreaterThan(cases.length / 2);
  });

  it('reports each request whose top 25 differs, with both answers', async () => {
    // The same shape with popularity weighed four times as much: the same matches, ranked otherwise.
    const signals = ranking.popularity?.signals ?? {};
    const heavier = {
      ...ranking,
      popularity: {
        signals: Object.fromEntries(Object.entries(signals).map(([k, v]) => [k, { ...v, boost: v.boost * 4 }])),
      },
    };
    // A slice of the mix is enough to see the report; the whole mix is the first test's.
    const some = cases.slice(0, 100);
    const { differences } = await sameResults(
      inject('opensearchUrl'),
      beforeRequests(some, data.prefix, shapes),
      liveRequests(some, data.prefix, { ...shapes, ranking: heavier }),
    );
    expect(differences.length).toBeGreaterThan(0);
    for (const d of differences) {
      expect(d.live.total).toBe(d.before.total);
      expect(d.live.ids).not.toEqual(d.before.ids);
    }
  });

  it('reports a different totalFound even when the top 25 agree', async () => {
    const { differences } = await sameResults(
      inject('opensearchUrl'),
      beforeRequests(cases.slice(0, 40), data.prefix, shapes),
      liveRequests(cases.slice(0, 40), data.prefix, { ...shapes, ranking: { ...ranking, relaxed: undefined } }),
    );
    expect(differences.some((d) => d.live.total !== d.before.total)).toBe(true);
  });
});
