// The rows of every source folded into one record per distinct video: the copy with the longest description gives
// the text (scrapers cut or strip descriptions, so the longest is the most whole), and the chart days, regions and
// sources of every copy are kept, so the hold-out can see every day a video charted.
import { foldName } from '../model.ts';
import type { CorpusRow } from './records.ts';

/** One line of the corpus file. */
export interface CorpusVideo {
  videoId: string;
  channelId: string | null;
  channelTitle: string;
  title: string;
  description: string;
  tags: string[];
  publishedAt: string;
  /** Days it charted, YYYY-MM-DD, sorted; empty for a video known only from an upload list. */
  charted: string[];
  regions: string[];
  /** Indexes into the manifest's sources. */
  sources: number[];
}

const addSorted = <T>(list: T[], value: T) => {
  if (!list.includes(value)) list.push(value);
  list.sort();
};

export class CorpusMerge {
  readonly videos = new Map<string, CorpusVideo>();

  add({ video, region, charted }: CorpusRow, source: number): void {
    let merged = this.videos.get(video.videoId);
    if (!merged) {
      merged = {
        videoId: video.videoId,
        channelId: video.channelId,
        channelTitle: video.channelTitle ?? '',
        title: video.title,
        description: video.description,
        tags: video.tags,
        publishedAt: video.publishedAt,
        charted: [],
        regions: [],
        sources: [],
      };
      this.videos.set(video.videoId, merged);
    } else {
      if (video.description.length > merged.description.length)
        Object.assign(merged, {
          title: video.title || merged.title,
          description: video.description,
          // A copy without tags (the 2021 pulls wrote `[None]` in every row) keeps the tags another copy gave.
          tags: video.tags.length > 0 ? video.tags : merged.tags,
        });
      merged.channelId ??= video.channelId;
      if (merged.channelTitle === '') merged.channelTitle = video.channelTitle ?? '';
    }
    if (charted) addSorted(merged.charted, charted);
    if (region) addSorted(merged.regions, region);
    if (!merged.sources.includes(source)) merged.sources.push(source);
  }
}

/**
 * Each video's channel as one key: its channel id; without one (the datasnaek files), the id that its folded title
 * has everywhere else in the corpus when that is exactly one id, else `title:<folded title>`.
 */
export function channelKeys(videos: Iterable<CorpusVideo>): Map<string, string> {
  const list = [...videos];
  const idsByTitle = new Map<string, Set<string>>();
  for (const video of list) {
    if (!video.channelId) continue;
    const folded = foldName(video.channelTitle);
    const ids = idsByTitle.get(folded) ?? new Set();
    ids.add(video.channelId);
    idsByTitle.set(folded, ids);
  }
  const keys = new Map<string, string>();
  for (const video of list) {
    const folded = foldName(video.channelTitle);
    const ids = idsByTitle.get(folded);
    const only = ids?.size === 1 ? [...ids][0] : undefined;
    keys.set(video.videoId, video.channelId ?? only ?? `title:${folded}`);
  }
  return keys;
}
