import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MIN_CONFIDENCE } from '../../src/contract/confidence.ts';
import { CreatorSponsorshipsResult } from '../../src/contract/operations.ts';
import { createTestApp, getWithKey, type TestApp } from '../support/app.ts';
import { loadRecords, sharedDataset } from '../support/catalog.ts';
import { creator, evidenceOf, evidenceRow, sponsor } from '../support/dataset.ts';

// GET /creators/{id}/sponsorships through the whole app: a creator's detected sponsorships with their evidence,
// newest first, paged like search, filtered by sponsor and confidence; the contract's counts are the default pages.

const sponsors = [sponsor(1, 'Keyforge Labs'), sponsor(2, 'Brightbank', { website: null })];
const kate = creator(1, {
  handle: '@KeyboardKate',
  sponsorships: [
    { sponsorId: 1, count: 5, firstDate: '2024-01-10', lastDate: '2025-06-01' },
    { sponsorId: 2, count: 2, firstDate: '2024-03-03', lastDate: '2025-06-01' },
  ],
});
const other = creator(2, {
  sponsorships: [{ sponsorId: 1, count: 1, firstDate: '2023-02-02', lastDate: '2023-02-02' }],
});
const bare = creator(3, { handle: null });
const row = evidenceRow;
const evidence = [
  row(1, 1, 'kate0000001', '2024-01-10', { confidence: 0.96, rule: 'deal', line: 'Use code KATE for 10% off' }),
  row(1, 1, 'kate0000002', '2025-06-01', { confidence: DEFAULT_MIN_CONFIDENCE }),
  row(1, 1, 'kate0000003', '2024-08-08', { confidence: 0.85 }),
  row(1, 1, 'kate0000004', '2024-08-08', { confidence: 0.98 }),
  row(1, 1, 'kate0000005', '2025-01-01', { confidence: 0.89 }),
  // One video with both sponsors: its two rows sort by sponsor id.
  row(1, 2, 'kate0000002', '2025-06-01', { confidence: 0.92, rule: 'partners', line: 'Partners: Brightbank' }),
  row(1, 2, 'kate0000006', '2024-03-03', { confidence: 0.86 }),
  // Below the default threshold: served on request, never counted.
  row(1, 2, 'kate0000007', '2025-09-09', { confidence: 0.3, rule: 'deal' }),
  ...evidenceOf([other]),
];
const counted = evidence.filter((r) => r.creatorId === 1 && r.confidence >= DEFAULT_MIN_CONFIDENCE);
const newestFirst = [...counted].sort(
  (a, b) =>
    b.publishedAt.localeCompare(a.publishedAt) || a.videoId.localeCompare(b.videoId) || a.sponsorId - b.sponsorId,
);

let data: Awaited<ReturnType<typeof loadRecords>>;
let t: TestApp;
const page = async (url: string) => {
  const response = await t.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return CreatorSponsorshipsResult.parse(response.json());
};
const ids = (r: { sponsorships: { videoId: string; sponsor: { id: number } }[] }) =>
  r.sponsorships.map((s) => `${s.videoId}/${s.sponsor.id}`);

beforeAll(async () => {
  data = await loadRecords('creator_sponsorships', sponsors, [kate, other, bare], { evidence });
  t = await createTestApp({ INDEX_PREFIX: data.prefix, LOG_LEVEL: 'silent', PAGE_SIZE: '3', SEARCH_DEPTH_LIMIT: '6' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await data?.drop();
});

describe('GET /creators/{id}/sponsorships', () => {
  it('pages the sponsorships at or above the default confidence, newest first, each with its evidence', async () => {
    const first = await page('/api/v1/creators/KeyboardKate/sponsorships');
    expect(first).toMatchObject({
      creator: { id: 'KeyboardKate', name: 'Creator 1' },
      minConfidence: DEFAULT_MIN_CONFIDENCE,
      page: 1,
      totalFound: 7,
      returned: 3,
      hasMore: true,
      nextPage: 2,
    });
    expect(first.sponsorships[0]).toEqual({
      videoId: 'kate0000002',
      videoUrl: 'https://www.youtube.com/watch?v=kate0000002',
      title: 'Video kate0000002',
      publishedAt: '2025-06-01',
      sponsor: {
        id: 1,
        name: 'Keyforge Labs',
        website: 'https://keyforgelabs.example',
        influesqueUrl: expect.stringMatching(/\/sponsors\/1$/),
      },
      line: 'This video is sponsored by sponsor 1.',
      confidence: DEFAULT_MIN_CONFIDENCE,
      rule: 'disclosure',
    });
    const second = await page('/api/v1/creators/KeyboardKate/sponsorships?page=2');
    // The depth limit (6) ends paging at page 2, while totalFound still counts all 7.
    expect(second).toMatchObject({ page: 2, totalFound: 7, returned: 3, hasMore: false, nextPage: null });
    expect([...ids(first), ...ids(second)]).toEqual(newestFirst.slice(0, 6).map((r) => `${r.videoId}/${r.sponsorId}`));
    const past = await page('/api/v1/creators/KeyboardKate/sponsorships?page=9');
    expect(past).toMatchObject({ returned: 0, hasMore: false, nextPage: null, sponsorships: [], totalFound: 7 });
  });

  it('takes every id form of GET /creators/{id}', async () => {
    const expected = ids(await page('/api/v1/creators/KeyboardKate/sponsorships'));
    for (const id of ['@keyboardkate', '%40KeyboardKate', kate.channelId, 'creator-1'])
      expect(ids(await page(`/api/v1/creators/${id}/sponsorships`)), String(id)).toEqual(expected);
    expect(await page('/api/v1/creators/creator-3/sponsorships')).toMatchObject({ totalFound: 0, sponsorships: [] });
  });

  it('filters by sponsor: an unknown sponsor is an empty page, an id that is no id a 422', async () => {
    const brightbank = await page('/api/v1/creators/KeyboardKate/sponsorships?sponsor=2');
    expect(ids(brightbank)).toEqual(['kate0000002/2', 'kate0000006/2']);
    expect(brightbank.sponsorships[0]?.sponsor).toMatchObject({ name: 'Brightbank', website: null });
    expect(await page('/api/v1/creators/KeyboardKate/sponsorships?sponsor=999')).toMatchObject({
      totalFound: 0,
      returned: 0,
      hasMore: false,
      nextPage: null,
    });
    for (const bad of ['abc', '0', '-1', '1.5', '', '99999999999999999999']) {
      const response = await t.get(`/api/v1/creators/KeyboardKate/sponsorships?sponsor=${bad}`);
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().error.code, bad).toBe('invalid_request');
    }
  });

  it('filters by min_confidence from 0 to 1; anything else is a 422', async () => {
    const all = await page('/api/v1/creators/KeyboardKate/sponsorships?min_confidence=0&sponsor=2');
    expect(all.minConfidence).toBe(0);
    expect(ids(all)).toEqual(['kate0000007/2', 'kate0000002/2', 'kate0000006/2']);
    const sure = await page('/api/v1/creators/KeyboardKate/sponsorships?min_confidence=0.95');
    expect(ids(sure)).toEqual(['kate0000004/1', 'kate0000001/1']);
    expect((await page('/api/v1/creators/KeyboardKate/sponsorships?min_confidence=1')).totalFound).toBe(0);
    // A number as JavaScript and JSON write it is a number: 1e-1 is 0.1.
    expect((await page('/api/v1/creators/KeyboardKate/sponsorships?min_confidence=1e-1')).minConfidence).toBe(0.1);
    for (const bad of ['1.5', '-0.1', 'x', '', 'NaN', '1e1']) {
      const response = await t.get(`/api/v1/creators/KeyboardKate/sponsorships?min_confidence=${bad}`);
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().error.code, bad).toBe('invalid_request');
    }
  });

  it('counts in the contract what the default pages list: sponsorshipCount, sponsor lists and sponsor search', async () => {
    const detail = (await t.get('/api/v1/creators/KeyboardKate')).json().creator;
    for (const s of detail.sponsors) {
      const id = Number(String(s.influesqueUrl).split('/').at(-1));
      const listed = await page(`/api/v1/creators/KeyboardKate/sponsorships?sponsor=${id}`);
      expect(listed.totalFound, s.name).toBe(s.sponsorshipCount);
      expect(listed.sponsorships[0]?.publishedAt, s.name).toBe(s.lastSeen);
    }
    const found = (await t.get('/api/v1/sponsors?query=keyforge')).json().sponsors[0];
    const perCreator = await Promise.all(
      ['KeyboardKate', 'creator-2'].map((id) => page(`/api/v1/creators/${id}/sponsorships?sponsor=1`)),
    );
    expect(found.sponsorshipCount).toBe(perCreator.reduce((n, p) => n + p.totalFound, 0));
  });

  it('charges 1 credit a page; 401 without a key, 402 without credits, 404 refunded, 422 for a bad page', async () => {
    const url = '/api/v1/creators/KeyboardKate/sponsorships';
    const { key } = await t.key({ unlimited: false, allowance: 3 });
    const ok = await getWithKey(t, url, key);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['x-credits-remaining']).toBe('2');
    const anonymous = await t.app.inject({ url });
    expect([anonymous.statusCode, anonymous.json().error.code]).toEqual([401, 'unauthorized']);
    const missing = await getWithKey(t, '/api/v1/creators/nobody-here/sponsorships', key);
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'not_found']);
    expect(missing.headers['x-credits-remaining']).toBe('2');
    for (const bad of ['0', 'abc', '-1', '1.5']) {
      const response = await getWithKey(t, `${url}?page=${bad}`, key);
      expect([response.statusCode, response.json().error.code], bad).toEqual([422, 'invalid_request']);
    }
    const broke = await t.key({ unlimited: false, allowance: 0 });
    const refused = await getWithKey(t, url, broke.key);
    expect([refused.statusCode, refused.json().error.code]).toEqual([402, 'out_of_credits']);
    const credits = (await getWithKey(t, '/api/v1/credits', key)).json();
    expect(credits.balance).toBe(2);
  });

  it('is in the OpenAPI document, with its parameters and statuses', async () => {
    const document = (await t.app.inject('/api/v1/openapi.json')).json();
    const operation = document.paths['/api/v1/creators/{id}/sponsorships']?.get;
    expect(operation?.operationId).toBe('getCreatorSponsorships');
    expect(operation.parameters.map((p: { name: string }) => p.name).sort()).toEqual(
      ['id', 'min_confidence', 'page', 'sponsor'].sort(),
    );
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '401', '402', '403', '404', '422', '429', '503']);
  });
});

describe('on the generated demo data', () => {
  it("lists each creator's generated evidence; the default pages add up to its sponsorship counts", async () => {
    const shared = sharedDataset();
    const demo = await createTestApp({ INDEX_PREFIX: shared.prefix, LOG_LEVEL: 'silent' });
    try {
      const sponsored = shared.creators.filter((c) => c.sponsorships.length > 0).slice(0, 15);
      expect(sponsored.length).toBe(15);
      for (const c of sponsored) {
        const id = c.handle ?? `creator-${c.id}`;
        const get = async (query: string) =>
          CreatorSponsorshipsResult.parse(
            (await demo.get(`/api/v1/creators/${encodeURIComponent(id)}/sponsorships${query}`)).json(),
          );
        const counted = await get('');
        expect(counted.totalFound, id).toBe(c.sponsorships.reduce((n, s) => n + s.count, 0));
        for (const s of counted.sponsorships) expect(s.line.length).toBeGreaterThan(0);
        expect((await get('?min_confidence=0')).totalFound, id).toBeGreaterThanOrEqual(counted.totalFound);
      }
    } finally {
      await demo.close();
      await shared.drop();
    }
  });
});
