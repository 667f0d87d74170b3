// The API's channel and video resources (the parts the importer asks for) to the importer's facts.
import type { Comment } from '../audience/estimate.ts';
import { type ChannelFacts, channelFacts, type VideoFacts } from '../model.ts';

export interface ChannelResource {
  id: string;
  snippet?: {
    title?: string;
    description?: string;
    customUrl?: string;
    country?: string;
    defaultLanguage?: string;
  };
  contentDetails?: { relatedPlaylists?: { uploads?: string } };
  statistics?: { viewCount?: string; subscriberCount?: string; hiddenSubscriberCount?: boolean; videoCount?: string };
  topicDetails?: { topicCategories?: string[] };
  brandingSettings?: {
    channel?: { keywords?: string; country?: string; defaultLanguage?: string; description?: string };
  };
}

export interface VideoResource {
  id: string;
  snippet?: {
    publishedAt?: string;
    channelId?: string;
    channelTitle?: string;
    title?: string;
    description?: string;
    tags?: string[];
    categoryId?: string;
    defaultLanguage?: string;
    defaultAudioLanguage?: string;
  };
  contentDetails?: { duration?: string };
  statistics?: { viewCount?: string; likeCount?: string; commentCount?: string };
  topicDetails?: { topicCategories?: string[] };
}

const number = (value: string | undefined) => (value === undefined || value === '' ? null : Number(value));
const language = (value: string | undefined) =>
  /^([a-z]{2})(?:[-_].*)?$/i.exec(value ?? '')?.[1]?.toLowerCase() ?? null;
/** `https://en.wikipedia.org/wiki/Action_game` → `Action_game`. */
const topic = (url: string) => decodeURIComponent(url.replace(/^.*\/wiki\//, ''));

/** `a "two words" b` → `a`, `two words`, `b`: brandingSettings' keywords. */
function keywords(text: string | undefined): string[] {
  return [...(text ?? '').matchAll(/"([^"]+)"|(\S+)/g)].map((m) => (m[1] ?? m[2]) as string);
}

/** `fetchedAt`: when the figures were read, the day of the creator's snapshot. */
export function channelFromResource(resource: ChannelResource, fetchedAt?: string): ChannelFacts {
  const { snippet = {}, statistics = {}, brandingSettings = {} } = resource;
  const handle = snippet.customUrl?.startsWith('@')
    ? snippet.customUrl
    : snippet.customUrl
      ? `@${snippet.customUrl}`
      : null;
  const country = snippet.country ?? brandingSettings.channel?.country;
  return {
    ...channelFacts(snippet.title || resource.id, 'youtube'),
    channelId: resource.id,
    handle: handle && /^@[A-Za-z0-9._-]{3,30}$/.test(handle) ? handle : null,
    description: snippet.description?.trim() || null,
    country: country && /^[A-Z]{2}$/i.test(country) ? country.toUpperCase() : null,
    defaultLanguage: language(snippet.defaultLanguage ?? brandingSettings.channel?.defaultLanguage),
    subscribers: statistics.hiddenSubscriberCount ? null : number(statistics.subscriberCount),
    subscribersHidden: statistics.hiddenSubscriberCount === true,
    totalViews: number(statistics.viewCount),
    videoCount: number(statistics.videoCount),
    categories: (resource.topicDetails?.topicCategories ?? []).map(topic),
    keywords: keywords(brandingSettings.channel?.keywords),
    readOn: fetchedAt?.slice(0, 10) ?? null,
  };
}

/** ISO 8601 durations as YouTube writes them: `PT4M13S`, `PT1H2M`, `P1DT2H`. */
export function durationSeconds(text: string | undefined): number | null {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(text ?? '');
  if (!match) return null;
  const [, d = '0', h = '0', m = '0', s = '0'] = match;
  return ((Number(d) * 24 + Number(h)) * 60 + Number(m)) * 60 + Number(s);
}

/** `fetchedAt`: when the figures were read; a later reading of the same video wins. */
export function videoFromResource(resource: VideoResource, fetchedAt: string): VideoFacts | null {
  const { snippet, statistics = {} } = resource;
  if (!snippet?.publishedAt || !snippet.channelId) return null;
  return {
    videoId: resource.id,
    channelId: snippet.channelId,
    channelTitle: snippet.channelTitle ?? null,
    title: snippet.title ?? '',
    description: snippet.description ?? '',
    tags: snippet.tags ?? [],
    categoryId: snippet.categoryId ?? null,
    topics: (resource.topicDetails?.topicCategories ?? []).map(topic),
    publishedAt: new Date(snippet.publishedAt).toISOString(),
    views: number(statistics.viewCount),
    likes: number(statistics.likeCount),
    comments: number(statistics.commentCount),
    durationSeconds: durationSeconds(resource.contentDetails?.duration),
    defaultLanguage: language(snippet.defaultLanguage ?? snippet.defaultAudioLanguage),
    seenOn: fetchedAt,
    source: 'youtube',
  };
}

/** A comment thread as commentThreads.list (part=snippet) answers; only its top-level comment is read. */
export interface CommentThreadResource {
  id: string;
  snippet?: {
    topLevelComment?: {
      id?: string;
      snippet?: {
        authorDisplayName?: string;
        authorChannelId?: { value?: string };
        textOriginal?: string;
        textDisplay?: string;
        moderationStatus?: string;
      };
    };
  };
}

/**
 * The thread's comment as the audience estimate reads it, or null for one that says nothing about a viewer: held
 * for review or rejected (hidden), or deleted (no author channel, no text).
 */
export function commentFromResource(resource: CommentThreadResource): Comment | null {
  const comment = resource.snippet?.topLevelComment?.snippet;
  const authorChannelId = comment?.authorChannelId?.value;
  const text = (comment?.textOriginal ?? comment?.textDisplay ?? '').trim();
  const status = comment?.moderationStatus ?? 'published';
  if (!comment || !authorChannelId || !text || status !== 'published') return null;
  return { authorChannelId, authorName: comment.authorDisplayName ?? '', text };
}
