import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorRecord } from '../../indexer/records.ts';
import { SearchCreatorsResult } from '../../src/contract/operations.ts';
import type { CreatorSummary } from '../../src/contract/resources.ts';
import { textQuery } from '../../src/search/creator-query.ts';
import { loadProfile } from '../../src/search/profile.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type LoadedDataset, sharedDataset } from '../support/catalog.ts';
import { TEST_PROFILE } from '../support/dataset.ts';

// Creator search over a generated dataset: every filter is checked against the records themselves.
let data: LoadedDataset;
let api: TestApp;
let bySlug: Map<string, CreatorRecord>;
const slugOf = (c: CreatorRecord) => (c.handle ? c.handle.slice(1) : `creator-${c.id}`);

async function search(params: Record<string, string | number>) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await api.get(`/api/v1/creators?${query}`);
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** Every creator the text of `query` matches, without filters, straight from OpenSearch. */
async function textMatches(query: string): Promise<CreatorRecord[]> {
  const { body } = await data.client.search({
    index: `${data.prefix}creators`,
    body: { size: 10_000, _source: ['slug'], query: textQuery(query, loadProfile(TEST_PROFILE).ranking.creators) },
  });
  return (body.hits.hits as { _source: { slug: string } }[]).map((h) => bySlug.get(h._source.slug) as CreatorRecord);
}

/** All pages of a search, following nextPage. */
async function allPages(params: Record<string, string | number>): Promise<CreatorSummary[]> {
  const creators: CreatorSummary[] = [];
  for (let page: number | null = 1; page !== null; ) {
    const { status, body } = await search({ ...params, page });
    expect(status).toBe(200);
    creators.push(...body.creators);
    page = body.nextPage;
  }
  return creators;
}

const mostCommon = <T>(values: T[]): T => {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] as T;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

beforeAll(async () => {
  data = sharedDataset();
  bySlug = new Map(data.creators.map((c) => [slugOf(c), c]));
  api = await createTestApp({ INDEX_PREFIX: data.prefix, LOG_LEVEL: 'warn' });
}, 120_000);
afterAll(async () => {
  await api?.close();
  await data?.drop();
});

describe('GET /api/v1/creators', () => {
  const QUERY = 'gaming';

  it('finds creators by topic, with the exact total and exactly the contract keys', async () => {
    const expected = await textMatches(QUERY);
    expect(expected.length).toBeGreaterThan(60);
    const { status, body } = await search({ query: QUERY });
    expect(status).toBe(200);
    expect(SearchCreatorsResult.parse(body)).toEqual(body);
    expect(body).toMatchObject({ query: QUERY, page: 1, totalFound: expected.length, returned: 25, hasMore: true });
    expect(body.nextPage).toBe(2);
  });

  it('applies each filter as the records say it should', async () => {
    const matched = await textMatches(QUERY);
    const niche = mostCommon(matched.flatMap((c) => c.secondaryNiches));
    const country = mostCommon(matched.map((c) => c.country).filter(Boolean));
    const language = mostCommon(matched.map((c) => c.language).filter((l) => l && l !== 'en'));
    const subs = median(matched.map((c) => c.subscribers));
    const views = median(matched.map((c) => c.avgViews));
    const engagement = median(matched.flatMap((c) => (c.engagementRate === null ? [] : [c.engagementRate])));
    const cases: [Record<string, string | number>, (c: CreatorRecord) => boolean][] = [
      [{ niche_category: niche }, (c) => c.primaryNiche === niche || c.secondaryNiches.includes(niche)],
      [{ niche_category: 'gaming', primary_niche_only: 'true' }, (c) => c.primaryNiche === 'gaming'],
      [{ country: String(country) }, (c) => c.country === country],
      [{ country: String(country).toLowerCase() }, (c) => c.country === country],
      [{ language: String(language) }, (c) => c.language === language],
      [{ min_subscribers: subs }, (c) => c.subscribers >= subs],
      [{ max_subscribers: subs }, (c) => c.subscribers <= subs],
      [{ min_avg_views: views }, (c) => c.avgViews >= views],
      [{ min_engagement_rate: engagement }, (c) => c.engagementRate !== null && c.engagementRate >= engagement],
      [{ has_sponsors: 'true' }, (c) => c.sponsorships.length > 0],
      [{ has_sponsors: 'false' }, (c) => c.sponsorships.length === 0],
      [{ video_format: 'short' }, (c) => c.videoFormat === 'short'],
      [{ video_format: 'long', has_sponsors: 'true' }, (c) => c.videoFormat === 'long' && c.sponsorships.length > 0],
    ];
    for (const [filter, keep] of cases) {
      const expected = matched.filter(keep);
      const { status, body } = await search({ query: QUERY, ...filter });
      expect(status, JSON.stringify(filter)).toBe(200);
      expect(expected.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(body.totalFound, JSON.stringify(filter)).toBe(expected.length);
      for (const c of body.creators) expect(keep(bySlug.get(c.id) as CreatorRecord), c.id).toBe(true);
    }
  });

  it('reads countries by full name and ISO codes, and languages by name and code, any case', async () => {
    const totals = async (key: string, values: string[]) =>
      Promise.all(values.map(async (v) => (await search({ query: QUERY, [key]: v })).body.totalFound));
    const countries = await totals('country', ['United States', 'united states of america', 'US', 'us', 'USA', 'usa']);
    expect(new Set(countries).size).toBe(1);
    expect(countries[0]).toBeGreaterThan(0);
    const languages = await totals('language', ['English', 'english', 'EN', 'eng']);
    expect(new Set(languages).size).toBe(1);
    expect(languages[0]).toBeGreaterThan(0);
  });

  it.each([
    ['subs_desc', (c: CreatorRecord) => c.subscribers, 'desc'],
    ['subs_asc', (c: CreatorRecord) => c.subscribers, 'asc'],
    ['views_desc', (c: CreatorRecord) => c.totalViews, 'desc'],
    ['avg_views_desc', (c: CreatorRecord) => c.avgViews, 'desc'],
    ['engagement_desc', (c: CreatorRecord) => c.engagementRate, 'desc'],
  ] as const)('sort=%s orders the whole match set across pages, nulls last', async (sort, metric, order) => {
    const query = 'cooking';
    const matched = await textMatches(query);
    expect(matched.length).toBeGreaterThan(25);
    const pages = await allPages({ query, sort });
    expect(new Set(pages.map((c) => c.id)).size).toBe(matched.length);
    const sign = order === 'desc' ? -1 : 1;
    const byMetric = (a: number | null, b: number | null) =>
      a === null ? (b === null ? 0 : 1) : b === null ? -1 : sign * (a - b);
    const expected = matched.map(metric).sort(byMetric);
    expect(pages.map((c) => metric(bySlug.get(c.id) as CreatorRecord))).toEqual(expected);
  });

  it('keeps relevance order without sort, and pages never overlap or skip', async () => {
    const matched = await textMatches('fitness');
    const pages = await allPages({ query: 'fitness' });
    expect(pages.map((c) => c.id).sort()).toEqual(matched.map(slugOf).sort());
  });

  it('answers a page past the last one with an empty page', async () => {
    const { body: first } = await search({ query: QUERY });
    const last = Math.ceil(first.totalFound / 25);
    const { body: past } = await search({ query: QUERY, page: last + 1 });
    expect(past).toEqual({
      query: QUERY,
      page: last + 1,
      totalFound: first.totalFound,
      returned: 0,
      hasMore: false,
      nextPage: null,
      creators: [],
    });
    const { body: lastPage } = await search({ query: QUERY, page: last });
    expect(lastPage).toMatchObject({ hasMore: false, nextPage: null, returned: first.totalFound - (last - 1) * 25 });
  });

  it('stops paging at the depth limit while still counting every match', async () => {
    const shallow = await createTestApp({ INDEX_PREFIX: data.prefix, SEARCH_DEPTH_LIMIT: '30', LOG_LEVEL: 'warn' });
    try {
      const get = async (page: number) => (await shallow.get(`/api/v1/creators?query=${QUERY}&page=${page}`)).json();
      const total = (await textMatches(QUERY)).length;
      expect(await get(1)).toMatchObject({ totalFound: total, returned: 25, hasMore: true, nextPage: 2 });
      expect(await get(2)).toMatchObject({ totalFound: total, returned: 5, hasMore: false, nextPage: null });
      expect(await get(3)).toMatchObject({ totalFound: total, returned: 0, hasMore: false, creators: [] });
      // Far past OpenSearch's result window: still a plain empty page.
      expect(await get(1_000_000)).toMatchObject({ totalFound: total, returned: 0, creators: [] });
    } finally {
      await shallow.close();
    }
  });

  it('finds names and handles by prefix, and sponsors by brand name', async () => {
    const withHandle = data.creators.find((c) => c.handle && c.handle.length > 10) as CreatorRecord;
    const handle = withHandle.handle as string;
    for (const text of [handle, handle.slice(0, 8), handle.slice(1).toLowerCase(), withHandle.name]) {
      const { body } = await search({ query: text });
      expect(
        body.creators.map((c: CreatorSummary) => c.id),
        text,
      ).toContain(slugOf(withHandle));
    }
    // The brand with the fewest creators, so all of its creators fit in the available pages.
    const creatorsOf = (id: number) => data.creators.filter((c) => c.sponsorships.some((s) => s.sponsorId === id));
    const brand = data.sponsors
      .map((s) => ({ name: s.name, creators: creatorsOf(s.id) }))
      .filter((s) => s.creators.length > 0)
      .sort((a, b) => a.creators.length - b.creators.length)[0] as { name: string; creators: CreatorRecord[] };
    const found = new Set((await allPages({ query: brand.name })).map((c) => c.id));
    for (const c of brand.creators) expect(found, brand.name).toContain(slugOf(c));
  });

  it.each(['name:foo OR *', '"unbalanced', 'back\\slash\\', '😀🔥', '(tech) AND [keyboards] {x} ~2 ^3 /regex/', '*'])(
    'treats %s as plain text',
    async (text) => {
      const { status, body } = await search({ query: text });
      expect(status).toBe(200);
      expect(body.query).toBe(text);
      expect(body.totalFound).toBeGreaterThanOrEqual(0);
    },
  );

  it.each([
    ['no query', {}],
    ['an empty query', { query: '' }],
    ['a blank query', { query: '   ' }],
    ['a query over 200 characters', { query: 'x'.repeat(201) }],
    ['an unknown niche', { query: QUERY, niche_category: 'basket_weaving' }],
    ['primary_niche_only without a niche', { query: QUERY, primary_niche_only: 'true' }],
    ['an unknown country', { query: QUERY, country: 'Atlantis' }],
    ['an unknown language', { query: QUERY, language: 'Elvish' }],
    ['min over max subscribers', { query: QUERY, min_subscribers: 100, max_subscribers: 10 }],
    ['a fractional integer', { query: QUERY, min_subscribers: '10.5' }],
    ['a negative integer', { query: QUERY, min_avg_views: -1 }],
    ['an integer beyond the safe range', { query: QUERY, max_subscribers: '9007199254740993' }],
    ['a non-numeric rate', { query: QUERY, min_engagement_rate: 'high' }],
    ['a boolean that is not one', { query: QUERY, has_sponsors: 'yes' }],
    ['an unknown video format', { query: QUERY, video_format: 'vertical' }],
    ['an unknown sort', { query: QUERY, sort: 'random' }],
    ['page 0', { query: QUERY, page: 0 }],
    ['a negative page', { query: QUERY, page: -2 }],
    ['a fractional page', { query: QUERY, page: 1.5 }],
    ['a non-numeric page', { query: QUERY, page: 'next' }],
  ])('answers 422 invalid_request for %s', async (_name, params) => {
    const { status, body } = await search(params as Record<string, string | number>);
    expect(status).toBe(422);
    expect(body).toEqual({ error: { code: 'invalid_request', message: expect.any(String) } });
  });
});
