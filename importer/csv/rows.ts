// One CSV row to the facts it states, through the file's columns (columns.ts) and the cell parsers (values.ts).
import { type ChannelFacts, channelFacts, parseChannelUrl, type VideoFacts } from '../model.ts';
import type { ChannelField, VideoField } from './columns.ts';
import { BadValue, count, countryCode, instant, label, tags, text, trendingDay } from './values.ts';

type Cells = Record<string, string>;

const cell = <F extends string>(cells: Cells, columns: Partial<Record<F, string>>, field: F) => {
  const header = columns[field];
  return header === undefined ? undefined : cells[header];
};

const HANDLE = /^@?([A-Za-z0-9._-]{3,30})$/;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;

export function videoFromRow(cells: Cells, columns: Partial<Record<VideoField, string>>, source: string): VideoFacts {
  const get = (field: VideoField) => cell(cells, columns, field);
  const videoId = label(get('videoId'));
  if (!videoId || !/^[A-Za-z0-9_-]{6,20}$/.test(videoId))
    throw new BadValue(`not a video id: ${JSON.stringify(get('videoId') ?? '')}`);
  const channelId = label(get('channelId'));
  if (channelId !== null && !CHANNEL_ID.test(channelId))
    throw new BadValue(`not a channel id: ${JSON.stringify(channelId)}`);
  const channelTitle = label(get('channelTitle'));
  if (channelId === null && channelTitle === null) throw new BadValue('neither a channel id nor a channel title');
  const publishedAt = instant(get('publishedAt'));
  if (publishedAt === null) throw new BadValue('no publish time');
  return {
    videoId,
    channelId,
    channelTitle,
    title: text(get('title')) ?? '',
    description: text(get('description')) ?? '',
    tags: tags(get('tags')),
    categoryId: label(get('categoryId')),
    topics: [],
    publishedAt,
    views: count(get('views')),
    likes: count(get('likes')),
    comments: count(get('comments')),
    durationSeconds: null,
    defaultLanguage: languageCode(get('defaultLanguage')),
    seenOn: trendingDay(get('trendingDate')),
    source,
  };
}

export function channelFromRow(
  cells: Cells,
  columns: Partial<Record<ChannelField, string>>,
  source: string,
): ChannelFacts {
  const get = (field: ChannelField) => cell(cells, columns, field);
  const fromUrl = parseChannelUrl(label(get('url')) ?? '');
  const channelId = label(get('channelId')) ?? fromUrl.channelId;
  if (channelId !== null && !CHANNEL_ID.test(channelId))
    throw new BadValue(`not a channel id: ${JSON.stringify(channelId)}`);
  const handleCell = label(get('handle'));
  const handle = fromUrl.handle ?? (handleCell && HANDLE.test(handleCell) ? `@${HANDLE.exec(handleCell)?.[1]}` : null);
  const title = label(get('title')) ?? handleCell ?? handle?.slice(1) ?? channelId;
  if (title === null) throw new BadValue('no channel title, handle or id');
  const category = label(get('category'));
  return {
    ...channelFacts(title, source),
    channelId,
    handle,
    description: text(get('description')),
    country: countryCode(get('country')),
    defaultLanguage: languageCode(get('defaultLanguage')),
    subscribers: count(get('subscribers')),
    totalViews: count(get('totalViews')),
    videoCount: count(get('videoCount')),
    avgViews: count(get('avgViews')),
    avgLikes: count(get('avgLikes')),
    avgComments: count(get('avgComments')),
    // A category cell that is a URL is a scraping artefact (30 rows of the shared top-1000 list), not a category.
    categories: category && !/^https?:/i.test(category) ? [category] : [],
  };
}

/** ISO 639-1 from `en`, `en-US`, `fr_FR`; anything else is no language. */
function languageCode(cell: string | undefined): string | null {
  const value = label(cell)?.toLowerCase();
  const match = value ? /^([a-z]{2})(?:[-_][a-z0-9]+)?$/.exec(value) : null;
  return match?.[1] ?? null;
}
