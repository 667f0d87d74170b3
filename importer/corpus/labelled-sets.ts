// The labelled sets picked from the corpus (relevance/sponsors/fresh/corpus-*.jsonl): their videos are corpus lines,
// which the corpus file keeps out like every labelled video. `npm run import -- corpus --sets-out <dir>` writes them
// as <dir>/<set>/videos.csv, where `train-scorer --videos-dir <dir>` reads each set's videos.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { VideoFacts } from '../model.ts';
import { readLabels } from '../sponsors/eval.ts';
import { writeVideosCsv } from '../sponsors/sample.ts';
import { labelFiles } from './holdout.ts';
import type { CorpusVideo } from './merge.ts';

/** Each set picked from the corpus, by name, with its labelled video ids in label order. */
export function corpusSets(files = labelFiles()): Map<string, string[]> {
  const sets = new Map<string, string[]>();
  for (const file of files) {
    const name = path.basename(file, '.jsonl');
    if (name.startsWith('corpus-')) sets.set(name, [...new Set(readLabels(file).map((label) => label.videoId))]);
  }
  return sets;
}

/** Writes each set's videos found among `videos`; per set, how many were written and the ids not found. */
export function writeCorpusSets(
  dir: string,
  sets: ReadonlyMap<string, string[]>,
  videos: ReadonlyMap<string, CorpusVideo>,
): { set: string; written: number; missing: string[] }[] {
  return [...sets].map(([set, ids]) => {
    const found = ids.flatMap((id) => {
      const video = videos.get(id);
      return video ? [asFacts(video)] : [];
    });
    mkdirSync(path.join(dir, set), { recursive: true });
    writeVideosCsv(found, path.join(dir, set, 'videos.csv'));
    return { set, written: found.length, missing: ids.filter((id) => !videos.has(id)) };
  });
}

/** A corpus line as the detector reads a video: the corpus keeps no figures, and its last chart day is when seen. */
const asFacts = (video: CorpusVideo): VideoFacts => ({
  videoId: video.videoId,
  channelId: video.channelId,
  channelTitle: video.channelTitle,
  title: video.title,
  description: video.description,
  tags: video.tags,
  categoryId: null,
  topics: [],
  publishedAt: video.publishedAt,
  views: null,
  likes: null,
  comments: null,
  durationSeconds: null,
  defaultLanguage: null,
  seenOn: video.charted.at(-1) ?? null,
  source: 'corpus',
});
