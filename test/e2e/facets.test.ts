import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorRecord } from '../../indexer/records.ts';
import { SearchCreatorsResult, SearchSponsorsResult } from '../../src/contract/operations.ts';
import { textQuery } from '../../src/search/creator-query.ts';
import { SIZE_BANDS } from '../../src/search/facets.ts';
import { loadProfile } from '../../src/search/profile.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type LoadedDataset, sharedDataset } from '../support/catalog.ts';
import { TEST_PROFILE } from '../support/dataset.ts';

// Facet counts over the generated dataset, each recounted here from the records the text matches: with and without
// each filter, every facet's counts leave its own filter out and apply the others.

let data: LoadedDataset;
let api: TestApp;
const byId = new Map<number, CreatorRecord>();
const QUERY = 'gaming';

/** Every creator the text matches, without filters, straight from OpenSearch. */
async function textMatches(): Promise<CreatorRecord[]> {
  const { body } = await data.client.search({
    index: `${data.prefix}creators`,
    body: { size: 10_000, _source: ['creatorId'], query: textQuery(QUERY, loadProfile(TEST_PROFILE).ranking.creators) },
  });
  return (body.hits.hits as { _source: { creatorId: number } }[]).map(
    (h) => byId.get(h._source.creatorId) as CreatorRecord,
  );
}

const band = (subscribers: number) =>
  SIZE_BANDS.find((b) => subscribers >= ('from' in b ? b.from : 0) && (!('to' in b) || subscribers < b.to))?.value;
const FACET_VALUES: Record<string, (c: CreatorRecord) => (string | null)[]> = {
  niche: (c) => [c.primaryNiche, ...c.secondaryNiches],
  country: (c) => [c.country],
  language: (c) => [c.language],
  size: (c) => [band(c.subscribers) ?? null],
  format: (c) => [c.videoFormat],
};
/** The filters a test applies, by the facet each belongs to. */
const FILTERS: Record<string, { param: Record<string, string>; keeps: (c: CreatorRecord) => boolean }> = {
  country: { param: { country: 'US' }, keeps: (c) => c.country === 'US' },
  size: { param: { min_subscribers: '10000' }, keeps: (c) => c.subscribers >= 10_000 },
  format: { param: { video_format: 'long' }, keeps: (c) => c.videoFormat === 'long' },
};

function recount(matches: CreatorRecord[], facet: string, applied: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  const kept = matches.filter((c) => applied.every((f) => f === facet || (FILTERS[f]?.keeps(c) ?? true)));
  for (const c of kept)
    for (const value of new Set(FACET_VALUES[facet]?.(c))) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

beforeAll(async () => {
  data = sharedDataset();
  for (const c of data.creators) byId.set(c.id, c);
  api = await createTestApp({ INDEX_PREFIX: data.prefix, LOG_LEVEL: 'warn' });
}, 120_000);
afterAll(async () => {
  await api?.close();
  await data?.drop();
});

describe('facets on creator search', () => {
  it.each([[[]], [['country']], [['size']], [['country', 'size', 'format']]])(
    'count the whole match set, each facet without its own filter (filters: %j)',
    async (applied: string[]) => {
      const matches = await textMatches();
      expect(matches.length).toBeGreaterThan(50);
      const params = new URLSearchParams({ query: QUERY, facets: 'niche,country,language,size,format' });
      for (const f of applied) for (const [k, v] of Object.entries(FILTERS[f]?.param ?? {})) params.set(k, v);
      const response = await api.get(`/api/v1/creators?${params}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = SearchCreatorsResult.parse(response.json());
      expect(body.totalFound).toBe(matches.filter((c) => applied.every((f) => FILTERS[f]?.keeps(c))).length);
      for (const facet of ['niche', 'country', 'language', 'size', 'format'] as const) {
        const served = new Map((body.facets?.[facet] ?? []).filter((v) => v.count > 0).map((v) => [v.value, v.count]));
        expect(served, facet).toEqual(recount(matches, facet, applied));
      }
    },
  );

  it('serves the same page with facets as without, at no extra credit', async () => {
    const { key } = await api.key({ unlimited: false, allowance: 10 });
    const get = (query: string) => api.get(`/api/v1/creators?${query}`, { authorization: `Bearer ${key}` });
    const plain = (await get('query=gaming&country=US')).json();
    const counted = (await get('query=gaming&country=US&facets=country,size')).json();
    expect(counted.creators).toEqual(plain.creators);
    expect(counted.totalFound).toBe(plain.totalFound);
    expect(plain).not.toHaveProperty('facets');
    expect(Object.keys(counted.facets)).toEqual(['country', 'size']);
    expect((await api.get('/api/v1/credits', { authorization: `Bearer ${key}` })).json().balance).toBe(8);
  });

  it('refuses an unknown facet with 422 naming the allowed ones', async () => {
    const response = await api.get('/api/v1/creators?query=gaming&facets=niche,colour');
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'invalid_request' });
    expect(response.json().error.message).toMatch(/colour.*allowed: niche, country, language, size, format/);
  });
});

describe('facets on sponsor search', () => {
  it('count kinds and niches over the whole match set', async () => {
    const response = await api.get('/api/v1/sponsors?query=co&facets=kind,niche');
    expect(response.statusCode, response.body).toBe(200);
    const body = SearchSponsorsResult.parse(response.json());
    const kinds = body.facets?.kind ?? [];
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.reduce((sum, v) => sum + v.count, 0)).toBeGreaterThanOrEqual(body.returned);
    const bad = await api.get('/api/v1/sponsors?query=co&facets=size');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.message).toMatch(/allowed: kind, niche/);
  });
});
