import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Client } from '@opensearch-project/opensearch';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadIndexerConfig } from '../../indexer/config.ts';
import type { CreatorDocument, SponsorDocument } from '../../indexer/documents.ts';
import { checkOptions, generate } from '../../indexer/generate/dataset.ts';
import { load } from '../../indexer/load.ts';
import {
  type CreatorRecord,
  CreatorRecordSchema,
  JudgmentsSchema,
  type SponsorRecord,
  SponsorRecordSchema,
} from '../../indexer/records.ts';

const dirs: string[] = [];
async function run(seed: number, creators = 2000) {
  const out = mkdtempSync(path.join(os.tmpdir(), 'generate-'));
  dirs.push(out);
  await generate({ creators, sponsors: 150, seed, out });
  const read = (name: string) => readFileSync(path.join(out, name), 'utf8');
  const lines = (name: string) =>
    read(name)
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
  return {
    creators: lines('creators.ndjson') as CreatorRecord[],
    sponsors: lines('sponsors.ndjson') as SponsorRecord[],
    judgments: JSON.parse(read('judgments.json')),
    hash: createHash('sha256')
      .update(read('creators.ndjson'))
      .update(read('sponsors.ndjson'))
      .update(read('judgments.json'))
      .digest('hex'),
  };
}

describe('dataset generator', () => {
  let data: Awaited<ReturnType<typeof run>>;
  beforeAll(async () => {
    data = await run(42);
  }, 30_000);
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('writes records that pass the source schemas, with consistent ids', () => {
    for (const c of data.creators) expect(CreatorRecordSchema.safeParse(c).error).toBeUndefined();
    for (const s of data.sponsors) expect(SponsorRecordSchema.safeParse(s).error).toBeUndefined();
    expect(JudgmentsSchema.safeParse(data.judgments).error).toBeUndefined();
    const sponsorIds = new Set(data.sponsors.map((s) => s.id));
    for (const c of data.creators) for (const s of c.sponsorships) expect(sponsorIds.has(s.sponsorId)).toBe(true);
    const unique = (values: unknown[]) => new Set(values).size === values.length;
    expect(unique(data.creators.map((c) => c.id))).toBe(true);
    expect(unique(data.creators.map((c) => c.channelId))).toBe(true);
    expect(unique(data.creators.flatMap((c) => (c.handle ? [c.handle.toLowerCase()] : [])))).toBe(true);
    expect(unique(data.sponsors.map((s) => s.name.toLowerCase()))).toBe(true);
  });

  it('is deterministic for a seed and differs for another', async () => {
    expect((await run(42)).hash).toBe(data.hash);
    expect((await run(43)).hash).not.toBe(data.hash);
  }, 30_000);

  it('looks like YouTube: heavy tails, consistent views, null handles, sponsors with a popularity tail', () => {
    const { creators } = data;
    const share = (test: (c: CreatorRecord) => boolean) => creators.filter(test).length / creators.length;
    expect(share((c) => c.handle === null)).toBeGreaterThan(0.06);
    expect(share((c) => c.handle === null)).toBeLessThan(0.14);
    const subscribers = creators.map((c) => c.subscribers).sort((a, b) => a - b);
    expect((subscribers.at(-1) ?? 0) / (subscribers[0] ?? 1)).toBeGreaterThan(1000);
    for (const c of creators) {
      expect(c.totalViews).toBeGreaterThanOrEqual(c.avgViews * c.videoCount * 0.75);
      expect(c.totalViews).toBeLessThanOrEqual(c.avgViews * c.videoCount * 1.25);
    }
    const unsponsored = share((c) => c.sponsorships.length === 0);
    expect(unsponsored).toBeGreaterThan(0.25);
    expect(unsponsored).toBeLessThan(0.55);
    const perSponsor = new Map<number, number>();
    for (const c of creators)
      for (const s of c.sponsorships) perSponsor.set(s.sponsorId, (perSponsor.get(s.sponsorId) ?? 0) + 1);
    const counts = [...perSponsor.values()].sort((a, b) => a - b);
    expect(counts.at(-1)).toBeGreaterThan(5 * (counts[Math.floor(counts.length / 2)] ?? 1));
    const bigVerified =
      share((c) => c.subscribers > 1_000_000 && c.verified) /
      Math.max(
        share((c) => c.subscribers > 1_000_000),
        1e-9,
      );
    const smallVerified = share((c) => c.subscribers < 10_000 && c.verified) / share((c) => c.subscribers < 10_000);
    expect(bigVerified).toBeGreaterThan(smallVerified);
  });

  it('builds text from niche vocabularies, so a topic search means something', () => {
    const keyboardy = (c: CreatorRecord) =>
      /switch|keycap|keyboard|thock|keeb/i.test(`${c.name} ${c.description ?? ''}`);
    const inNiche = data.creators.filter((c) => c.primaryNiche === 'mechanical_keyboards');
    const others = data.creators.filter(
      (c) => c.primaryNiche !== 'mechanical_keyboards' && !c.secondaryNiches.includes('mechanical_keyboards'),
    );
    expect(inNiche.length).toBeGreaterThan(10);
    expect(inNiche.filter(keyboardy).length / inNiche.length).toBeGreaterThan(0.8);
    expect(others.filter(keyboardy).length / others.length).toBeLessThan(0.05);
  });

  it('grades judgments from what each creator is about', () => {
    const byQuery = new Map(data.judgments.map((j: { query: string }) => [j.query, j]));
    const kinds = new Set(data.judgments.map((j: { kind: string }) => j.kind));
    expect([...kinds].sort()).toEqual(['brand', 'handle', 'name', 'topic']);
    const handle = data.judgments.find(
      (j: { kind: string; query: string }) => j.kind === 'handle' && j.query.startsWith('@'),
    );
    expect(handle.ratings[0]).toEqual({ id: handle.query.slice(1), grade: 3 });
    expect(byQuery.size).toBeGreaterThan(40);
  });

  it('loads into OpenSearch with sponsor numbers that agree with the creators on the other side', async () => {
    const prefix = `t${process.pid}_generated_`;
    const client = new Client({ node: inject('opensearchUrl') });
    const quiet = new Writable({ write: (_c, _e, done) => done() }) as unknown as NodeJS.WriteStream;
    try {
      const config = {
        ...loadIndexerConfig({ INDEX_PREFIX: prefix, OPENSEARCH_URL: inject('opensearchUrl') }),
        dataDir: dirs[0] ?? '',
      };
      const summary = await load({ client, config, out: quiet });
      expect(summary).toMatchObject({ creators: 2000, sponsors: 150, skipped: [], rejected: [] });
      const { body } = await client.search({
        index: `${prefix}sponsors`,
        body: { size: 5, sort: [{ creatorCount: 'desc' }], query: { match_all: {} } },
      });
      for (const hit of body.hits.hits as { _source: SponsorDocument }[]) {
        const sponsor = hit._source;
        const expected = data.creators.filter((c) => c.sponsorships.some((s) => s.sponsorId === sponsor.sponsorId));
        const creators = await client.search({
          index: `${prefix}creators`,
          body: { size: 1000, query: { term: { 'sponsorNames.exact': sponsor.name } } },
        });
        const docs = creators.body.hits.hits.map((h) => h._source as CreatorDocument);
        expect(docs.length).toBe(sponsor.creatorCount);
        expect(docs.length).toBe(expected.length);
        const deals = docs.flatMap((d) => d.sponsors.filter((s) => s.sponsorId === sponsor.sponsorId));
        expect(deals.reduce((n, s) => n + s.sponsorshipCount, 0)).toBe(sponsor.sponsorshipCount);
        expect(docs.reduce((n, d) => n + d.subscribers, 0)).toBe(sponsor.totalReach);
        expect(
          deals
            .map((s) => s.lastSeen)
            .sort()
            .at(-1),
        ).toBe(sponsor.lastSponsorshipDate);
      }
    } finally {
      await client.indices.delete({ index: `${prefix}*` }, { ignore: [404] });
      await client.close();
    }
  });

  it('rejects sizes outside its range with a clear message', () => {
    expect(() => checkOptions({ creators: 999, sponsors: 150, seed: 1 })).toThrow(
      /--creators must be a whole number from 1000/,
    );
    expect(() => checkOptions({ creators: 1000, sponsors: 10, seed: 1 })).toThrow(/--sponsors/);
    expect(() => checkOptions({ creators: 1000.5, sponsors: 150, seed: 1 })).toThrow(/--creators/);
  });
});
