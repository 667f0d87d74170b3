import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Case, searchMix } from '../../bench/api/mix.ts';
import { loadIndexerConfig } from '../../indexer/config.ts';
import { slugOf } from '../../indexer/documents.ts';
import { load } from '../../indexer/load.ts';
import { SearchCreatorsParams } from '../../src/contract/params.ts';
import { addsStoredPopularity, creatorSearchBody } from '../../src/search/creator-query.ts';
import { signalsKey } from '../../src/search/indexed-popularity.ts';
import { type Mappings, recordedIndex } from '../../src/search/live-index.ts';
import { loadProfile } from '../../src/search/profile.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type LoadedDataset, loadGeneratedDataset } from '../support/catalog.ts';
import { TEST_PROFILE } from '../support/dataset.ts';

// The popularity clauses' sum, stored per creator at index time (src/search/indexed-popularity.ts), must rank
// exactly as the clauses do, in OpenSearch itself: same scores to the bit, so the same answers. And the API must
// use it only on an index that stores it for the profile's signals.

const profile = loadProfile(TEST_PROFILE);
const ranking = profile.ranking.creators;
const window = { from: 0, size: 25 };
type Answer = { hits: { total: { value: number }; hits: { _id: string; _index: string; sort: unknown[] }[] } };

let data: LoadedDataset;
let cases: Case[];

const search = async (body: unknown, index = `${data.prefix}creators`): Promise<Answer> => {
  const { body: answer } = await data.client.search({ index, body: body as Record<string, unknown> });
  return answer as unknown as Answer;
};
const live = async () => {
  const { body } = await data.client.indices.getMapping({ index: `${data.prefix}creators` });
  return recordedIndex(body as Mappings);
};

beforeAll(async () => {
  data = await loadGeneratedDataset('stored_popularity');
  cases = searchMix(path.dirname(data.judgments));
});
afterAll(() => data?.drop());

describe('the stored popularity sum in OpenSearch', () => {
  it('is recorded for the profile the indexer ran with', async () => {
    expect((await live())?.popularity).toBe(signalsKey(ranking.popularity?.signals));
  });

  it('gives every hit of the mix the score of the three clauses, to the bit', async () => {
    const key = (await live())?.popularity;
    let stored = 0;
    for (const c of cases.slice(0, 250)) {
      const params = SearchCreatorsParams.parse(c);
      if (!addsStoredPopularity(params, ranking, key)) continue;
      stored += 1;
      const [clauses, sum] = await Promise.all([
        search(creatorSearchBody(params, ranking, window)),
        search(creatorSearchBody(params, ranking, window, key)),
      ]);
      expect(sum.hits.total.value).toBe(clauses.hits.total.value);
      expect(sum.hits.hits.map((h) => [h._id, h.sort])).toEqual(clauses.hits.hits.map((h) => [h._id, h.sort]));
    }
    expect(stored).toBeGreaterThan(150);
  });
});

describe('the API and the stored sum', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ INDEX_PREFIX: data.prefix });
  });
  afterAll(() => test?.close());

  it('ranks with the clauses on an index swapped in since, whose sum is for other signals', async () => {
    // The API learns the index the alias points at (its first search starts that), then a new version is loaded
    // from the same data with popularity weighed far more: the alias moves to it.
    await test.get('/api/v1/creators?query=gaming');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const heavier = path.join(mkdtempSync(path.join(os.tmpdir(), 'profile-')), 'heavier.json');
    const json = JSON.parse(readFileSync(TEST_PROFILE, 'utf8'));
    for (const signal of Object.values(json.creators.popularity.signals) as { boost: number }[]) {
      signal.boost *= 40;
    }
    writeFileSync(heavier, JSON.stringify(json));
    const config = loadIndexerConfig({
      INDEX_PREFIX: data.prefix,
      OPENSEARCH_URL: inject('opensearchUrl'),
      RANKING_PROFILE: heavier,
      DATA_DIR: path.dirname(data.judgments),
      SEMANTIC: 'false',
    });
    await load({ client: data.client, config, out: new Writable({ write: (_c, _e, done) => done() }) as never });
    const swapped = await live();
    expect(swapped?.popularity).not.toBe(signalsKey(ranking.popularity?.signals));

    // A query whose page the other sum orders otherwise: what the API would show had it trusted that sum.
    const key = signalsKey(ranking.popularity?.signals);
    let compared = 0;
    for (const query of ['gaming', 'cooking', 'travel vlog', 'fitness', 'tech reviews', 'makeup']) {
      const params = SearchCreatorsParams.parse({ query });
      const clauses = await search(creatorSearchBody(params, ranking, window));
      const stale = await search(creatorSearchBody(params, ranking, window, key));
      const top = (answer: Answer) => answer.hits.hits.slice(0, 10).map((h) => h._id);
      if (JSON.stringify(top(stale)) === JSON.stringify(top(clauses))) continue;
      const response = await test.get(`/api/v1/creators?query=${encodeURIComponent(query)}`);
      expect(response.statusCode).toBe(200);
      const shown = (response.json() as { creators: { id: string }[] }).creators.map((c) => c.id);
      const byId = new Map(data.creators.map((c) => [String(c.id), slugOf(c)]));
      expect(shown).toEqual(clauses.hits.hits.slice(0, shown.length).map((h) => byId.get(h._id)));
      expect(shown).not.toEqual(stale.hits.hits.slice(0, shown.length).map((h) => byId.get(h._id)));
      compared += 1;
    }
    expect(compared).toBeGreaterThan(0);
  });
});
