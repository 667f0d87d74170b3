// A video as a source normalizes it (importer/model.ts), with only what a test is about filled in.
import type { VideoFacts } from '../../importer/model.ts';

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
