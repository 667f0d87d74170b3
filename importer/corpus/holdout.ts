// What the corpus must never hold. July and August 2020 are held out to measure issue 52's detector: a video
// published then, or charted on any day then (a video charted in June and again in July included), is dropped. So is
// every labelled evaluation video, so mining never reads an evaluation video's text.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { LABELS_FILE, readLabels } from '../sponsors/eval.ts';

export const HOLD_OUT = { from: '2020-07-01', to: '2020-08-31' } as const;

const inHoldOut = (day: string) => day >= HOLD_OUT.from && day <= HOLD_OUT.to;

/** Published or charted in the held-out months (days compared in UTC, as the sources write them). */
export function heldOut(video: { publishedAt: string; charted: readonly string[] }): boolean {
  return inHoldOut(video.publishedAt.slice(0, 10)) || video.charted.some(inHoldOut);
}

/** The labelled sets: relevance/sponsors/labels.jsonl and every file of relevance/sponsors/fresh/. */
export function labelFiles(): string[] {
  const fresh = path.join(path.dirname(LABELS_FILE), 'fresh');
  return [
    LABELS_FILE,
    ...readdirSync(fresh)
      .filter((name) => name.endsWith('.jsonl'))
      .sort()
      .map((name) => path.join(fresh, name)),
  ];
}

export function labelledVideoIds(files = labelFiles()): Set<string> {
  return new Set(files.flatMap((file) => readLabels(file).map((label) => label.videoId)));
}
