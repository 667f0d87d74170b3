import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Catalog } from '../../../importer/catalog.ts';
import { importCsv } from '../../../importer/csv/import.ts';
import { type BadRow, detectEncoding, readCsv } from '../../../importer/csv/read.ts';
import { buildDataset, type Dataset } from '../../../importer/dataset.ts';
import { NicheRules } from '../../../importer/enrich/niches.ts';
import { foldName } from '../../../importer/model.ts';
import { KEPT_FROM, loadDetector } from '../../../importer/sponsors/find.ts';
import { rollUp } from '../../../indexer/evidence.ts';
import { CreatorRecordSchema, type SponsorshipEvidence, SponsorshipEvidenceSchema } from '../../../indexer/records.ts';
import { DEFAULT_MIN_CONFIDENCE } from '../../../src/contract/confidence.ts';
import { realdata } from '../../support/realdata.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'import-csv-'));
const write = (name: string, content: string | Buffer) => {
  const file = path.join(tmp, name);
  writeFileSync(file, content);
  return file;
};
const rowsOf = async (file: string, options = {}) => {
  const rows = [];
  for await (const row of readCsv(file, options)) rows.push(row);
  return rows;
};

describe('reading CSV files', () => {
  it('tells Latin-1 (Windows-1252) from UTF-8, with or without a BOM', async () => {
    const latin = write('latin.csv', Buffer.from('name,country\nCaf\xe9 \x80,FR\n', 'latin1'));
    const bom = write(
      'bom.csv',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('name,country\nCafé,FR\n')]),
    );
    expect(await detectEncoding(latin)).toBe('windows-1252');
    expect(await detectEncoding(bom)).toBe('utf-8');
    expect((await rowsOf(latin))[0]?.cells).toEqual({ name: 'Café €', country: 'FR' });
    expect((await rowsOf(bom))[0]?.cells).toEqual({ name: 'Café', country: 'FR' });
    expect(await detectEncoding(path.join(realdata(), 'global-youtube-statistics-2023.csv'))).toBe('windows-1252');
  });

  it('stops at a bad row with its file and line, or skips and reports each with skipBad', async () => {
    const file = write('bad.csv', 'a,b\n1,2\n3\n4,5\n6,"never closed\n');
    await expect(rowsOf(file)).rejects.toThrowError(/bad.csv:3: the row has 1 fields where the header has 2/);
    const bad: BadRow[] = [];
    const rows = await rowsOf(file, { skipBad: true, onBad: (b: BadRow) => bad.push(b) });
    expect(rows.map((r) => r.cells.a)).toEqual(['1', '4']);
    expect(bad.map((b) => [b.line, b.message])).toEqual([
      [3, expect.stringMatching(/bad.csv:3: the row has 1 fields/)],
      [5, expect.stringMatching(/bad.csv:5: a quoted field never closes: the row is truncated/)],
    ]);
  });

  it('reports a cell it cannot read with the file and line, and counts it with skipBad', async () => {
    const file = write(
      'values.csv',
      'video_id,title,channel_title,publish_time,views\nabcdefghijk,T,C,2017-11-13T17:13:01.000Z,12\nbcdefghijkl,T,C,2017-11-13T17:13:01.000Z,lots\n',
    );
    const catalog = () => new Catalog(loadDetector(), NicheRules.load());
    await expect(importCsv(catalog(), { videos: [file], channels: [], skipBad: false })).rejects.toThrowError(
      /values.csv:3: not a count: "lots"/,
    );
    const result = await importCsv(catalog(), { videos: [file], channels: [], skipBad: true });
    expect(result.rows).toBe(1);
    expect(result.bad.map((b) => b.message)).toEqual([expect.stringMatching(/values.csv:3: not a count/)]);
  });
});

describe("a channel's video tags", () => {
  it('keeps the tags most of its videos carry, each video counted once however often it trends', async () => {
    const row = (id: string, day: string, tags: string) =>
      `${id},Title ${id},Tagged,2017-11-14T10:00:00.000Z,${day},${tags}`;
    const file = write(
      'tags.csv',
      [
        'video_id,title,channel_title,publish_time,trending_date,tags',
        row('aaaaaaaaaaa', '17.14.11', '"wheel throwing"'),
        row('aaaaaaaaaaa', '17.15.11', '"wheel throwing"'), // the same video, trending again
        row('bbbbbbbbbbb', '17.14.11', '"pottery"|"clay"'),
        row('ccccccccccc', '17.14.11', '"POTTERY"|"clay"|"kiln"'),
        row('ddddddddddd', '17.14.11', '"clay"'),
        row('eeeeeeeeeee', '17.14.11', '[None]'),
      ].join('\n'),
    );
    const catalog = new Catalog(loadDetector(), NicheRules.load());
    await importCsv(catalog, { videos: [file], channels: [], skipBad: false });
    const [creator] = buildDataset(catalog, NicheRules.load(), '2026-11-28').creators;
    // clay on 3 videos, pottery on 2 (case folded), then the rest in the order first seen; counting the rows
    // instead would put wheel throwing (1 video, 2 rows) before pottery.
    expect(creator?.videoTags).toEqual(['clay', 'pottery', 'wheel throwing', 'kiln']);
  });
});

describe('the shared real files, imported', () => {
  let catalog: Catalog;
  let dataset: Dataset;
  const dir = realdata();
  const channels = ['top-1000-subscribed.csv', 'top-1000-youtubers-2023.csv', 'global-youtube-statistics-2023.csv'].map(
    (f) => path.join(dir, f),
  );
  const videos = ['trending-2017-US.csv', 'trending-2017-FR.csv'].map((f) => path.join(dir, f));

  beforeAll(async () => {
    catalog = new Catalog(loadDetector(), NicheRules.load());
    const result = await importCsv(catalog, { videos, channels, skipBad: false });
    expect(result.bad).toEqual([]);
    dataset = buildDataset(catalog, NicheRules.load(), '2026-11-28');
    // Most of the file's 40 s in CI; a run beside a model's training took over 60 s here.
  }, 180_000);

  const creator = (name: string) => dataset.creators.filter((c) => c.name === name);

  it('writes records the indexer accepts, with unique ids', () => {
    for (const c of dataset.creators) expect(CreatorRecordSchema.safeParse(c).success).toBe(true);
    expect(new Set(dataset.creators.map((c) => c.id)).size).toBe(dataset.creators.length);
    expect(new Set(dataset.sponsors.map((s) => s.id)).size).toBe(dataset.sponsors.length);
  });

  it('merges one channel across the three lists: figures from the first list, id and handle from the one that has them', () => {
    const [tSeries, ...others] = creator('T-Series');
    expect(others).toEqual([]);
    expect(tSeries).toMatchObject({
      channelId: 'UCq-Fj5jknLsUf-MWSy4_brA',
      handle: '@tseries',
      subscribers: 234_000_000,
      totalViews: 212_900_271_553,
      videoCount: 18_515,
      country: 'IN',
      primaryNiche: 'music',
    });
  });

  it('keeps two channels of one name in one list apart (Bollywood Classics), and merges neither with a third list', () => {
    const twins = creator('Bollywood Classics');
    // The list has two; the global list's one cannot tell which it is, so it stays a third creator.
    expect(twins.map((c) => c.subscribers)).toEqual(expect.arrayContaining([15_200_000, 32_800_000]));
    expect(twins).toHaveLength(3);
    expect(new Set(twins.map((c) => c.id)).size).toBe(3);
  });

  it('counts a video trending on several days once, with its latest figures', () => {
    expect(catalog.videoRows).toBe(5999);
    expect(catalog.videoCount).toBe(new Set(dataset.evidence.map((e) => e.videoId)).size);
    expect(catalog.videoCount).toBeLessThan(catalog.videoRows);
  });

  it('gives a channel seen only in videos a null channel id, subscribers 0, and averages from its videos', () => {
    const [show] = creator('LastWeekTonight');
    expect(show).toMatchObject({ channelId: null, subscribers: 0, language: 'en', audience: null });
    expect(show?.avgViews).toBeGreaterThan(0);
    expect(show?.engagementRate).toBeGreaterThan(0);
    // In a channel list too: its subscribers come from there.
    expect(creator('CaseyNeistat')[0]?.subscribers).toBeGreaterThan(0);
  });

  it("keeps a channel's latest distinct video titles, newest first, for its sentence vector", () => {
    const [entry] = [...catalog.channels].sort((a, b) => b.videos.size - a.videos.size);
    const videos = [...(entry?.videos.values() ?? [])];
    expect(videos.length).toBeGreaterThan(10);
    const titles = creator(entry?.facts.title ?? '')[0]?.videoTitles ?? [];
    expect(titles).toHaveLength(10);
    expect(new Set(titles).size).toBe(10);
    const newest = (title: string) =>
      videos
        .filter((v) => v.title.trim() === title)
        .map((v) => v.publishedAt)
        .sort()
        .pop() ?? '';
    const dates = titles.map(newest);
    expect(dates).toEqual([...dates].sort().reverse());
    const older = videos.filter((v) => !titles.includes(v.title.trim()));
    expect(older.every((v) => v.publishedAt <= (dates.at(-1) ?? ''))).toBe(true);
  });

  it('reads no URL as a category (30 rows of the top-1000 list have one), and nan as missing', () => {
    const categories = catalog.channels.flatMap((c) => c.facts.categories);
    expect(categories.length).toBeGreaterThan(1000);
    expect(categories.filter((c) => /^https?:|^nan$/i.test(c))).toEqual([]);
  });

  it('counts each sponsored video once per creator and brand, with its first and last dates, however often it is read', async () => {
    const again = new Catalog(loadDetector(), NicheRules.load());
    await importCsv(again, { videos: [...videos, ...videos], channels, skipBad: false });
    const twice = buildDataset(again, NicheRules.load(), '2026-11-28');
    expect(twice.creators).toEqual(dataset.creators);
    let checked = 0;
    for (const c of dataset.creators) {
      for (const s of c.sponsorships) {
        const name = foldName(dataset.sponsors.find((p) => p.id === s.sponsorId)?.name ?? '');
        const days = dataset.evidence
          .filter((e) => (e.channelId ?? e.channel) === (c.channelId ?? c.name))
          .filter((e) => e.sponsors.some((f) => foldName(f.name) === name && f.confidence >= DEFAULT_MIN_CONFIDENCE))
          .map((e) => e.publishedAt.slice(0, 10))
          .sort();
        expect(s).toMatchObject({ count: days.length, firstDate: days[0], lastDate: days.at(-1) });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('keeps every detected sponsorship with its video, line, rule and confidence; the counts are its rows that count', () => {
    const byCreator = new Map<number, SponsorshipEvidence[]>();
    for (const row of dataset.sponsorships) {
      expect(SponsorshipEvidenceSchema.safeParse(row).success).toBe(true);
      expect(row.confidence).toBeGreaterThanOrEqual(KEPT_FROM);
      expect(row.confidence).toBeLessThanOrEqual(1);
      byCreator.set(row.creatorId, [...(byCreator.get(row.creatorId) ?? []), row]);
    }
    expect(dataset.sponsorships).toHaveLength(dataset.evidence.reduce((n, e) => n + e.sponsors.length, 0));
    for (const c of dataset.creators) expect(rollUp(byCreator.get(c.id) ?? [])).toEqual(c.sponsorships);
    const counted = dataset.sponsorships.filter((r) => r.confidence >= DEFAULT_MIN_CONFIDENCE).length;
    expect(counted).toBe(dataset.creators.flatMap((c) => c.sponsorships).reduce((n, s) => n + s.count, 0));
  });
});
