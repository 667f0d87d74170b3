import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HALF_AT, NO_AGE } from '../../../importer/audience/estimate.ts';
import { Catalog } from '../../../importer/catalog.ts';
import { buildDataset, type Dataset } from '../../../importer/dataset.ts';
import { NicheRules } from '../../../importer/enrich/niches.ts';
import { loadDetector } from '../../../importer/sponsors/find.ts';
import { writeDataset } from '../../../importer/write.ts';
import { loadFetched, YouTubeImporter, type YouTubeResult } from '../../../importer/youtube/import.ts';
import type { CreatorRecord } from '../../../indexer/records.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { type LoadedDataset, loadDataFolder } from '../../support/catalog.ts';
import {
  type FakeChannel,
  type FakeComment,
  type FakeCommenter,
  type FakeYouTube,
  startFakeYouTube,
} from '../../support/fake-youtube.ts';

// --comments N: a sample of each channel's latest public comments and their authors' channels, read within the
// quota, and the audience estimate drawn from them (importer/audience/estimate.ts), served by the API.

const KEY = 'fake-key-comments';
const NOW = '2026-11-20T10:00:00.000Z';
const id = (name: string) => `UC${name.padEnd(22, 'x')}`;
const at = (n: number) => new Date(Date.UTC(2026, 10, 1) + n * 3_600_000).toISOString();

const ENGLISH = [
  'This is honestly the best review of this laptop I have watched all week.',
  'I bought the phone after watching your video and I really love the camera.',
  'Could you please compare the battery life with last year model next time?',
  'Great editing as always, the sound quality keeps getting better and better.',
];
const FRENCH = [
  "Merci beaucoup pour cette vidéo, j'attendais ce test depuis des semaines.",
  'Franchement la qualité de la caméra est impressionnante pour ce prix là.',
];
/** Display names: unambiguous first names, a handle and a nickname (which say nothing about gender). */
const NAMES = ['Emma Clarke', 'James Miller', 'Olivia Brown', '@techfan2001', 'Sophia Lee', 'xXGamerXx'];
const COUNTRIES = ['US', 'FR', undefined, 'GB', undefined, 'US'];

// 90 published comments by 45 commenters (each twice): 60 in English, 30 in French; then hidden and deleted ones.
const commenters: FakeCommenter[] = Array.from({ length: 45 }, (_, i) => ({
  id: id(`fan${i}`),
  title: NAMES[i % NAMES.length] as string,
  ...(COUNTRIES[i % COUNTRIES.length] && { country: COUNTRIES[i % COUNTRIES.length] }),
}));
const published: FakeComment[] = Array.from({ length: 90 }, (_, i) => {
  const author = commenters[i % 45] as FakeCommenter;
  return {
    id: `c${i}`,
    // As the API shows authors since 2023: the handle; the name is the title of their own channel.
    author: `@fan${i % 45}`,
    authorChannelId: author.id,
    text: i % 3 === 2 ? (FRENCH[i % 2] as string) : (ENGLISH[i % 4] as string),
    publishedAt: at(200 - i),
  };
});
const hidden: FakeComment[] = [
  {
    id: 'held',
    author: 'Spam Bot',
    authorChannelId: id('spam'),
    text: 'Free gift cards!!!',
    publishedAt: at(300),
    moderationStatus: 'heldForReview',
  },
  {
    id: 'rejected',
    author: 'Troll',
    authorChannelId: id('troll'),
    text: 'You are all wrong about this',
    publishedAt: at(299),
    moderationStatus: 'rejected',
  },
  { id: 'deleted', author: '', text: '', publishedAt: at(298) },
];

const channels: FakeChannel[] = [
  {
    id: id('gadgetlab'),
    title: 'Gadget Lab',
    subscribers: 1_200_000,
    views: 90_000_000,
    videos: [{ id: 'gl000000001', title: 'Review', publishedAt: at(0), views: 5000 }],
    comments: [...hidden, ...published],
  },
  {
    id: id('quietchannel'),
    title: 'Quiet Channel',
    subscribers: 900,
    views: 20_000,
    videos: [{ id: 'qc000000001', title: 'Vlog', publishedAt: at(0), views: 300 }],
    commentsDisabled: true,
  },
];

let fake: FakeYouTube;
let result: YouTubeResult;
let dataset: Dataset;
let out: string;
const creator = (name: string) => dataset.creators.find((c) => c.name === name) as CreatorRecord;

beforeAll(async () => {
  fake = await startFakeYouTube({ key: KEY, channels, commenters });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'import-comments-'));
  const channelsFile = path.join(dir, 'channels.txt');
  writeFileSync(channelsFile, `${channels.map((c) => c.id).join('\n')}\n`);
  out = path.join(dir, 'data');
  const options = { channelsFile, out, key: KEY, baseUrl: fake.url, budget: 10_000, videosPerChannel: 5, backoffMs: 5 };
  result = await new YouTubeImporter({ ...options, comments: 100, now: () => new Date(NOW) }).run();
  const niches = NicheRules.load();
  const catalog = new Catalog(loadDetector(), niches);
  await loadFetched(out, catalog);
  dataset = buildDataset(catalog, niches, NOW.slice(0, 10));
  await writeDataset(out, dataset);
});
afterAll(async () => {
  await fake?.close();
});

describe('reading comments with --comments', () => {
  it('counts every call against the quota to the unit: a page of threads a channel, one call for 45 commenters', () => {
    const methods = fake.calls.map((c) => c.method);
    expect(result.unitsUsed).toBe(fake.units);
    expect(result.unitsUsed).toBe(methods.length);
    // 93 threads at 100 a page for Gadget Lab: one page; the quiet channel's refusal is counted too.
    expect(methods.filter((m) => m === 'commentThreads')).toHaveLength(2);
    const commenterCalls = fake.calls.filter((c) => c.method === 'channels' && c.params.part === 'snippet');
    expect(commenterCalls.map((c) => c.params.id?.split(',').length)).toEqual([45]);
  });

  it('estimates an audience from the published comments: languages, declared countries, unambiguous names', () => {
    const { audience, audienceNote } = creator('Gadget Lab');
    expect(audienceNote).toBeNull();
    // Of 45 commenters: names cycle Emma, James, Olivia, @handle, Sophia, nickname → 8 Emma, 8 James, 8 Olivia,
    // 7 Sophia (i = 4, 10, …, 40); countries cycle US, FR, none, GB, none, US.
    const female = 8 + 8 + 7;
    const male = 8;
    const us = 8 + 7;
    const fr = 8;
    const gb = 7;
    expect(audience).toMatchObject({
      languageDistribution: { en: round4(60 / 90), fr: round4(30 / 90) },
      geoDistribution: {
        US: round4(us / (us + fr + gb)),
        FR: round4(fr / (us + fr + gb)),
        GB: round4(gb / (us + fr + gb)),
      },
      genderDistribution: { female: round4(female / (female + male)), male: round4(male / (female + male)) },
      ageDistribution: {},
      interests: [],
      computedAt: NOW,
      sample: { comments: 90, commenters: 45, withLanguage: 90, withCountry: us + fr + gb, withGender: female + male },
    });
    const r = (n: number) => n / (n + HALF_AT);
    expect(audience?.confidence).toBe(Math.round(((r(90) + r(us + fr + gb) + r(female + male)) / 3) * 100) / 100);
    expect(audience?.note).toContain(NO_AGE);
  });

  it('gives a channel whose comments are off no estimate, and says why', () => {
    expect(creator('Quiet Channel')).toMatchObject({
      audience: null,
      audienceNote: 'No audience estimate: the comment sample held no public comments.',
    });
  });

  it('serves the estimate through the API, labelled and marked estimated', async () => {
    let data: LoadedDataset | undefined;
    let api: TestApp | undefined;
    try {
      data = await loadDataFolder('youtube_comments', out);
      api = await createTestApp({ INDEX_PREFIX: data.prefix, LOG_LEVEL: 'warn' });
      const found = (await api.get('/api/v1/creators?query=gadget+lab')).json().creators[0];
      const response = await api.get(`/api/v1/creators/${found.id}/audience`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).not.toHaveProperty('note');
      expect(body.audience).toMatchObject({
        estimated: true,
        confidenceLabel: expect.stringMatching(/^(low|medium|high)$/),
        sample: { comments: 90 },
        ageDistribution: {},
      });
      const quiet = (await api.get('/api/v1/creators?query=quiet+channel')).json().creators[0];
      expect((await api.get(`/api/v1/creators/${quiet.id}/audience`)).json()).toMatchObject({
        audience: null,
        note: expect.stringContaining('no public comments'),
      });
    } finally {
      await api?.close();
      await data?.drop();
    }
  });
});

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
