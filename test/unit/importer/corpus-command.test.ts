import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLabels, trendingVideos } from '../../../importer/sponsors/eval.ts';
import { runTs } from '../../support/run.ts';

// `npm run import -- corpus` on a folder of files named by their sha256, as a plain copy of the mirrors would be.
const dir = mkdtempSync(path.join(tmpdir(), 'corpus-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER =
  'video_id,trending_date,title,channel_title,category_id,publish_time,tags,views,likes,dislikes,comment_count,thumbnail_link,comments_disabled,ratings_disabled,video_error_or_removed,description';
const line = (id: string, day: string, channel: string, published: string, description: string) =>
  `${id},${day},Title of ${id},${channel},22,${published},[none],1,1,0,0,x,False,False,False,${description}`;
const datasnaek = [
  HEADER,
  line('Keep_Video1', '18.01.06', 'Chan A', '2018-05-30T10:00:00.000Z', 'short'),
  line('Keep_Video1', '18.02.06', 'Chan A', '2018-05-30T10:00:00.000Z', 'the longer copy\\nwith a line'),
  // Charted in June, then in July 2020: held out.
  line('HeldVideo01', '20.29.06', 'Chan B', '2020-06-28T10:00:00.000Z', 'x'),
  line('HeldVideo01', '20.01.07', 'Chan B', '2020-06-28T10:00:00.000Z', 'x'),
  // The first video of relevance/sponsors/labels.jsonl: an evaluation video, never in the corpus.
  line('-CqiTME15Ms', '18.01.06', 'Chan C', '2018-05-30T10:00:00.000Z', 'labelled'),
  'Bad_Video01,18.01.06,too few fields',
].join('\n');
const api = JSON.stringify({
  items: [
    {
      id: 'Keep_Video2',
      snippet: {
        publishedAt: '2023-10-15T12:00:00Z',
        channelId: 'UCaaaaaaaaaaaaaaaaaaaaaa',
        channelTitle: 'Chan A',
        title: 'From the API',
        description: 'Sponsored by Acme',
      },
    },
    { id: 'Keep_Video1', snippet: { publishedAt: '2018-05-30T10:00:00Z', title: 'Again', channelTitle: 'Chan A' } },
  ],
});

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const entry = (text: string, format: string, region: string, charted: string | null) => ({
  repo: 'someone/data',
  commit: 'c'.repeat(40),
  path: `${format}.file`,
  sha256: sha(text),
  format,
  region,
  charted,
});
writeFileSync(path.join(dir, sha(datasnaek)), datasnaek);
writeFileSync(path.join(dir, sha(api)), api);
const manifest = (extra: object[] = []) => {
  const file = path.join(dir, `manifest-${extra.length}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      repositories: {
        'someone/data': { licence: 'none stated', about: 'test files' },
        'someone/gone': { licence: 'none stated', about: 'never fetched' },
      },
      sources: [entry(datasnaek, 'datasnaek-csv', 'GB', null), entry(api, 'api-json', 'US', '2023-10-16'), ...extra],
    }),
  );
  return file;
};
const corpus = (args: string[]) => runTs('importer/cli.ts', ['corpus', '--mirror', dir, ...args], process.env);

// Each test starts the command with tsx: seconds, not milliseconds, when the other files run beside it.
describe('npm run import -- corpus', { timeout: 60_000 }, () => {
  it('writes one line per distinct video, without held-out or labelled ones, and prints the summary', async () => {
    const out = path.join(dir, 'videos.ndjson');
    const run = await corpus(['--manifest', manifest(), '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const videos = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(videos.map((v) => v.videoId)).toEqual(['Keep_Video1', 'Keep_Video2']);
    expect(videos[0]).toEqual({
      videoId: 'Keep_Video1',
      channelId: null,
      channelTitle: 'Chan A',
      title: 'Title of Keep_Video1',
      description: 'the longer copy\nwith a line',
      tags: [],
      publishedAt: '2018-05-30T10:00:00.000Z',
      charted: ['2018-06-01', '2018-06-02', '2023-10-16'],
      regions: ['GB', 'US'],
      sources: [0, 1],
    });
    expect(run.stdout).toMatch(/\[1\/2\] someone\/data:datasnaek-csv\.file@cccccccc: 5 rows, 1 bad/);
    expect(run.stdout).toContain('Corpus: 2 distinct videos from 1 channels');
    expect(run.stdout).toContain('rows read: 7');
    expect(run.stdout).toContain('dropped by the hold-out (published or charted in July or August 2020): 1');
    expect(run.stdout).toContain('dropped as labelled evaluation videos: 1');
    expect(run.stdout).toContain('bad rows skipped: 1 (a row with 3 fields where the header has 16: 1)');
  });

  it('stops on a missing source, naming it, unless --skip-missing', async () => {
    const missing = { ...entry('not here', 'api-json', 'FR', null), repo: 'someone/gone', path: 'gone.json' };
    const out = path.join(dir, 'skip.ndjson');
    const stopped = await corpus(['--manifest', manifest([missing]), '--out', out]);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toMatch(
      /✖ someone\/gone:gone\.json@cccccccc: no mirror of someone\/gone in .* and no file named by its sha256/,
    );
    expect(stopped.stderr).not.toMatch(/\n\s+at /);
    const skipped = await corpus(['--manifest', manifest([missing]), '--out', out, '--skip-missing']);
    expect(skipped.code).toBe(0);
    expect(skipped.stdout).toMatch(/\[3\/3\] skipped: someone\/gone:gone\.json/);
    expect(skipped.stdout).toContain('sources read: 2 of 3 (1 missing, skipped)');
  });

  it("refuses a file whose digest is not the manifest's", async () => {
    const file = manifest();
    const listed = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(path.join(dir, 'f'.repeat(64)), datasnaek);
    listed.sources[0].sha256 = 'f'.repeat(64);
    writeFileSync(file, JSON.stringify(listed));
    const run = await corpus(['--manifest', file, '--out', path.join(dir, 'x.ndjson'), '--skip-missing']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `someone/data:datasnaek-csv.file@cccccccc: sha256 is ${sha(datasnaek)}, the manifest says ${'f'.repeat(64)}`,
    );
  });

  it('--sets-out writes the videos of the sets picked from the corpus as train-scorer reads them; the corpus keeps them out', async () => {
    const [label] = readLabels(path.resolve('relevance/sponsors/fresh/corpus-en.jsonl'));
    const id = label?.videoId ?? '';
    const picked = [HEADER, line(id, '23.01.06', 'Chan D', '2023-05-30T10:00:00.000Z', 'Use code D for 10% off')].join(
      '\n',
    );
    writeFileSync(path.join(dir, sha(picked)), picked);
    const out = path.join(dir, 'with-sets.ndjson');
    const sets = path.join(dir, 'sets');
    const extra = { ...entry(picked, 'datasnaek-csv', 'US', null), path: 'picked.csv' };
    const run = await corpus(['--manifest', manifest([extra]), '--out', out, '--sets-out', sets]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(readFileSync(out, 'utf8')).not.toContain(id);
    expect(run.stdout).toContain(`${path.join(sets, 'corpus-en', 'videos.csv')}: 1 videos; not in the corpus: `);
    const written = await trendingVideos([path.join(sets, 'corpus-en', 'videos.csv')]);
    expect([...written.values()]).toMatchObject([
      { videoId: id, channelTitle: 'Chan D', description: 'Use code D for 10% off', seenOn: '2023-06-01' },
    ]);
    expect((await trendingVideos([path.join(sets, 'corpus-es-pt', 'videos.csv')])).size).toBe(0);
  });
});
