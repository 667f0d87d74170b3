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
  const merge = new CorpusMerge();
  const missing: string[] = [];
  const bad = new Map<string, number>();
  let rows = 0;
  for (const [index, source] of options.manifest.sources.entries()) {
    const name = sourceName(source);
    let bytes: Buffer;
    try {
      bytes = await readSource(options.mirror, source);
    } catch (error) {
      if (!(error instanceof MissingSource) || !options.skipMissing) throw error;
      missing.push(name);
      options.log(`[${index + 1}/${options.manifest.sources.length}] skipped: ${error.message}`);
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
          continue;
        }
        merge.add(record, index);
        read += 1;
      }
    } catch (error) {
      throw new Error(`${name}: ${(error as Error).message}`);
    }
    rows += read;
    options.log(
      `[${index + 1}/${options.manifest.sources.length}] ${name}: ${read} rows${skipped ? `, ${skipped} bad` : ''}, ${merge.videos.size} videos so far`,
    );
  }

  const kept: CorpusVideo[] = [];
  let held = 0;
  let labelled = 0;
  for (const video of merge.videos.values()) {
    if (heldOut(video)) held += 1;
    else if (options.labelled.has(video.videoId)) labelled += 1;
    else kept.push(video);
  }
  kept.sort((a, b) => (a.videoId < b.videoId ? -1 : a.videoId > b.videoId ? 1 : 0));
  await writeNdjson(options.out, kept);

  const count = (keys: string[], into: Record<string, number>) => {
    for (const key of keys) into[key] = (into[key] ?? 0) + 1;
  };
  const byYear: Record<string, number> = {};
  const byRegion: Record<string, number> = {};
  for (const video of kept) {
    count([video.publishedAt.slice(0, 4)], byYear);
    count(video.regions.length > 0 ? video.regions : ['none'], byRegion);
  }
  return {
    sources: options.manifest.sources.length,
    missing,
    rows,
    videos: kept.length,
    channels: new Set(channelKeys(kept).values()).size,
    heldOut: held,
    labelled,
    bad: [...bad].sort((a, b) => b[1] - a[1]),
    byYear,
    byRegion,
  };
}

async function writeNdjson(file: string, videos: CorpusVideo[]): Promise<void> {
  const out = createWriteStream(file);
  for (const video of videos) if (!out.write(`${JSON.stringify(video)}\n`)) await once(out, 'drain');
  out.end();
  await finished(out);
}
