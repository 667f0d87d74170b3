import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimilarCreatorsResult } from '../../src/contract/operations.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, sponsor } from '../support/dataset.ts';

// GET /creators/{id}/similar through the whole app, on an index with the real model's vectors: the creators most
// like one, each with what it shares; the filters and paging of search; SEMANTIC=off still finds lookalikes by the
// shared signals.

const deal = (sponsorId: number) => ({ sponsorId, count: 2, firstDate: '2025-01-01', lastDate: '2025-06-01' });
const creators = [
  creator(1, {
    handle: '@bytesizedkids',
    name: 'Byte Sized Kids',
    description: 'Scratch and Python projects that teach children to program games.',
    primaryNiche: 'programming',
    secondaryNiches: ['kids_family'],
    subscribers: 50_000,
    country: 'US',
    sponsorships: [deal(1)],
  }),
  creator(2, {
    name: 'Junior Coders Club',
    description: 'Fun coding lessons for young learners: build apps and games step by step.',
    primaryNiche: 'education',
    subscribers: 80_000,
    country: 'GB',
  }),
  creator(3, {
    name: 'Glow Up Daily',
    description: 'Makeup tutorials, skincare routines and beauty product hauls.',
    primaryNiche: 'beauty',
    subscribers: 60_000,
    country: 'US',
    sponsorships: [deal(1)],
  }),
  creator(4, {
    name: 'Rust in Production',
    description: 'Systems programming talks for senior engineers.',
    primaryNiche: 'programming',
    subscribers: 5_000_000,
    country: 'US',
  }),
];

let data: Awaited<ReturnType<typeof loadRecords>>;
const apps: TestApp[] = [];
async function appWith(env: Record<string, string> = {}) {
  const app = await createTestApp({ INDEX_PREFIX: data.prefix, LOG_LEVEL: 'warn', ...env });
  apps.push(app);
  return app;
}
async function similar(app: TestApp, query = '') {
  const response = await app.get(`/api/v1/creators/bytesizedkids/similar${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return SimilarCreatorsResult.parse(response.json());
}
const byName = (result: SimilarResult) => Object.fromEntries(result.creators.map((c) => [c.name, c.matched]));
type SimilarResult = ReturnType<typeof SimilarCreatorsResult.parse>;

beforeAll(async () => {
  data = await loadRecords('similar_creators', [sponsor(1, 'Brilliant')], creators, { semantic: true });
}, 120_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await data?.drop();
});

describe('lookalike creators', () => {
  it('ranks the creator nearest in content first and says what each shares, never the creator itself', async () => {
    const app = await appWith();
    const result = await similar(app);
    expect(result.creator).toEqual({ id: 'bytesizedkids', name: 'Byte Sized Kids' });
    expect(result.creators.map((c) => c.name)).not.toContain('Byte Sized Kids');
    expect(result.creators[0]?.name).toBe('Junior Coders Club');
    expect(byName(result)).toEqual({
      'Junior Coders Club': ['content', 'size'],
      'Rust in Production': ['content', 'niche'],
      'Glow Up Daily': ['content', 'size', 'sponsors'],
    });
    expect(result).toMatchObject({ page: 1, totalFound: 3, returned: 3, hasMore: false, nextPage: null });
  });

  it('applies the filters and pages of search', async () => {
    const app = await appWith({ PAGE_SIZE: '1' });
    const us = await similar(app, '?country=US');
    expect(us).toMatchObject({ totalFound: 2, returned: 1, hasMore: true, nextPage: 2 });
    const second = await similar(app, '?country=US&page=2');
    expect([...us.creators, ...second.creators].map((c) => c.name).sort()).toEqual([
      'Glow Up Daily',
      'Rust in Production',
    ]);
  });

  it('answers 404 not_found for an unknown creator and 422 invalid_request for a bad filter', async () => {
    const app = await appWith();
    const missing = await app.get('/api/v1/creators/nobody-here/similar');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    const bad = await app.get('/api/v1/creators/bytesizedkids/similar?min_subscribers=10&max_subscribers=5');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBe('invalid_request');
  });

  it('finds lookalikes by the shared signals alone with SEMANTIC=off', async () => {
    const app = await appWith({ SEMANTIC: 'off' });
    expect(byName(await similar(app))).toEqual({
      'Rust in Production': ['niche'],
      'Glow Up Daily': ['size', 'sponsors'],
    });
  });
});
