import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluate, readLabels, rulesReader, SHARED_TRENDING, trendingVideos } from '../../../importer/sponsors/eval.ts';
import { Registry } from '../../../importer/sponsors/registry.ts';
import { sampleForLabelling } from '../../../importer/sponsors/sample.ts';
import { realdata } from '../../support/realdata.ts';

describe('a sample of real videos to label blind', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sponsor-sample-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files = Object.values(SHARED_TRENDING).map((name) => path.join(realdata(), name));

  it('has no video of the shared files that looks like a deal, since every one of them is labelled', async () => {
    const said = await sampleForLabelling({
      files,
      out: path.join(dir, 'default'),
      matching: 50,
      unmatched: 5,
      perChannel: 3,
      excludeChannels: [],
    });
    expect(said).toMatch(/^Picked 5 videos: 0 that look like a disclosure or a deal, 5 that do not\./);
    expect(readLabels(path.join(dir, 'default', 'labels.jsonl'))).toHaveLength(5);
  });

  it('writes the picked videos so eval-sponsors reads them back unchanged, with an empty label each', async () => {
    const channels = path.join(dir, 'channels.txt');
    writeFileSync(channels, '# developed on\nCaseyNeistat\n');
    const empty = path.join(dir, 'none.jsonl');
    writeFileSync(empty, '');
    const out = path.join(dir, 'fresh');
    const said = await sampleForLabelling({
      files,
      out,
      matching: 40,
      unmatched: 5,
      perChannel: 2,
      excludeChannels: [channels],
      excludeLabels: [empty],
    });
    expect(said).toMatch(/^Picked 45 videos: 40 that look like a disclosure or a deal/);
    const source = await trendingVideos(files);
    const written = await trendingVideos([path.join(out, 'videos.csv')]);
    expect(written.size).toBe(45);
    for (const video of written.values()) {
      const original = source.get(video.videoId);
      expect(video.channelTitle).not.toBe('CaseyNeistat');
      expect([video.title, video.description, video.tags, video.publishedAt, video.seenOn]).toEqual([
        original?.title,
        original?.description,
        original?.tags,
        original?.publishedAt,
        original?.seenOn,
      ]);
    }
    const labels = readLabels(path.join(out, 'labels.jsonl'));
    expect(labels.map((l) => l.videoId).sort()).toEqual([...written.keys()].sort());
    // Unlabelled yet: every sponsor the detector finds counts against it until a reader fills the labels in.
    const { scores } = evaluate(labels, written, Registry.load(), rulesReader(Registry.load()));
    expect(scores.fresh?.videos).toBe(45);
    expect(readFileSync(path.join(out, 'videos.csv'), 'utf8').split('\n')[0]).toContain('video_id');
  });

  it('as a command, refuses bad input with a clear message and no stack trace', async () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'importer/cli.ts', 'sponsor-sample', ...args], {
        cwd: root,
      }).catch((e: { stderr: string; code: number }) => e);
    const out = path.join(dir, 'cli');
    // A command given wrongly exits 2, a missing file 1 (docs/cli.md).
    for (const [args, message, code] of [
      [['--out', out], /name the exports to pick from with --videos/, 2],
      [['--videos', files[0] as string], /name the folder to write the sample to with --out/, 2],
      [
        ['--videos', files[0] as string, '--out', out, '--matching', 'ten'],
        /--matching is a whole number \(got ten\)/,
        2,
      ],
      [['--videos', path.join(dir, 'missing.csv'), '--out', out], /missing\.csv: no such file/, 1],
      [['--videos', files[0] as string, '--out', out, '--sample', '3'], /Unknown option '--sample'/, 2],
    ] as const) {
      const failed = await run(...args);
      expect(failed, args.join(' ')).toMatchObject({ code });
      expect((failed as { stderr: string }).stderr).toMatch(message);
      expect((failed as { stderr: string }).stderr).not.toMatch(/\n\s+at /);
    }
  });
});
