// The scorer's training rows (`npm run import -- train-scorer` writes them): every brand the rules proposed in each labelled
// video, with its features and whether the label names it, and each video's labelled pairs, so recall counts the
// pairs no rule proposed too. importer/sponsors/train.py learns from them. A video published or charted in the
// held-out months (July and August 2020) is marked so: scored, never learned from or tuned on.
import { heldOut } from '../corpus/holdout.ts';
import type { VideoFacts } from '../model.ts';
import { languageOf, matching, type SetLabel } from './eval.ts';
import { candidatesOf, FEATURES, keyOf } from './features.ts';
import type { MinedBrands } from './mined.ts';
import type { Registry } from './registry.ts';

export interface VideoRow {
  kind: 'video';
  set: string;
  videoId: string;
  channel: string;
  pairs: number;
  /** As eval-sponsors reports it: en, fr, de, es, pt or other. */
  language: string;
  heldOut: boolean;
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
  heldOut: boolean;
  values: number[];
  tokens: string[];
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
    const held = heldOut({ publishedAt: video.publishedAt, charted: video.seenOn ? [video.seenOn] : [] });
    rows.push({
      kind: 'video',
      set,
      videoId: video.videoId,
      channel,
      pairs: expected.size,
      language: languageOf(video),
      heldOut: held,
    });
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
        heldOut: held,
        values: FEATURES.map((f) => candidate.values[f] ?? 0),
        tokens: candidate.tokens,
      });
    }
  }
  return rows;
}
