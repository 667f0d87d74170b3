// A video as a source normalizes it (importer/model.ts), with only what a test is about filled in.
import type { VideoFacts } from '../../importer/model.ts';
import type { Label } from '../../importer/sponsors/eval.ts';

export const videoFacts = (videoId: string, fields: Partial<VideoFacts> = {}): VideoFacts => ({
  videoId,
  channelId: null,
  channelTitle: 'Some Creator',
  title: 'A video',
  description: '',
  tags: [],
  categoryId: null,
  topics: [],
  publishedAt: '2024-01-01T00:00:00Z',
  views: null,
  likes: null,
  comments: null,
  durationSeconds: null,
  defaultLanguage: null,
  seenOn: null,
  source: 'test',
  ...fields,
});

/** A fresh set's label of a video: the sponsors a reader named, each with its name as the text. */
export const label = (videoId: string, names: string[]): Label => ({
  videoId,
  file: 'US',
  split: 'fresh',
  sponsors: names.map((name) => ({ name, text: name })),
  note: '',
});
