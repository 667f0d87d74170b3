import { Writable } from 'node:stream';
import { Client } from '@opensearch-project/opensearch';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type IndexerConfig, loadIndexerConfig } from '../../indexer/config.ts';
import { load, rollback } from '../../indexer/load.ts';
import { liveVersion, versions } from '../../indexer/versions.ts';
import { creator, sponsor, writeDataset } from '../support/dataset.ts';

const prefix = `t${process.pid}_indexer_`;
const quiet = new Writable({ write: (_c, _e, done) => done() }) as unknown as NodeJS.WriteStream;
const client = new Client({ node: inject('opensearchUrl') });
const configFor = (dataDir: string): IndexerConfig => ({
  ...loadIndexerConfig({ OPENSEARCH_URL: inject('opensearchUrl'), INDEX_PREFIX: prefix }),
  dataDir,
});

const sponsors = [
  sponsor(1, 'Keyforge Labs'),
  sponsor(2, 'Brightbank', { kind: 'financial', niches: ['personal_finance'] }),
  sponsor(3, 'Nordvine'),
];
const creators = [
  creator(1, {
    handle: '@TechWithTina',
    name: 'Tech With Tina',
    description: 'Mechanical keyboard reviews: switches, keycaps and lubing.',
    country: 'DE',
    language: 'de',
    primaryNiche: 'mechanical_keyboards',
    secondaryNiches: ['tech_reviews'],
    subscribers: 250_000,
    sponsorships: [
      { sponsorId: 1, count: 5, firstDate: '2023-01-10', lastDate: '2025-06-01' },
      { sponsorId: 3, count: 1, firstDate: '2024-02-02', lastDate: '2024-02-02' },
    ],
  }),
  creator(2, {
    handle: null,
    name: 'Money Matters',
    description: 'Saving and investing made simple.',
    primaryNiche: 'personal_finance',
    subscribers: 40_000,
    sponsorships: [
      { sponsorId: 1, count: 2, firstDate: '2022-05-05', lastDate: '2023-03-03' },
      { sponsorId: 2, count: 7, firstDate: '2024-01-01', lastDate: '2026-01-01' },
    ],
  }),
  creator(3, { handle: '@quietcreator', subscribers: 900 }),
];

type Hit<T> = { _id: string; _source: T };
async function search<T>(alias: string, query: object): Promise<Hit<T>[]> {
  const { body } = await client.search({ index: `${prefix}${alias}`, body: { query } });
  return body.hits.hits as Hit<T>[];
}

describe('indexer', () => {
  let first: string;
  beforeAll(async () => {
    first = (await load({ client, config: configFor(writeDataset(sponsors, creators)), out: quiet })).version;
  });
  afterAll(async () => {
    await client.indices.delete({ index: `${prefix}*` }, { ignore: [404] });
    await client.close();
  });

  it('loads every record behind the aliases', async () => {
    expect(await liveVersion(client, prefix)).toBe(first);
    expect((await client.count({ index: `${prefix}creators` })).body.count).toBe(3);
    expect((await client.count({ index: `${prefix}sponsors` })).body.count).toBe(3);
  });

  it('merges each loaded index into one segment before it goes live, unless INDEX_FORCE_MERGE=false', async () => {
    const segments = async (index: string) =>
      ((await client.cat.segments({ index, format: 'json' })).body as { segment: string }[]).length;
    expect(await segments(`${prefix}creators`)).toBe(1);
    expect(await segments(`${prefix}sponsors`)).toBe(1);
    const seen: string[] = [];
    const recording = new Writable({
      write: (chunk, _e, done) => done(void seen.push(String(chunk))),
    }) as unknown as NodeJS.WriteStream;
    const dir = writeDataset(sponsors, creators);
    await load({ client, config: { ...configFor(dir), indexPrefix: `${prefix}m1_` }, out: recording });
    expect(seen.join('')).toMatch(/Merged in [\d.]+ s/);
    seen.length = 0;
    await load({
      client,
      config: { ...configFor(dir), indexPrefix: `${prefix}m0_`, forceMerge: false },
      out: recording,
    });
    expect(seen.join('')).not.toMatch(/Merg/);
  });

  it('stores creators most subscribers first, unless INDEX_SORT=false', async () => {
    // Sent fewest subscribers first, so only the index sort puts them the other way round.
    const dir = writeDataset(sponsors, [...creators].reverse());
    const stored = async (sort: boolean) => {
      const index = `${prefix}s${Number(sort)}_creators`;
      await load({
        client,
        config: { ...configFor(dir), indexPrefix: `${prefix}s${Number(sort)}_`, sort },
        out: quiet,
      });
      const { body: settings } = await client.indices.getSettings({ index });
      const { body } = await client.search({ index, body: { sort: ['_doc'], _source: ['subscribers'] } });
      return {
        sort: (Object.values(settings)[0] as { settings: { index: { sort?: unknown } } }).settings.index.sort,
        subscribers: (body.hits.hits as Hit<{ subscribers: number }>[]).map((h) => h._source.subscribers),
      };
    };
    expect(await stored(true)).toEqual({
      sort: { field: 'subscribers', order: 'desc' },
      subscribers: [250_000, 40_000, 900],
    });
    expect(await stored(false)).toEqual({ sort: undefined, subscribers: [900, 40_000, 250_000] });
  });

  it('derives sponsor numbers from the creators’ links, so both sides agree', async () => {
    const [keyforge] = await search<Record<string, unknown>>('sponsors', { term: { sponsorId: 1 } });
    expect(keyforge?._source).toMatchObject({
      sponsorshipCount: 7,
      creatorCount: 2,
      totalReach: 290_000,
      averageCreatorSize: 145_000,
      firstSponsorshipDate: '2022-05-05',
      lastSponsorshipDate: '2025-06-01',
      topCreators: [expect.objectContaining({ creatorId: 1 }), expect.objectContaining({ creatorId: 2 })],
    });
    const [unsponsored] = await search<Record<string, unknown>>('sponsors', { term: { sponsorId: 3 } });
    expect(unsponsored?._source).toMatchObject({ creatorCount: 1, sponsorshipCount: 1 });

    const [money] = await search<Record<string, unknown>>('creators', { term: { creatorId: 2 } });
    expect(money?._source).toMatchObject({
      slug: 'creator-2',
      hasSponsors: true,
      topSponsors: ['Brightbank', 'Keyforge Labs'],
      sponsors: [
        {
          sponsorId: 2,
          name: 'Brightbank',
          website: 'https://brightbank.example',
          sponsorshipCount: 7,
          lastSeen: '2026-01-01',
        },
        {
          sponsorId: 1,
          name: 'Keyforge Labs',
          website: 'https://keyforgelabs.example',
          sponsorshipCount: 2,
          lastSeen: '2023-03-03',
        },
      ],
    });
    const [tina] = await search<Record<string, unknown>>('creators', { term: { creatorId: 1 } });
    expect(tina?._source).toMatchObject({
      country: 'Germany',
      language: 'German',
      primaryNicheLabel: 'Mechanical Keyboards',
    });
  });

  it('analyses text as designed: handle prefixes, niche synonyms, folded keywords, brand names', async () => {
    const ids = async (query: object) => (await search('creators', query)).map((hit) => hit._id).sort();
    expect(await ids({ match: { 'handle.prefix': '@tech' } })).toEqual(['1']);
    expect(await ids({ match: { 'handle.prefix': 'techwith' } })).toEqual(['1']);
    expect(await ids({ match: { 'name.prefix': 'tin' } })).toEqual(['1']);
    expect(await ids({ match: { description: 'keycap' } })).toEqual(['1']);
    expect(await ids({ match: { nicheLabels: 'budgeting' } })).toEqual(['2']);
    expect(await ids({ term: { country: 'GERMANY' } })).toEqual(['1']);
    expect(await ids({ term: { countryCode: 'de' } })).toEqual(['1']);
    expect(await ids({ match: { sponsorNames: 'keyforge' } })).toEqual(['1', '2']);
    const { body } = await client.indices.analyze({
      index: `${prefix}creators`,
      body: { field: 'description', text: "Tina's Switches" },
    });
    expect(body.tokens?.map((t) => t.token)).toEqual(['tina', 'switch']);
  });

  it('aborts on a bad record with its file and line, leaving the live aliases alone', async () => {
    const lines = [JSON.stringify(creators[0]), '{"id": "seven"}', JSON.stringify(creators[1])];
    const dir = writeDataset(sponsors, creators, lines);
    await expect(load({ client, config: configFor(dir), out: quiet })).rejects.toThrow(/creators\.ndjson:2: .*id/);
    expect(await liveVersion(client, prefix)).toBe(first);
    expect(await versions(client, prefix)).toEqual([first]);
  });

  it('skips bad records with --skip-bad and reports how many', async () => {
    const lines = [
      JSON.stringify(creators[0]),
      'not json',
      JSON.stringify({
        ...creators[1],
        sponsorships: [{ sponsorId: 99, count: 1, firstDate: '2024-01-01', lastDate: '2024-01-01' }],
      }),
    ];
    const summary = await load({
      client,
      config: configFor(writeDataset(sponsors, creators, lines)),
      skipBad: true,
      out: quiet,
    });
    expect(summary.creators).toBe(1);
    expect(summary.skipped.map((s) => [s.line, s.reason])).toEqual([
      [2, 'not valid JSON'],
      [3, 'sponsorships: unknown sponsorId 99'],
    ]);
    expect(await liveVersion(client, prefix)).toBe(summary.version);
    await rollback(client, prefix);
    expect(await liveVersion(client, prefix)).toBe(first);
  });

  it('reindexes with zero failed queries while searches run, and rolls back to the previous version', async () => {
    const before = await liveVersion(client, prefix);
    let running = true;
    let ok = 0;
    const failures: unknown[] = [];
    const loop = (async () => {
      while (running) {
        try {
          const { body } = await client.search({
            index: `${prefix}creators`,
            body: { query: { match: { description: 'keycaps' } } },
          });
          if (body.hits.hits.length !== 1) failures.push(`hits: ${body.hits.hits.length}`);
          else ok += 1;
        } catch (error) {
          failures.push(error);
        }
      }
    })();
    const summary = await load({ client, config: configFor(writeDataset(sponsors, creators)), out: quiet });
    running = false;
    await loop;
    expect(failures).toEqual([]);
    expect(ok).toBeGreaterThan(10);
    expect(summary.previous).toBe(before);
    expect(await liveVersion(client, prefix)).toBe(summary.version);

    const back = await rollback(client, prefix);
    expect(back).toEqual({ from: summary.version, to: before });
    expect(await liveVersion(client, prefix)).toBe(before);
    // Only the version the load made live and the one before it are kept.
    expect(await versions(client, prefix)).toEqual([before, summary.version]);
    await expect(rollback(client, prefix)).rejects.toThrow(/no previous version/);
  });
});
