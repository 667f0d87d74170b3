import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { Catalog } from '../../../importer/catalog.ts';
import { buildDataset } from '../../../importer/dataset.ts';
import { NicheRules } from '../../../importer/enrich/niches.ts';
import { loadDetector } from '../../../importer/sponsors/find.ts';
import { writeDataset } from '../../../importer/write.ts';
import { loadFetched, readChannelInputs, YouTubeImporter } from '../../../importer/youtube/import.ts';
import type { SnapshotRecord } from '../../../indexer/records.ts';
import { loadDataFolder } from '../../support/catalog.ts';
import { type FakeChannel, type FakeVideo, type FakeYouTube, startFakeYouTube } from '../../support/fake-youtube.ts';

const KEY = 'test-key-123';
const root = path.resolve(import.meta.dirname, '../../..');
const channelId = (name: string) => `UC${name.padEnd(22, 'x')}`;
const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString();

function videos(prefix: string, count: number, shape: (i: number) => Partial<FakeVideo> = () => ({})): FakeVideo[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}${String(i).padStart(11 - prefix.length, '0')}`,
    title: `${prefix} video ${i}`,
    description: `Episode ${i}.`,
    publishedAt: day(i),
    views: 1000 + i,
    likes: 50,
    comments: 10,
    ...shape(i),
  }));
}

const CHANNELS: FakeChannel[] = [
  {
    id: channelId('gadgetlab'),
    handle: '@GadgetLab',
    title: 'Gadget Lab',
    description: 'Honest reviews of phones and laptops.',
    subscribers: 1_200_000,
    views: 90_000_000,
    country: 'US',
    topics: ['Technology'],
    videos: videos('gl', 120, (i) =>
      i % 10 === 0
        ? { description: 'This video is sponsored by NordVPN. Go to nordvpn.com/gadgetlab for 70% off.' }
        : i % 7 === 0
          ? { description: undefined }
          : {},
    ),
  },
  {
    id: channelId('hiddenshorts'),
    title: 'Hidden Shorts',
    subscribers: 5_000,
    hidden: true,
    views: 400_000,
    videos: videos('hs', 3, () => ({ duration: 'PT45S' })),
  },
  {
    id: channelId('byhandle'),
    handle: '@ByHandle',
    title: 'By Handle',
    subscribers: 300,
    views: 9_000,
    videos: videos('bh', 2),
  },
];

let fake: FakeYouTube | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function setup(lines: string[], quotaLimit?: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'import-youtube-'));
  const channelsFile = path.join(dir, 'channels.txt');
  writeFileSync(channelsFile, `# channels to import\n${lines.join('\n')}\n`);
  return { dir, channelsFile, out: path.join(dir, 'data'), quotaLimit };
}

async function importer(
  s: ReturnType<typeof setup>,
  extra: { budget?: number; videosPerChannel?: number; since?: string; now?: string; refreshDays?: number } = {},
) {
  fake ??= await startFakeYouTube({
    key: KEY,
    channels: structuredClone(CHANNELS),
    ...(s.quotaLimit && { quotaLimit: s.quotaLimit }),
  });
  return new YouTubeImporter({
    channelsFile: s.channelsFile,
    out: s.out,
    key: KEY,
    baseUrl: fake.url,
    budget: extra.budget ?? 10_000,
    videosPerChannel: extra.videosPerChannel ?? 60,
    backoffMs: 5,
    ...(extra.since && { since: extra.since }),
    ...(extra.now && { now: () => new Date(extra.now as string) }),
    ...(extra.refreshDays && { refreshOlderThanMs: extra.refreshDays * 86_400_000 }),
  }).run();
}

async function datasetOf(out: string) {
  const niches = NicheRules.load();
  const catalog = new Catalog(loadDetector(), niches);
  await loadFetched(out, catalog);
  return { catalog, dataset: buildDataset(catalog, niches, '2026-11-28') };
}

const readSnapshots = (out: string) =>
  readFileSync(path.join(out, 'snapshots.ndjson'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as SnapshotRecord);

const INPUTS = [
  channelId('gadgetlab'),
  `https://www.youtube.com/channel/${channelId('hiddenshorts')}`,
  '@ByHandle',
  channelId('nobodyhere'),
  '@NoSuchHandle',
];

describe('the YouTube Data API import, against a fake API', () => {
  it('reads ids, @handles and channel URLs, and names a line it cannot read', () => {
    const s = setup([...INPUTS, 'https://www.youtube.com/c/SomeCustomName']);
    expect(() => readChannelInputs(s.channelsFile)).toThrowError(
      /channels.txt:7: .*SomeCustomName.*custom \/c\/ and \/user\/ URLs need search.list/,
    );
    expect(readChannelInputs(setup(INPUTS).channelsFile).map((i) => [i.id !== null, i.handle])).toEqual([
      [true, null],
      [true, null],
      [false, '@ByHandle'],
      [true, null],
      [false, '@NoSuchHandle'],
    ]);
  });

  it('imports channels and their latest videos page by page, with unknown channels reported', async () => {
    const s = setup(INPUTS);
    const result = await importer(s, { videosPerChannel: 60 });
    expect(result).toMatchObject({
      channels: 5,
      done: 3,
      pending: 0,
      unknown: [channelId('nobodyhere'), '@NoSuchHandle'],
      stoppedByQuota: null,
    });
    // One channels.list for the three ids, one per handle; two playlist pages (50 + 10) for the 60 latest of 120.
    const playlistCalls = fake?.calls.filter(
      (c) => c.method === 'playlistItems' && c.params.playlistId === `UU${channelId('gadgetlab').slice(2)}`,
    );
    expect(playlistCalls?.map((c) => [c.params.maxResults, Boolean(c.params.pageToken)])).toEqual([
      ['50', false],
      ['10', true],
    ]);
    expect(fake?.calls.filter((c) => c.method === 'channels').length).toBe(3);
    expect(result.unitsUsed).toBe(fake?.units);

    const { dataset } = await datasetOf(s.out);
    const byName = (name: string) => dataset.creators.find((c) => c.name === name);
    expect(byName('Gadget Lab')).toMatchObject({
      channelId: channelId('gadgetlab'),
      handle: '@gadgetlab',
      subscribers: 1_200_000,
      totalViews: 90_000_000,
      videoCount: 120,
      country: 'US',
      primaryNiche: 'tech_reviews',
      videoFormat: 'long',
    });
    // The 30 latest of the 60 fetched (videos 90–119): views 1090…1119, (50 + 10) reactions per video.
    expect(byName('Gadget Lab')?.avgViews).toBe(Math.round((1090 + 1119) / 2));
    // Hidden subscribers are 0; a channel without a handle has none; Shorts make a short-format creator.
    expect(byName('Hidden Shorts')).toMatchObject({ subscribers: 0, handle: null, videoFormat: 'short' });
    // Six of the 60 fetched videos (60 to 119; every tenth) disclose NordVPN.
    const nord = dataset.sponsors.find((p) => p.name === 'NordVPN');
    expect(byName('Gadget Lab')?.sponsorships).toEqual([
      { sponsorId: nord?.id, count: 6, firstDate: day(60).slice(0, 10), lastDate: day(110).slice(0, 10) },
    ]);
  });

  it('stops cleanly at the quota budget, and the next run resumes from the checkpoint without fetching anything twice', async () => {
    const s = setup(INPUTS.slice(0, 3));
    const first = await importer(s, { budget: 4, videosPerChannel: 60 });
    expect(first.stoppedByQuota).toMatch(/budget of 4 units/);
    expect(first.unitsUsed).toBe(4);
    expect(first.done).toBeLessThan(3);
    // The budget is per day: a new budget today adds to the units already spent.
    const second = await importer(s, { budget: 100, videosPerChannel: 60 });
    expect(second).toMatchObject({ done: 3, pending: 0, stoppedByQuota: null });
    const videoIds = fake?.calls
      .filter((c) => c.method === 'videos')
      .flatMap((c) => (c.params.id as string).split(','));
    expect(new Set(videoIds).size).toBe(videoIds?.length);
    const { catalog } = await datasetOf(s.out);
    expect(catalog.videoCount).toBe(60 + 3 + 2);
  });

  it('stops cleanly when YouTube says quotaExceeded, and resumes when it answers again', async () => {
    const s = setup(INPUTS.slice(0, 3), 3);
    const first = await importer(s);
    expect(first.stoppedByQuota).toMatch(/quotaExceeded/);
    if (fake) fake.quotaLimit = Number.POSITIVE_INFINITY;
    const second = await importer(s);
    expect(second).toMatchObject({ done: 3, stoppedByQuota: null });
  });

  it('backs off and retries on 5xx and 429, then goes on', async () => {
    const s = setup(INPUTS.slice(0, 1));
    fake = await startFakeYouTube({ key: KEY, channels: structuredClone(CHANNELS) });
    fake.failures.push(
      { method: 'channels', status: 503, times: 2 },
      { method: 'videos', status: 429, times: 1, retryAfter: 0 },
    );
    const result = await importer(s, { videosPerChannel: 5 });
    expect(result).toMatchObject({ done: 1, stoppedByQuota: null });
    expect(fake.calls.filter((c) => c.method === 'channels')).toHaveLength(3);
  });

  it('refreshes with --since: statistics again, and only the videos published since', async () => {
    const s = setup(INPUTS.slice(0, 1));
    await importer(s, { videosPerChannel: 20 });
    const gadget = fake?.channels.find((c) => c.title === 'Gadget Lab') as FakeChannel;
    gadget.subscribers = 1_300_000;
    gadget.videos.push(...videos('new', 2, (i) => ({ publishedAt: day(200 + i), views: 5_000 })));
    const before = fake?.calls.length ?? 0;
    await importer(s, { videosPerChannel: 20, since: day(150) });
    const refreshed = fake?.calls.slice(before).filter((c) => c.method === 'videos');
    expect(refreshed?.map((c) => c.params.id)).toEqual(
      [`new${'0'.repeat(7)}0,new${'0'.repeat(7)}1`].map((ids) => ids.split(',').reverse().join(',')),
    );
    const { dataset, catalog } = await datasetOf(s.out);
    expect(dataset.creators[0]?.subscribers).toBe(1_300_000);
    expect(catalog.videoCount).toBe(22);
  });

  it('dates each channel by its fetch; a refresh a day later adds one snapshot per channel, and growth appears', async () => {
    const s = setup(INPUTS.slice(0, 3));
    await importer(s, { videosPerChannel: 5, now: day(300) });
    await writeDataset(s.out, (await datasetOf(s.out)).dataset);
    const first = readSnapshots(s.out);
    expect(first.map((r) => r.date)).toEqual(Array(3).fill(day(300).slice(0, 10)));
    // The same day again (a re-run): the day's row is rewritten, never doubled.
    await writeDataset(s.out, (await datasetOf(s.out)).dataset);
    expect(readSnapshots(s.out)).toEqual(first);

    const gadget = fake?.channels.find((c) => c.title === 'Gadget Lab') as FakeChannel;
    gadget.subscribers += 25_000;
    await importer(s, { videosPerChannel: 5, since: day(250), now: day(301) });
    const { dataset } = await datasetOf(s.out);
    await writeDataset(s.out, dataset);
    const rows = readSnapshots(s.out);
    expect(rows).toHaveLength(6);
    for (const c of dataset.creators) {
      const own = rows.filter((r) => r.creatorId === c.id);
      expect(own.map((r) => r.date)).toEqual([day(301), day(300)].map((d) => d.slice(0, 10)));
      expect(own[0]?.subscribers).toBe(c.subscribers);
    }

    const loaded = await loadDataFolder('youtube_growth', s.out);
    try {
      const { body } = await loaded.client.search({
        index: `${loaded.prefix}creators`,
        body: { query: { term: { 'name.exact': 'gadget lab' } }, _source: ['asOf', 'growth'] },
      });
      expect(body.hits.hits[0]?._source).toMatchObject({
        asOf: day(301).slice(0, 10),
        growth: { last30Days: { from: day(300).slice(0, 10), days: 1, subscribers: 25_000 }, last90Days: {} },
      });
    } finally {
      await loaded.drop();
    }
  });

  it('refreshes the channels read longer ago than the window, the stalest first, within the quota', async () => {
    const [gadgetLab, hiddenShorts] = INPUTS as [string, string];
    const s = setup([gadgetLab]);
    await importer(s, { videosPerChannel: 5, now: day(300) });
    writeFileSync(s.channelsFile, `${hiddenShorts}\n${gadgetLab}\n`);
    await importer(s, { videosPerChannel: 5, now: day(303) });
    // Six days after the first read: nothing is older than 7 days, so nothing is asked for.
    const quiet = fake?.calls.length;
    expect(await importer(s, { videosPerChannel: 5, now: day(306), refreshDays: 7 })).toMatchObject({ stale: 0 });
    expect(fake?.calls.length).toBe(quiet);

    // Both stale, with units for the channels call and one channel's uploads (nothing new was published, so no
    // videos call): Gadget Lab, read first, goes first although the file lists it second.
    const before = fake?.calls.length ?? 0;
    const tight = await importer(s, { videosPerChannel: 5, now: day(311), refreshDays: 7, budget: 2 });
    expect(tight).toMatchObject({ stale: 1, stoppedByQuota: expect.stringContaining('quota') });
    const playlists = fake?.calls.slice(before).filter((c) => c.method === 'playlistItems');
    expect(playlists?.map((c) => c.params.playlistId)).toEqual([`UU${channelId('gadgetlab').slice(2)}`]);
    // The next day's run finishes the other.
    expect(await importer(s, { videosPerChannel: 5, now: day(312), refreshDays: 7 })).toMatchObject({ stale: 0 });
    // Each snapshot is dated by the read of its statistics: both were read in the one channels call of day 311.
    const { dataset } = await datasetOf(s.out);
    expect(dataset.snapshots.map((r) => r.date)).toEqual([day(311), day(311)].map((d) => d.slice(0, 10)));
  });

  it('as a command: a summary on success, and a clear message without a stack trace when the key is missing', async () => {
    const s = setup(INPUTS.slice(0, 3));
    fake = await startFakeYouTube({ key: KEY, channels: structuredClone(CHANNELS) });
    const run = (env: Record<string, string>) =>
      promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          'importer/cli.ts',
          'youtube',
          '--channels',
          s.channelsFile,
          '--out',
          s.out,
          '--videos-per-channel',
          '5',
        ],
        {
          cwd: root,
          env: { ...process.env, YOUTUBE_API_BASE_URL: fake?.url ?? '', ...env },
        },
      );
    const { stdout } = await run({ YOUTUBE_API_KEY: KEY });
    expect(stdout).toMatch(/YouTube: 3 of 3 channels done, 0 left, \d+ of 10000 quota units used today/);
    expect(stdout).not.toContain(KEY);
    expect(readFileSync(path.join(s.out, 'creators.ndjson'), 'utf8').trim().split('\n')).toHaveLength(3);
    const failed = await run({ YOUTUBE_API_KEY: '' }).catch((e: { stderr: string; code: number }) => e);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(/✖ set YOUTUBE_API_KEY/);
    expect((failed as { stderr: string }).stderr).not.toMatch(/\n\s+at /);
    const cli = ['--import', 'tsx', 'importer/cli.ts', 'youtube', '--channels', s.channelsFile];
    for (const window of ['soon', '0d', '7'])
      await expect(
        promisify(execFile)(process.execPath, [...cli, '--refresh-older-than', window], {
          cwd: root,
          env: { ...process.env, YOUTUBE_API_KEY: KEY },
        }),
      ).rejects.toMatchObject({ stderr: expect.stringContaining('--refresh-older-than takes a duration such as 7d') });
  });
});
