// `npm run import -- sponsor-sample`: the videos a reader labels to measure the detector on text it was not developed
// on, picked as relevance/sponsors/fresh/README.md picks them: videos whose text looks like a disclosure or a deal
// (DISCLOSURE_LIKE, wide on purpose so the hard negatives come too) in sha1(video id) order, a few per channel at
// most so no channel's template dominates, then some that match nothing. A video already labelled, or a channel
// named in --exclude-channels (those the detector was developed on), is never picked.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { VideoFacts } from '../model.ts';
import { DISCLOSURE_LIKE, LABELS_FILE, type Label, readLabels, trendingVideos } from './eval.ts';

const FRESH_LABELS = path.join(path.dirname(LABELS_FILE), 'fresh');

export interface SampleOptions {
  /** Videos that look like a disclosure or a deal. */
  matching: number;
  /** Videos with a description that match nothing: the sample's plain negatives. */
  unmatched: number;
  perChannel: number;
  /** Video ids already labelled. */
  labelled: Set<string>;
  /** Channel titles to leave out, compared case-insensitively. */
  excludedChannels: Set<string>;
}

export interface Sample {
  videos: (VideoFacts & { file: string })[];
  /** How many of the picked videos (the first ones) look like a disclosure or a deal. */
  looking: number;
  /** Videos left once labelled videos and excluded channels are out. */
  pool: number;
  /** Of those, the ones that look like a disclosure or a deal. */
  poolMatching: number;
  skippedLabelled: number;
  skippedChannels: number;
  /** Videos passed over because their channel had its share already. */
  skippedByCap: number;
}

const sha1 = (id: string) => createHash('sha1').update(id).digest('hex');
const looksLikeDeal = (video: VideoFacts) =>
  DISCLOSURE_LIKE.test(`${video.title}\n${video.tags.join('|')}\n${video.description}`);

export function pickSample(all: Iterable<VideoFacts & { file: string }>, options: SampleOptions): Sample {
  const excluded = new Set([...options.excludedChannels].map((c) => c.trim().toLowerCase()));
  let skippedLabelled = 0;
  let skippedChannels = 0;
  const pool: (VideoFacts & { file: string })[] = [];
  for (const video of all) {
    if (options.labelled.has(video.videoId)) skippedLabelled += 1;
    else if (excluded.has((video.channelTitle ?? '').trim().toLowerCase())) skippedChannels += 1;
    else pool.push(video);
  }
  const order = new Map(pool.map((v) => [v, sha1(v.videoId)]));
  pool.sort((a, b) => ((order.get(a) as string) < (order.get(b) as string) ? -1 : 1));
  const perChannel = new Map<string, number>();
  let skippedByCap = 0;
  const take = (candidates: (VideoFacts & { file: string })[], wanted: number) => {
    const taken: (VideoFacts & { file: string })[] = [];
    for (const video of candidates) {
      if (taken.length === wanted) break;
      const channel = video.channelId ?? video.channelTitle ?? '';
      const seen = perChannel.get(channel) ?? 0;
      if (seen >= options.perChannel) {
        skippedByCap += 1;
        continue;
      }
      perChannel.set(channel, seen + 1);
      taken.push(video);
    }
    return taken;
  };
  const matching: typeof pool = [];
  const others: typeof pool = [];
  for (const video of pool) (looksLikeDeal(video) ? matching : others).push(video);
  const picked = take(matching, options.matching);
  const plain = take(
    others.filter((v) => v.description.trim() !== ''),
    options.unmatched,
  );
  return {
    videos: [...picked, ...plain],
    looking: picked.length,
    pool: pool.length,
    poolMatching: matching.length,
    skippedLabelled,
    skippedChannels,
    skippedByCap,
  };
}

const HEADER = [
  'video_id',
  'trending_date',
  'title',
  'channel_id',
  'channel_title',
  'category_id',
  'publish_time',
  'tags',
  'views',
  'likes',
  'comment_count',
  'description',
];

const cell = (value: string | number | null) => `"${String(value ?? '').replace(/"/g, '""')}"`;

/** Videos as a CSV that `npm run import -- csv`, `eval-sponsors` and `train-scorer` read, line breaks kept. */
export function writeVideosCsv(videos: VideoFacts[], file: string): void {
  const rows = videos.map((v) =>
    [
      v.videoId,
      v.seenOn,
      v.title,
      v.channelId,
      v.channelTitle,
      v.categoryId,
      v.publishedAt,
      JSON.stringify(v.tags),
      v.views,
      v.likes,
      v.comments,
      v.description,
    ]
      .map(cell)
      .join(','),
  );
  writeFileSync(file, `${HEADER.join(',')}\n${rows.join('\n')}\n`);
}

/**
 * `videos.csv` (the picked videos) and `labels.jsonl` (one empty label per video, for the reader to fill under
 * relevance/sponsors/labelling.md).
 */
export function writeSample(sample: Sample, dir: string): { videos: string; labels: string } {
  mkdirSync(dir, { recursive: true });
  const videos = path.join(dir, 'videos.csv');
  const labels = path.join(dir, 'labels.jsonl');
  writeVideosCsv(sample.videos, videos);
  const template = sample.videos.map(
    (v): Label => ({ videoId: v.videoId, file: path.basename(v.file), split: 'fresh', sponsors: [], note: '' }),
  );
  writeFileSync(labels, `${template.map((l) => JSON.stringify(l)).join('\n')}\n`);
  return { videos, labels };
}

/** Channel titles, one per line (blank lines and `#` comments skipped). */
const readChannelList = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

export interface SampleRequest {
  files: string[];
  out: string;
  matching: number;
  unmatched: number;
  perChannel: number;
  /** Files of channel titles to leave out: the channels the detector was developed on. */
  excludeChannels: string[];
  /** Label files whose videos are never picked; by default every label in relevance/sponsors. */
  excludeLabels?: string[];
}

/** Picks and writes a sample; returns what to tell the analyst. */
export async function sampleForLabelling(request: SampleRequest): Promise<string> {
  const labelFiles = request.excludeLabels ?? [
    LABELS_FILE,
    ...readdirSync(FRESH_LABELS)
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => path.join(FRESH_LABELS, name)),
  ];
  const sample = pickSample((await trendingVideos(request.files)).values(), {
    matching: request.matching,
    unmatched: request.unmatched,
    perChannel: request.perChannel,
    labelled: new Set(labelFiles.flatMap((file) => readLabels(file).map((l) => l.videoId))),
    excludedChannels: new Set(request.excludeChannels.flatMap(readChannelList)),
  });
  const written = writeSample(sample, request.out);
  const relative = (file: string) => path.relative(process.cwd(), file);
  return [
    `Picked ${sample.videos.length} videos: ${sample.looking} that look like a disclosure or a deal, ${sample.videos.length - sample.looking} that do not.`,
    `Pool: ${sample.pool} videos, ${sample.poolMatching} of them looking like a deal. Left out: ${sample.skippedLabelled} already labelled, ${sample.skippedChannels} from excluded channels, ${sample.skippedByCap} past the per-channel cap.`,
    `Label ${relative(written.labels)} under relevance/sponsors/labelling.md without running the detector, then:`,
    `  npm run import -- eval-sponsors --labels ${relative(written.labels)} --videos ${relative(written.videos)}`,
  ].join('\n');
}
