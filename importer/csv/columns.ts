// Which header of an export holds which field. Exports name YouTube's fields in many ways (`publish_time`,
// `publishedAt`, `snippet.publishedAt`, `Suscribers`); headers are matched by their folded form against the aliases
// below, and a mapping file (`--mapping`) names the headers of any other layout.
import { z } from 'zod';
import { readJsonFile } from '../json-file.ts';

export const VIDEO_FIELDS = {
  videoId: ['video_id', 'videoId', 'id'],
  channelId: ['channel_id', 'channelId'],
  channelTitle: ['channel_title', 'channelTitle', 'channel', 'channel_name'],
  title: ['title', 'video_title'],
  description: ['description', 'videoDescription'],
  tags: ['tags', 'videoTags'],
  categoryId: ['category_id', 'categoryId', 'videoCategoryId'],
  publishedAt: [
    'publish_time',
    'publishedAt',
    'published_at',
    'publish_date',
    'upload_date',
    'published_time',
    'published_date',
    'publishedOn',
    'videoPublishedOn',
  ],
  views: ['views', 'viewCount', 'view_count'],
  likes: ['likes', 'likeCount', 'like_count'],
  comments: ['comment_count', 'commentCount', 'comments'],
  trendingDate: ['trending_date'],
  defaultLanguage: ['defaultLanguage', 'defaultAudioLanguage', 'default_language'],
} as const;

export const CHANNEL_FIELDS = {
  channelId: ['channelId', 'channel_id'],
  url: ['Links', 'url', 'channel_url', 'channelUrl', 'link'],
  title: ['Youtube Channel', 'Youtuber', 'channel_title', 'channelTitle', 'title', 'channel', 'channel_name', 'name'],
  handle: ['handle', 'Username', 'customUrl'],
  subscribers: ['subscribers', 'Suscribers', 'subscriberCount', 'subscriber_count', 'subs'],
  totalViews: ['Video Views', 'video_views', 'viewCount', 'total_views', 'views'],
  videoCount: ['Video Count', 'uploads', 'videoCount', 'video_count', 'videos'],
  category: ['category', 'Categories', 'topic', 'topicCategories'],
  /** Codes win over names: the global list has both `Country` (a name) and `Abbreviation` (its code). */
  country: ['Abbreviation', 'country_code', 'countryCode', 'country'],
  defaultLanguage: ['defaultLanguage', 'default_language', 'language'],
  description: ['description'],
  /** Per-video averages some lists give instead of videos. */
  avgViews: ['Visits', 'avg_views', 'average_views'],
  avgLikes: ['Likes', 'avg_likes'],
  avgComments: ['Comments', 'avg_comments'],
} as const;

export type VideoField = keyof typeof VIDEO_FIELDS;
export type ChannelField = keyof typeof CHANNEL_FIELDS;
export type Kind = 'videos' | 'channels';

const REQUIRED: { videos: VideoField[]; channels: ChannelField[] } = {
  videos: ['videoId', 'title', 'publishedAt'],
  channels: [],
};

/** `snippet.publishedAt`, `Publish Time` and `publish_time` all fold to `publishtime`/`publishedat`. */
const fold = (header: string) =>
  header
    .replace(/^.*\./, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

export const MappingFileSchema = z
  .object({
    videos: z.partialRecord(z.enum(Object.keys(VIDEO_FIELDS) as [VideoField]), z.string()),
    channels: z.partialRecord(z.enum(Object.keys(CHANNEL_FIELDS) as [ChannelField]), z.string()),
  })
  .partial()
  .strict();
export type MappingFile = z.infer<typeof MappingFileSchema>;

export function readMappingFile(file: string): MappingFile {
  return readJsonFile(file, MappingFileSchema, 'JSON mapping file');
}

/** For each field, the header that holds it in this file (absent when none does). */
export function columnsOf<F extends string>(
  kind: Kind,
  headers: string[],
  file: string,
  mapping: Partial<Record<F, string>> = {},
): Partial<Record<F, string>> {
  const fields = (kind === 'videos' ? VIDEO_FIELDS : CHANNEL_FIELDS) as unknown as Record<F, readonly string[]>;
  const byFolded = new Map<string, string>();
  for (const header of headers) if (!byFolded.has(fold(header))) byFolded.set(fold(header), header);
  const columns: Partial<Record<F, string>> = {};
  const taken = new Set<string>();
  for (const field of Object.keys(fields) as F[]) {
    const named = mapping[field];
    if (named !== undefined) {
      if (!headers.includes(named))
        throw new Error(`${file}: the mapping names column "${named}" for ${field}, which the header lacks`);
      columns[field] = named;
      taken.add(named);
      continue;
    }
    const header = fields[field]
      .map((alias) => byFolded.get(fold(alias)))
      .find((h) => h !== undefined && !taken.has(h));
    if (header !== undefined) {
      columns[field] = header;
      taken.add(header);
    }
  }
  const missing = (REQUIRED[kind] as string[]).filter((field) => columns[field as F] === undefined);
  if (kind === 'videos' && columns['channelId' as F] === undefined && columns['channelTitle' as F] === undefined)
    missing.push('channelId or channelTitle');
  if (kind === 'channels' && !['channelId', 'url', 'title', 'handle'].some((f) => columns[f as F] !== undefined))
    missing.push('a channel id, URL, title or handle');
  if (missing.length > 0)
    throw new Error(
      `${file}: no column for ${missing.join(', ')} among its headers (${headers.join(', ')}); name them with --mapping (docs/real-data.md)`,
    );
  return columns;
}
