// The scorer's training rows (`npm run import -- train-scorer` writes them): every brand the rules proposed in each labelled
// video, with its features and whether the label names it, and each video's labelled pairs, so recall counts the
// pairs no rule proposed too. importer/sponsors/train.py learns from them.
import type { VideoFacts } from '../model.ts';
import { matching, type SetLabel } from './eval.ts';
import { candidatesOf, FEATURES, keyOf } from './features.ts';
import type { MinedBrands } from './mined.ts';
import type { Registry } from './registry.ts';

export interface VideoRow {
  kind: 'video';
  set: string;
  videoId: string;
  channel: string;
  pairs: number;
}

export interface CandidateRow {
  kind: 'candidate';
  set: string;
  videoId: string;
  channel: string;
  name: string;
  /** The labelled brand it stands for (a brand and its product are one), else its own key. */
  match: string;
  label: 0 | 1;
  values: number[];
}

/** The file's first row: the features' names, in the order of every candidate's values. */
export interface FeaturesRow {
  kind: 'features';
  names: readonly string[];
}

export function trainingRows(
  labels: SetLabel[],
  videos: Map<string, VideoFacts>,
  registry: Registry,
  mined: MinedBrands,
): (FeaturesRow | VideoRow | CandidateRow)[] {
  const rows: (FeaturesRow | VideoRow | CandidateRow)[] = [{ kind: 'features', names: FEATURES }];
  for (const label of labels) {
    const video = videos.get(label.videoId);
    if (!video) throw new Error(`labelled video ${label.videoId} is not in the video files read`);
    const set = label.set ?? label.split;
    const channel = video.channelTitle ?? '';
    const expected = new Map(label.sponsors.map((s) => [keyOf(s.name, registry), s]));
    rows.push({ kind: 'video', set, videoId: video.videoId, channel, pairs: expected.size });
    for (const candidate of candidatesOf(video, { title: channel, handle: null }, registry, mined)) {
      const match = matching(candidate.key, expected);
      rows.push({
        kind: 'candidate',
        set,
        videoId: video.videoId,
        channel,
        name: candidate.name,
        match,
        label: expected.has(match) ? 1 : 0,
        values: FEATURES.map((f) => candidate.values[f] ?? 0),
      });
    }
  }
  return rows;
}
