import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorRecord } from '../../indexer/records.ts';
import { DEFAULT_MIN_CONFIDENCE } from '../../src/contract/confidence.ts';
import { DEFAULT_PROFILE, loadProfile } from '../../src/search/profile.ts';
import { evaluate, type Summary } from '../../workbench/evaluate.ts';
import { realNameJudgments } from '../../workbench/real-names.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type LoadedDataset, loadDataFolder } from '../support/catalog.ts';
import { realdata } from '../support/realdata.ts';

// The shared real files end to end: `npm run import -- csv` → the indexer under an index prefix of its own → the
// API answering for real channels and the sponsors their descriptions disclosed → the sponsor evaluation.
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
let data: LoadedDataset;
let api: TestApp;
let summary: Record<string, number>;

const cli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'importer/cli.ts', ...args], { cwd: root, maxBuffer: 32 * 1024 * 1024 });

beforeAll(async () => {
  const dir = realdata();
  const out = mkdtempSync(path.join(os.tmpdir(), 'realdata-'));
  const files = (...names: string[]) => names.map((n) => path.join(dir, n));
  const { stdout } = await cli(
    'csv',
    '--channels',
    ...files('top-1000-subscribed.csv', 'top-1000-youtubers-2023.csv', 'global-youtube-statistics-2023.csv'),
    '--videos',
    ...files('trending-2017-US.csv', 'trending-2017-FR.csv'),
    '--out',
    out,
    // The channel lists are 2023's: their figures are dated so, not the day of the import.
    '--as-of',
    '2023-09-01',
    '--json',
  );
  summary = JSON.parse(stdout.trim().split('\n').at(-1) as string);
  data = await loadDataFolder('realdata', out);
  api = await createTestApp({ INDEX_PREFIX: data.prefix, LOG_LEVEL: 'warn' });
}, 180_000);
afterAll(async () => {
  await api?.close();
  await data?.drop();
});

async function get(url: string) {
  const response = await api.get(url);
  expect(response.statusCode, url).toBe(200);
  return response.json();
}

describe('real channels, imported and served', () => {
  it('imports every row of the shared files', () => {
    expect(summary).toMatchObject({ videoRows: 5999, channelRows: 2995, badRows: 0, videos: 3034 });
    expect(summary.creators).toBe(data.creators.length);
    expect(summary.sponsors).toBe(data.sponsors.length);
    expect(summary.snapshots).toBe(data.creators.length);
  });

  it('dates every creator by --as-of, and refuses a day that has not come or does not exist', async () => {
    const { creator } = await get('/api/v1/creators/tseries');
    expect(creator).toMatchObject({ asOf: '2023-09-01', growth: { last30Days: null, last90Days: null } });
    const file = path.join(realdata(), 'trending-2017-US.csv');
    // 2026-02-30 was once read as 2 March and written into every snapshot, which the indexer then refused.
    for (const day of ['2999-01-01', '2026-02-30', '2025-02-29']) {
      const failed = await cli('csv', '--videos', file, '--as-of', day).catch(
        (e: { stderr: string; code: number }) => e,
      );
      expect((failed as { stderr: string }).stderr, day).toMatch(/--as-of is a day no later than today/);
      expect((failed as { code: number }).code, day).toBe(2);
    }
  });

  it('finds a real channel by its name and by its handle, with its channel URL', async () => {
    const found = await get('/api/v1/creators?query=MrBeast');
    expect(found.creators[0]).toMatchObject({ name: 'MrBeast', handle: '@MrBeast' });
    const tSeries = await get('/api/v1/creators/tseries');
    expect(tSeries.creator).toMatchObject({
      name: 'T-Series',
      youtubeUrl: 'https://www.youtube.com/channel/UCq-Fj5jknLsUf-MWSy4_brA',
      subscribers: 234_000_000,
      primaryNiche: 'Music',
      country: 'India',
    });
  });

  it('serves a channel known only by its title: a creator-<id> slug and no YouTube URL', async () => {
    const show = data.creators.find((c) => c.name === 'LastWeekTonight') as CreatorRecord;
    const { creator } = await get(`/api/v1/creators/creator-${show.id}`);
    expect(creator).toMatchObject({ id: `creator-${show.id}`, youtubeUrl: null, subscribers: 0, language: 'English' });
  });

  it('shows the sponsors a creator’s descriptions disclosed, and the creators a sponsor worked with', async () => {
    const sponsored = data.creators
      .filter((c) => c.handle && c.sponsorships.length > 0)
      .sort((a, b) => b.sponsorships.length - a.sponsorships.length)[0] as CreatorRecord;
    const { creator } = await get(`/api/v1/creators/${sponsored.handle?.slice(1)}`);
    const names = sponsored.sponsorships.map((s) => data.sponsors.find((p) => p.id === s.sponsorId)?.name);
    expect(creator.sponsors.map((s: { name: string }) => s.name).sort()).toEqual(names.sort());

    const busiest = [...new Set(data.creators.flatMap((c) => c.sponsorships.map((s) => s.sponsorId)))]
      .map((id) => ({ id, creators: data.creators.filter((c) => c.sponsorships.some((s) => s.sponsorId === id)) }))
      .sort((a, b) => b.creators.length - a.creators.length)[0];
    const { sponsor } = await get(`/api/v1/sponsors/${busiest?.id}`);
    const count = busiest?.creators.reduce(
      (sum, c) => sum + (c.sponsorships.find((s) => s.sponsorId === busiest.id)?.count ?? 0),
      0,
    );
    expect(sponsor).toMatchObject({ sponsorshipCount: count, stats: { creatorCount: busiest?.creators.length } });
  });

  it('serves the evidence of each detected sponsorship: the video, the line that disclosed it, a confidence', async () => {
    const sponsored = data.creators
      .filter((c) => c.handle && c.sponsorships.length > 0)
      .sort((a, b) => b.sponsorships.length - a.sponsorships.length)[0] as CreatorRecord;
    const page = await get(`/api/v1/creators/${encodeURIComponent(sponsored.handle ?? '')}/sponsorships`);
    expect(page.totalFound).toBe(sponsored.sponsorships.reduce((n, s) => n + s.count, 0));
    for (const s of page.sponsorships) {
      expect(s.videoUrl).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]+$/);
      expect(s.line.length).toBeGreaterThan(0);
      expect(s.confidence).toBeGreaterThanOrEqual(DEFAULT_MIN_CONFIDENCE);
      expect(['disclosure', 'deal', 'partners', 'vanity-link', 'mention']).toContain(s.rule);
    }
    const dates = page.sponsorships.map((s: { publishedAt: string }) => s.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('searches the niches real data needs, and keeps creators without a niche searchable', async () => {
    const music = await get('/api/v1/creators?query=music&niche_category=music&primary_niche_only=true&sort=subs_desc');
    expect(music.totalFound).toBeGreaterThan(100);
    expect(music.creators[0].primaryNiche).toBe('Music');
    const kids = await get('/api/v1/creators?query=kids&niche_category=kids_family');
    expect(kids.totalFound).toBeGreaterThan(0);
    const noNiche = data.creators.find((c) => c.primaryNiche === null && c.handle) as CreatorRecord;
    const { creator } = await get(`/api/v1/creators/${noNiche.handle?.slice(1)}`);
    expect(creator.primaryNiche).toBeNull();
  });

  it('reports the sponsor evaluation against the labelled videos', async () => {
    const { stdout } = await cli('eval-sponsors');
    // Each figure with its 95% interval: "held-out 298 173 165 146  0.885 (0.831–0.933)  0.844 (0.783–0.901)".
    const figure = String.raw`0\.\d{3} \(\d\.\d{3}–\d\.\d{3}\)`;
    expect(stdout).toMatch(new RegExp(String.raw`^held-out\s+\d+\s+\d+\s+\d+\s+\d+\s+${figure}\s+${figure}$`, 'm'));
    expect(stdout).toMatch(/false positives \(held-out\) by cause:/);
  });

  it('finds real channels however their names are typed: exact, folded, joined, split, by handle, with a typo', async () => {
    const evaluation = await evaluate({
      client: data.client,
      profile: loadProfile(DEFAULT_PROFILE),
      judgments: realNameJudgments(data.creators).map((j, i) => ({ ...j, source: `real-names:${i + 1}` })),
      settings: { indexPrefix: data.prefix, depthLimit: 1000, sponsorResults: 25 },
      pageSize: 25,
    });
    const of = (name: string) => evaluation.classes[name] as Summary;
    const missed = (name: string) =>
      evaluation.queries.filter((q) => q.class === name && !q.metrics.hit3).map((q) => q.query);
    expect(of('exact').hit1).toBeGreaterThanOrEqual(0.99);
    for (const name of ['joined', 'split', 'folded', 'handle', 'typo']) {
      expect(of(name).queries, name).toBeGreaterThanOrEqual(100);
      expect(of(name).hit3, `${name} missed: ${missed(name).slice(0, 10)}`).toBeGreaterThanOrEqual(0.95);
    }
  });
});
