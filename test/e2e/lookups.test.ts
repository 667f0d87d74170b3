import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorRecord, SponsorRecord } from '../../indexer/records.ts';
import { NICHES } from '../../src/contract/niches.ts';
import {
  CreatorAudienceResult,
  GetCreatorResult,
  GetSponsorResult,
  ListNichesResult,
  SearchSponsorsResult,
} from '../../src/contract/operations.ts';
import { closedPort, createTestApp, type TestApp } from '../support/app.ts';
import { type LoadedDataset, sharedDataset } from '../support/catalog.ts';

// Creator and sponsor lookups, sponsor search and niches over a generated dataset, and OpenSearch failures.
let data: LoadedDataset;
let api: TestApp;
const slugOf = (c: CreatorRecord) => (c.handle ? c.handle.slice(1) : `creator-${c.id}`);

async function get(url: string) {
  const response = await api.get(url);
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

beforeAll(async () => {
  data = sharedDataset();
  api = await createTestApp({ INDEX_PREFIX: data.prefix, LOG_LEVEL: 'warn', PUBLIC_BASE_URL: 'https://app.example/' });
}, 120_000);
afterAll(async () => {
  await api?.close();
  await data?.drop();
});

describe('GET /api/v1/creators/{id}', () => {
  const withHandle = () => data.creators.find((c) => c.handle && c.sponsorships.length > 1) as CreatorRecord;
  const withoutHandle = () => data.creators.find((c) => !c.handle) as CreatorRecord;

  it('accepts every id form of a creator with a handle', async () => {
    const c = withHandle();
    const handle = c.handle as string;
    const forms = [
      handle.slice(1),
      handle,
      encodeURIComponent(handle),
      handle.toLowerCase(),
      handle.toUpperCase(),
      `%40${handle.slice(1).toUpperCase()}`,
      c.channelId as string,
      `creator-${c.id}`,
    ];
    for (const form of forms) {
      const { status, body } = await get(`/api/v1/creators/${form}`);
      expect(status, form).toBe(200);
      expect(body.creator.id, form).toBe(handle.slice(1));
    }
  });

  it('accepts the creator-<id> slug and the channel id of a creator without a handle', async () => {
    const c = withoutHandle();
    for (const form of [`creator-${c.id}`, `CREATOR-${c.id}`, c.channelId as string]) {
      const { status, body } = await get(`/api/v1/creators/${form}`);
      expect(status, form).toBe(200);
      expect(body.creator).toMatchObject({ id: `creator-${c.id}`, handle: `creator-${c.id}` });
    }
  });

  it('shows the full profile with exactly the contract keys, sponsors newest-derived from the records', async () => {
    const c = withHandle();
    const { body } = await get(`/api/v1/creators/${slugOf(c)}`);
    expect(GetCreatorResult.parse(body)).toEqual(body);
    const detail = body.creator;
    expect(detail).toMatchObject({
      name: c.name,
      influesqueUrl: `https://app.example/creators/${slugOf(c)}`,
      youtubeUrl: `https://www.youtube.com/channel/${c.channelId}`,
      subscribers: c.subscribers,
      links: c.links,
      description: c.description,
    });
    expect(detail.sponsors).toHaveLength(c.sponsorships.length);
    for (const s of c.sponsorships) {
      const sponsor = data.sponsors.find((p) => p.id === s.sponsorId) as SponsorRecord;
      expect(detail.sponsors).toContainEqual({
        name: sponsor.name,
        website: sponsor.website,
        influesqueUrl: `https://app.example/sponsors/${sponsor.id}`,
        sponsorshipCount: s.count,
        lastSeen: s.lastDate,
      });
    }
    const names = detail.sponsors.map((s: { name: string }) => s.name);
    for (const top of detail.topSponsors) expect(names).toContain(top);
  });

  it('has summary fields equal to the search summary, for every id a search page prints', async () => {
    const { body: page } = await get('/api/v1/creators?query=travel');
    expect(page.creators.length).toBeGreaterThan(0);
    for (const summary of page.creators) {
      const { status, body } = await get(`/api/v1/creators/${encodeURIComponent(summary.id)}`);
      expect(status, summary.id).toBe(200);
      expect(body.creator).toMatchObject(summary);
      const byHandle = await get(`/api/v1/creators/${encodeURIComponent(summary.handle)}`);
      expect(byHandle.body.creator.id, summary.handle).toBe(summary.id);
    }
  });

  it.each([
    ['creator-abc'],
    ['creator-'],
    ['creator-99999999999999999999'],
    ['nobody-has-this-handle'],
    ['UCnotachannelid'],
    ['x'.repeat(500)],
    ['..%2F..%2Fsponsors'],
    ['%2e%2e'],
    ['%00'],
    ['%20'],
  ])('answers 404 not_found for %s', async (id) => {
    for (const url of [`/api/v1/creators/${id}`, `/api/v1/creators/${id}/audience`]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(404);
      expect(body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    }
  });
});

describe('GET /api/v1/creators/{id}/audience', () => {
  it('returns the estimate without a note', async () => {
    const c = data.creators.find((r) => r.audience) as CreatorRecord;
    const { status, body } = await get(`/api/v1/creators/${c.channelId}/audience`);
    expect(status).toBe(200);
    expect(CreatorAudienceResult.parse(body)).toEqual(body);
    expect(body).not.toHaveProperty('note');
    expect(body).toMatchObject({ id: c.id, name: c.name, handle: c.handle ?? `creator-${c.id}` });
    expect(body.audience).toMatchObject({ ...c.audience, estimated: true, confidenceLabel: expect.any(String) });
  });

  it('returns null with the reason as note when there is no estimate', async () => {
    const c = data.creators.find((r) => !r.audience) as CreatorRecord;
    const { status, body } = await get(`/api/v1/creators/${slugOf(c)}/audience`);
    expect(status).toBe(200);
    expect(CreatorAudienceResult.parse(body)).toEqual(body);
    expect(body).toEqual({
      id: c.id,
      name: c.name,
      handle: c.handle ?? slugOf(c),
      note: c.audienceNote,
      audience: null,
    });
  });
});

describe('sponsors', () => {
  /** What each sponsor's numbers must be, derived from the creators' records. */
  const statsOf = (id: number) => {
    const deals = data.creators.flatMap((c) =>
      c.sponsorships.filter((s) => s.sponsorId === id).map((s) => ({ creator: c, deal: s })),
    );
    return {
      sponsorshipCount: deals.reduce((n, d) => n + d.deal.count, 0),
      creators: deals.map((d) => d.creator),
      first: deals.map((d) => d.deal.firstDate).sort()[0] ?? null,
      last:
        deals
          .map((d) => d.deal.lastDate)
          .sort()
          .at(-1) ?? null,
    };
  };
  const busiest = () =>
    [...data.sponsors].sort(
      (a, b) => statsOf(b.id).sponsorshipCount - statsOf(a.id).sponsorshipCount,
    )[0] as SponsorRecord;

  it('searches by name, prefix, typo and domain, ranked by sponsorships', async () => {
    const s = busiest();
    const typo = `${s.name.slice(0, 2)}${s.name[3]}${s.name[2]}${s.name.slice(4)}`;
    for (const query of [s.name, s.name.toLowerCase(), s.name.slice(0, 4), typo, s.domain as string]) {
      const { status, body } = await get(`/api/v1/sponsors?query=${encodeURIComponent(query)}`);
      expect(status, query).toBe(200);
      expect(SearchSponsorsResult.parse(body)).toEqual(body);
      expect(body.query).toBe(query);
      expect(body.returned).toBe(body.sponsors.length);
      expect(body.returned).toBeLessThanOrEqual(25);
      expect(
        body.sponsors.map((p: { id: number }) => p.id),
        query,
      ).toContain(s.id);
      const counts = body.sponsors.map((p: { sponsorshipCount: number }) => p.sponsorshipCount);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    }
  });

  it('shows a profile by id, by name in any case and spacing, and by domain, derived from the creators', async () => {
    const s = busiest();
    const stats = statsOf(s.id);
    const forms = [String(s.id), s.name.toUpperCase(), `  ${s.name.split(' ').join('   ')} `, s.domain as string];
    for (const form of forms) {
      const { status, body } = await get(`/api/v1/sponsors/${encodeURIComponent(form)}`);
      expect(status, form).toBe(200);
      expect(GetSponsorResult.parse(body)).toEqual(body);
      expect(body.sponsor).toMatchObject({
        id: s.id,
        name: s.name,
        influesqueUrl: `https://app.example/sponsors/${s.id}`,
        sponsorshipCount: stats.sponsorshipCount,
        lastSponsorshipDate: stats.last,
        stats: {
          creatorCount: stats.creators.length,
          totalReach: stats.creators.reduce((n, c) => n + c.subscribers, 0),
          firstSponsorshipDate: stats.first,
        },
      });
    }
    const { body } = await get(`/api/v1/sponsors/${s.id}`);
    const top = [...stats.creators].sort((a, b) => b.subscribers - a.subscribers || a.id - b.id).slice(0, 10);
    expect(body.sponsor.topCreators.map((c: { id: string }) => c.id)).toEqual(top.map(slugOf));
    const first = await get(`/api/v1/creators/${body.sponsor.topCreators[0].id}`);
    expect(first.body.creator).toMatchObject(body.sponsor.topCreators[0]);
  });

  it.each([['0'], ['-1'], ['99999999999999999999'], ['999999'], ['No Such Brand Ltd'], ['x'.repeat(300)]])(
    'answers 404 not_found for sponsor %s',
    async (id) => {
      const { status, body } = await get(`/api/v1/sponsors/${encodeURIComponent(id)}`);
      expect(status).toBe(404);
      expect(body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    },
  );

  it.each([[''], ['?query='], ['?query=%20%20'], [`?query=${'y'.repeat(201)}`]])(
    'answers 422 invalid_request for /sponsors%s',
    async (qs) => {
      const { status, body } = await get(`/api/v1/sponsors${qs}`);
      expect(status).toBe(422);
      expect(body.error.code).toBe('invalid_request');
    },
  );
});

describe('GET /api/v1/niches', () => {
  it('lists every niche of the data by label', async () => {
    const { status, body } = await get('/api/v1/niches');
    expect(status).toBe(200);
    expect(ListNichesResult.parse(body)).toEqual(body);
    const labels = body.niches.map((n: { label: string }) => n.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    expect(body.niches).toHaveLength(NICHES.length);
    const values = new Set(body.niches.map((n: { value: string }) => n.value));
    for (const c of data.creators) expect(values).toContain(c.primaryNiche);
  });
});

describe('when OpenSearch fails', () => {
  it('answers 503 unavailable with Retry-After, quickly, when OpenSearch is unreachable or silent', async () => {
    const silent = net.createServer(() => {}).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    const urls = [
      `http://127.0.0.1:${await closedPort()}`,
      `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`,
    ];
    try {
      for (const url of urls) {
        const broken = await createTestApp({ OPENSEARCH_URL: url, OPENSEARCH_TIMEOUT_MS: '300', LOG_LEVEL: 'silent' });
        try {
          for (const path of ['/api/v1/creators?query=tech', '/api/v1/creators/abc', '/api/v1/sponsors/1']) {
            const started = Date.now();
            const response = await broken.get(path);
            expect(Date.now() - started, path).toBeLessThan(2000);
            expect(response.statusCode, path).toBe(503);
            expect(response.headers['retry-after']).toBe('5');
            expect(response.json()).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
            expect(response.body).not.toMatch(/ECONNREFUSED|Timeout|at .*\.js/);
          }
        } finally {
          await broken.close();
        }
      }
    } finally {
      silent.close();
    }
  });

  it('answers 503 unavailable when no data has been loaded under the prefix', async () => {
    const empty = await createTestApp({ INDEX_PREFIX: `t${process.pid}_never_loaded_`, LOG_LEVEL: 'silent' });
    try {
      const response = await empty.get('/api/v1/sponsors?query=x');
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('unavailable');
      expect(response.body).not.toMatch(/index_not_found/);
    } finally {
      await empty.close();
    }
  });
});
