import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorRecord, SnapshotRecord } from '../../indexer/records.ts';
import { CreatorHistoryResult, SearchCreatorsResult } from '../../src/contract/operations.ts';
import type { CreatorSummary, Growth } from '../../src/contract/resources.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type LoadedDataset, sharedDataset } from '../support/catalog.ts';

// Growth, asOf and history over the generated dataset and its year of snapshots, each figure recomputed here from
// snapshots.ndjson rather than read back from what the indexer derived.

let data: LoadedDataset;
let api: TestApp;
let paged: TestApp;
const bySlug = new Map<string, CreatorRecord>();
const history = new Map<number, SnapshotRecord[]>();
const slugOf = (c: CreatorRecord) => (c.handle ? c.handle.slice(1) : `creator-${c.id}`);
const DAY = 86_400_000;

/** The rule of README "Decisions" (growth), written out again: the oldest snapshot within N days of the newest. */
function expectedGrowth(creatorId: number): { asOf: string | null; growth: Growth } {
  const rows = [...(history.get(creatorId) ?? [])].sort((a, b) => b.date.localeCompare(a.date));
  const latest = rows[0];
  if (!latest) return { asOf: null, growth: { last30Days: null, last90Days: null } };
  const window = (days: number) => {
    const age = (r: SnapshotRecord) => (Date.parse(latest.date) - Date.parse(r.date)) / DAY;
    const base = rows.filter((r) => age(r) > 0 && age(r) <= days).at(-1);
    if (!base) return null;
    const pct = (now: number, then: number) => (then === 0 ? null : Math.round((10_000 * (now - then)) / then) / 100);
    return {
      from: base.date,
      days: age(base),
      subscribers: latest.subscribers - base.subscribers,
      subscribersPct: pct(latest.subscribers, base.subscribers),
      views: latest.totalViews - base.totalViews,
      viewsPct: pct(latest.totalViews, base.totalViews),
    };
  };
  return { asOf: latest.date, growth: { last30Days: window(30), last90Days: window(90) } };
}
const pctOf = (c: CreatorSummary) =>
  expectedGrowth((bySlug.get(c.id) as CreatorRecord).id).growth.last30Days?.subscribersPct ?? null;

async function allPages(params: Record<string, string>): Promise<{ total: number; creators: CreatorSummary[] }> {
  const creators: CreatorSummary[] = [];
  let total = 0;
  for (let page: number | null = 1; page !== null; ) {
    const response = await api.get(`/api/v1/creators?${new URLSearchParams({ ...params, page: String(page) })}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = SearchCreatorsResult.parse(response.json());
    creators.push(...body.creators);
    total = body.totalFound;
    page = body.nextPage;
  }
  return { total, creators };
}

beforeAll(async () => {
  data = sharedDataset();
  for (const c of data.creators) bySlug.set(slugOf(c), c);
  for (const s of data.snapshots) history.set(s.creatorId, [...(history.get(s.creatorId) ?? []), s]);
  api = await createTestApp({ INDEX_PREFIX: data.prefix, LOG_LEVEL: 'warn' });
  paged = await createTestApp({ INDEX_PREFIX: data.prefix, LOG_LEVEL: 'warn', PAGE_SIZE: '4' });
}, 120_000);
afterAll(async () => {
  await api?.close();
  await paged?.close();
  await data?.drop();
});

describe('growth and asOf', () => {
  it("shows every creator's growth and the date of its figures, in search and in its profile", async () => {
    const { creators } = await allPages({ query: 'gaming' });
    expect(creators.length).toBeGreaterThan(20);
    for (const summary of creators) {
      const record = bySlug.get(summary.id) as CreatorRecord;
      expect({ asOf: summary.asOf, growth: summary.growth }).toEqual(expectedGrowth(record.id));
    }
    const sample = creators.slice(0, 5);
    for (const summary of sample) {
      const response = await api.get(`/api/v1/creators/${summary.id}`);
      expect(response.json().creator).toMatchObject({ asOf: summary.asOf, growth: summary.growth });
    }
    // The generator gives a few creators a history too short for a window: shown as null, not as 0.
    const short = data.creators.find((c) => (history.get(c.id)?.length ?? 0) === 1) as CreatorRecord;
    const response = await api.get(`/api/v1/creators/${slugOf(short)}`);
    expect(response.json().creator.growth).toEqual({ last30Days: null, last90Days: null });
  });

  it('sorts the whole match set by 30-day subscriber growth, unknown last, exactly as recomputed', async () => {
    const plain = await allPages({ query: 'gaming' });
    const sorted = await allPages({ query: 'gaming', sort: 'subs_growth_desc' });
    expect(sorted.total).toBe(plain.total);
    expect(sorted.creators.map((c) => c.id).sort()).toEqual(plain.creators.map((c) => c.id).sort());
    const pcts = sorted.creators.map(pctOf);
    const known = pcts.filter((p): p is number => p !== null);
    expect(pcts.slice(0, known.length)).toEqual([...known].sort((a, b) => b - a));
    expect(pcts.slice(known.length).every((p) => p === null)).toBe(true);
  });

  it.each([['5'], ['0'], ['-1.5']])('filters on min_subs_growth=%s exactly as recomputed', async (floor) => {
    const plain = await allPages({ query: 'gaming' });
    const filtered = await allPages({ query: 'gaming', min_subs_growth: floor });
    const expected = plain.creators.filter((c) => (pctOf(c) ?? Number.NEGATIVE_INFINITY) >= Number(floor));
    expect(filtered.total).toBe(expected.length);
    expect(filtered.creators.map((c) => c.id).sort()).toEqual(expected.map((c) => c.id).sort());
  });

  it("dates a sponsor by its creators' newest figures", async () => {
    const response = await api.get(`/api/v1/sponsors/${data.sponsors[0]?.id}`);
    expect(response.statusCode).toBe(200);
    const newest = data.snapshots
      .map((s) => s.date)
      .sort()
      .at(-1);
    expect(response.json().sponsor.asOf).toBe(newest);
  });
});

describe('GET /creators/{id}/history', () => {
  const longest = () => data.creators.find((c) => (history.get(c.id)?.length ?? 0) >= 13) as CreatorRecord;
  const expected = (c: CreatorRecord) =>
    [...(history.get(c.id) ?? [])]
      .sort((a, b) => b.date.localeCompare(a.date))
      .map(({ creatorId: _, ...figures }) => figures);
  async function pages(url: string) {
    const snapshots: unknown[] = [];
    let total = 0;
    for (let page: number | null = 1; page !== null; ) {
      const response = await paged.get(`${url}${url.includes('?') ? '&' : '?'}page=${page}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = CreatorHistoryResult.parse(response.json());
      expect(body.returned).toBe(body.snapshots.length);
      snapshots.push(...body.snapshots);
      total = body.totalFound;
      page = body.nextPage;
    }
    return { total, snapshots };
  }

  it("pages a creator's snapshots newest first, exactly the generated ones", async () => {
    const creator = longest();
    const { total, snapshots } = await pages(`/api/v1/creators/${slugOf(creator)}/history`);
    expect(total).toBe(expected(creator).length);
    expect(snapshots).toEqual(expected(creator));
    const first = (await paged.get(`/api/v1/creators/${slugOf(creator)}/history`)).json();
    expect(first).toMatchObject({ creator: { id: slugOf(creator), name: creator.name }, page: 1, hasMore: true });
    expect(first.snapshots[0]).toEqual({
      date: '2026-11-01',
      subscribers: creator.subscribers,
      totalViews: creator.totalViews,
      videoCount: creator.videoCount,
      avgViews: creator.avgViews,
    });
  });

  it('bounds the dates with from and to, both inclusive', async () => {
    const creator = longest();
    const { snapshots } = await pages(`/api/v1/creators/${slugOf(creator)}/history?from=2026-06-05&to=2026-10-02`);
    expect(snapshots).toEqual(expected(creator).filter((s) => s.date >= '2026-06-05' && s.date <= '2026-10-02'));
    expect(snapshots.length).toBeGreaterThan(2);
  });

  it.each([
    ['from=2026-13-01', 'invalid_request'],
    ['to=yesterday', 'invalid_request'],
    ['from=2026-06-01&to=2026-05-01', 'invalid_request'],
    ['page=0', 'invalid_request'],
  ])('refuses %s with 422 %s', async (query, code) => {
    const response = await api.get(`/api/v1/creators/${slugOf(longest())}/history?${query}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe(code);
  });

  it('answers 404 for a creator nobody has', async () => {
    const response = await api.get('/api/v1/creators/no-such-creator-here/history');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});
