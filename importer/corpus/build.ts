// `npm run import -- corpus`: every source of the manifest read from the mirrors, checked against its digest, parsed
// by its format and merged into one record per distinct video; held-out and labelled videos dropped; the rest
// written as NDJSON sorted by video id, so two builds from the same sources give the same file.

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { MissingSource, readSource } from './blobs.ts';
import { heldOut } from './holdout.ts';
import { type Manifest, sourceName } from './manifest.ts';
import { CorpusMerge, type CorpusVideo, channelKeys } from './merge.ts';
import { recordsOf } from './records.ts';

export interface BuildOptions {
  manifest: Manifest;
  /** The folder of mirrors (`<owner>+<name>/repo`) or of files named by their sha256. */
  mirror: string;
  out: string;
  skipMissing: boolean;
  /** Video ids of the labelled evaluation sets. */
  labelled: ReadonlySet<string>;
  /** Given each labelled video kept out (not held out), for the sets picked from the corpus (labelled-sets.ts). */
  onLabelled?: (video: CorpusVideo) => void;
  /** One line per source read. */
  log: (line: string) => void;
}

export interface CorpusSummary {
  sources: number;
  missing: string[];
  rows: number;
  videos: number;
  channels: number;
  heldOut: number;
  labelled: number;
  /** Bad rows by reason, most frequent first. */
  bad: [reason: string, count: number][];
  byYear: Record<string, number>;
  byRegion: Record<string, number>;
}

export async function buildCorpus(options: BuildOptions): Promise<CorpusSummary> {
  const read = await mergeSources(options);
  const { kept, held, labelled } = keepOut(read.merge.videos.values(), options.labelled, options.onLabelled);
  kept.sort((a, b) => (a.videoId < b.videoId ? -1 : a.videoId > b.videoId ? 1 : 0));
  await writeNdjson(options.out, kept);
  return {
    sources: options.manifest.sources.length,
    missing: read.missing,
    rows: read.rows,
    videos: kept.length,
    channels: new Set(channelKeys(kept).values()).size,
    heldOut: held,
    labelled,
    bad: [...read.bad].sort((a, b) => b[1] - a[1]),
    byYear: tally(kept.map((video) => [video.publishedAt.slice(0, 4)])),
    byRegion: tally(kept.map((video) => (video.regions.length > 0 ? video.regions : ['none']))),
  };
}

/** Every source read, checked and parsed into one merge; bad rows counted by reason (the reason without its value). */
async function mergeSources(options: BuildOptions) {
  const merge = new CorpusMerge();
  const missing: string[] = [];
  const bad = new Map<string, number>();
  let rows = 0;
  const total = options.manifest.sources.length;
  for (const [index, source] of options.manifest.sources.entries()) {
    const name = sourceName(source);
    let bytes: Buffer;
    try {
      bytes = await readSource(options.mirror, source);
    } catch (error) {
      if (!(error instanceof MissingSource) || !options.skipMissing) throw error;
      missing.push(name);
      options.log(`[${index + 1}/${total}] skipped: ${error.message}`);
      continue;
    }
    let read = 0;
    let skipped = 0;
    try {
      for (const record of recordsOf(bytes, source)) {
        if ('bad' in record) {
          const reason = record.bad.replace(/: .*/, '');
          bad.set(reason, (bad.get(reason) ?? 0) + 1);
          skipped += 1;
        } else {
          merge.add(record, index);
          read += 1;
        }
      }
    } catch (error) {
      throw new Error(`${name}: ${(error as Error).message}`);
    }
    rows += read;
    const badPart = skipped ? `, ${skipped} bad` : '';
    options.log(`[${index + 1}/${total}] ${name}: ${read} rows${badPart}, ${merge.videos.size} videos so far`);
  }
  return { merge, missing, bad, rows };
}

/** The hold-out first, then the labelled videos: a video both held out and labelled counts as held out. */
function keepOut(
  videos: Iterable<CorpusVideo>,
  labelledIds: ReadonlySet<string>,
  onLabelled?: (video: CorpusVideo) => void,
) {
  const kept: CorpusVideo[] = [];
  let held = 0;
  let labelled = 0;
  for (const video of videos) {
    if (heldOut(video)) held += 1;
    else if (labelledIds.has(video.videoId)) {
      labelled += 1;
      onLabelled?.(video);
    } else kept.push(video);
  }
  return { kept, held, labelled };
}

/** How many items name each key (an item names each of its keys once). */
function tally(keysOfEach: string[][]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const keys of keysOfEach) for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}

async function writeNdjson(file: string, videos: CorpusVideo[]): Promise<void> {
  const out = createWriteStream(file);
  for (const video of videos) if (!out.write(`${JSON.stringify(video)}\n`)) await once(out, 'drain');
  out.end();
  await finished(out);
}
