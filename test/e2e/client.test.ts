import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CsiApiError, CsiClient } from '../../clients/typescript/src/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, sponsor } from '../support/dataset.ts';

// The TypeScript client (clients/typescript/) against the real service on a real port, OpenSearch and Redis.
let data: Awaited<ReturnType<typeof loadRecords>>;
let t: TestApp;
let baseUrl: string;
const MATCHES = 12;

beforeAll(async () => {
  const creators = Array.from({ length: MATCHES }, (_, i) => creator(i + 1, { name: `Keyboard Builder ${i + 1}` }));
  const { subscribers, totalViews, videoCount, avgViews } = creators[0] as (typeof creators)[number];
  const snapshots = [{ creatorId: 1, date: '2026-11-01', subscribers, totalViews, videoCount, avgViews }];
  data = await loadRecords('client', [sponsor(1, 'Keyforge Labs')], creators, { snapshots });
  // A depth limit of 10 with pages of 4: 12 matches, of which the first 10 can be paged through, on 3 pages.
  t = await createTestApp({ INDEX_PREFIX: data.prefix, LOG_LEVEL: 'silent', PAGE_SIZE: '4', SEARCH_DEPTH_LIMIT: '10' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await data?.drop();
});

describe('CsiClient on the real service', () => {
  it('searches, typed, with the credit and rate-limit headers parsed', async () => {
    const { key } = await t.key({ unlimited: false, allowance: 50 });
    const client = new CsiClient({ baseUrl, apiKey: key });
    const result = await client.searchCreators({ query: 'keyboard builder' });
    expect(result.status).toBe(200);
    expect(result.data.totalFound).toBe(MATCHES);
    expect(result.data.creators).toHaveLength(4);
    expect(result.data.creators[0]?.name).toMatch(/^Keyboard Builder/);
    expect(result.creditsCharged).toBe(1);
    expect(result.creditsRemaining).toBe(49);
    expect(result.rateLimit).toEqual({ limit: 120, remaining: expect.any(Number), resetSeconds: expect.any(Number) });
    const credits = await client.getCredits();
    expect(credits.data).toMatchObject({ plan: 'user', balance: 49, unlimited: false });
  });

  it('exports a search as text, with what it reserved; what it cost is told by getUsage after', async () => {
    const { key } = await t.key({ unlimited: false, allowance: 50 });
    const client = new CsiClient({ baseUrl, apiKey: key });
    const result = await client.exportCreators({ query: 'keyboard builder', format: 'ndjson', max_rows: 8 });
    expect(result.data.trim().split('\n')).toHaveLength(8);
    expect(result.creditsReserved).toBe(2);
    expect(result.creditsCharged).toBeUndefined();
    expect((await client.getUsage()).data).toMatchObject({
      spent: 2,
      endpoints: [{ operation: 'exportCreators', spent: 2 }],
    });
  });

  it('pages until the depth limit, one call per page', async () => {
    const { key } = await t.key({ unlimited: false, allowance: 50 });
    const client = new CsiClient({ baseUrl, apiKey: key });
    const pages = [];
    for await (const page of client.searchCreatorPages({ query: 'keyboard builder' })) pages.push(page.data);
    expect(pages.map((p) => [p.page, p.returned, p.hasMore])).toEqual([
      [1, 4, true],
      [2, 4, true],
      [3, 2, false],
    ]);
    expect(new Set(pages.flatMap((p) => p.creators.map((c) => c.id))).size).toBe(10);
    expect((await client.getCredits()).data.balance).toBe(47);
    const two = [];
    for await (const page of client.searchCreatorPages({ query: 'keyboard builder' }, { maxPages: 2 })) two.push(page);
    expect(two).toHaveLength(2);
  });

  it("lists a creator's sponsorships with their evidence, typed, and refuses a bad min_confidence", async () => {
    const { key } = await t.key({ unlimited: false, allowance: 50 });
    const client = new CsiClient({ baseUrl, apiKey: key });
    const result = await client.getCreatorSponsorships('creator1', { sponsor: 1, min_confidence: 0.5 });
    expect(result.data).toMatchObject({ creator: { id: 'creator1' }, minConfidence: 0.5, totalFound: 0 });
    expect(result.creditsCharged).toBe(1);
    await expect(client.getCreatorSponsorships('creator1', { min_confidence: 2 })).rejects.toMatchObject({
      status: 422,
      code: 'invalid_request',
    });
  });

  it("pages a creator's history, typed, with its growth and asOf on the profile", async () => {
    const { key } = await t.key({ unlimited: false, allowance: 50 });
    const client = new CsiClient({ baseUrl, apiKey: key });
    const history = await client.getCreatorHistory('creator1', { from: '2026-01-01' });
    expect(history.data).toMatchObject({ totalFound: 1, snapshots: [{ date: '2026-11-01', videoCount: 100 }] });
    const { data: profile } = await client.getCreator('creator1');
    expect(profile.creator).toMatchObject({ asOf: '2026-11-01', growth: { last30Days: null, last90Days: null } });
    await expect(client.getCreatorHistory('creator1', { from: 'soon' })).rejects.toMatchObject({ status: 422 });
  });

  it('throws CsiApiError with the code: 404 for a missing creator (refunded), 401 for a bad key, without retrying', async () => {
    const { key } = await t.key({ unlimited: false, allowance: 50 });
    const client = new CsiClient({ baseUrl, apiKey: key });
    const missing = await client.getCreator('no-such-creator').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(CsiApiError);
    expect(missing).toMatchObject({
      status: 404,
      code: 'not_found',
      info: { creditsCharged: 0, creditsRemaining: 50 },
    });
    const stranger = new CsiClient({ baseUrl, apiKey: 'csi_not-a-key' });
    const started = Date.now();
    await expect(stranger.getCredits()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
