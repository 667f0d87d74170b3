// A fake YouTube Data API v3 for the importer's tests: channels.list (by id or forHandle, channels and commenters'
// channels alike), playlistItems.list with page tokens, videos.list, commentThreads.list across a channel's videos
// (held-for-review and deleted comments among them, comments turned off), in the documented response and error
// shapes, with a key check, a quota that runs out (403 quotaExceeded), and failures to inject (429, 5xx).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeVideo {
  id: string;
  title: string;
  description?: string;
  publishedAt: string;
  views: number;
  likes?: number;
  comments?: number;
  duration?: string;
  tags?: string[];
  categoryId?: string;
}

/** A top-level comment; without an author channel it is one whose author deleted their account. */
export interface FakeComment {
  id: string;
  author: string;
  authorChannelId?: string;
  text: string;
  publishedAt: string;
  /** Absent: published. Held-for-review and rejected ones are hidden from everyone but the owner. */
  moderationStatus?: 'heldForReview' | 'likelySpam' | 'rejected';
}

/** A commenter's own channel: all commentThreads' authors that channels.list can find. */
export interface FakeCommenter {
  id: string;
  title: string;
  country?: string;
}

export interface FakeChannel {
  id: string;
  handle?: string;
  title: string;
  description?: string;
  subscribers: number;
  hidden?: boolean;
  views: number;
  country?: string;
  defaultLanguage?: string;
  topics?: string[];
  keywords?: string;
  videos: FakeVideo[];
  comments?: FakeComment[];
  /** The channel turned comments off: commentThreads.list answers 403 commentsDisabled. */
  commentsDisabled?: boolean;
}

export interface Failure {
  method: 'channels' | 'playlistItems' | 'videos';
  status: number;
  times: number;
  retryAfter?: number;
}

export interface FakeYouTube {
  url: string;
  calls: { method: string; params: Record<string, string> }[];
  /** Units YouTube counted; the fake's own daily limit is `quotaLimit`. */
  units: number;
  channels: FakeChannel[];
  commenters: FakeCommenter[];
  quotaLimit: number;
  failures: Failure[];
  close(): Promise<void>;
}

const error = (code: number, reason: string, message: string) => ({
  error: { code, message, errors: [{ message, domain: 'youtube.api', reason }] },
});

export async function startFakeYouTube(options: {
  key: string;
  channels: FakeChannel[];
  commenters?: FakeCommenter[];
  quotaLimit?: number;
}): Promise<FakeYouTube> {
  const fake: Omit<FakeYouTube, 'url' | 'close'> = {
    calls: [],
    units: 0,
    channels: options.channels,
    commenters: options.commenters ?? [],
    quotaLimit: options.quotaLimit ?? Number.POSITIVE_INFINITY,
    failures: [],
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = url.pathname.split('/').at(-1) as string;
    const params = Object.fromEntries(url.searchParams);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
      response.end(JSON.stringify(body));
    };
    if (params.key !== options.key)
      return send(400, error(400, 'badRequest', 'API key not valid. Please pass a valid API key.'));
    fake.calls.push({ method, params: { ...params, key: '(key)' } });
    const failure = fake.failures.find((f) => f.method === method && f.times > 0);
    if (failure) {
      failure.times -= 1;
      return send(
        failure.status,
        error(failure.status, failure.status === 429 ? 'rateLimitExceeded' : 'backendError', 'try later'),
        failure.retryAfter ? { 'retry-after': String(failure.retryAfter) } : {},
      );
    }
    if (fake.units >= fake.quotaLimit)
      return send(
        403,
        error(403, 'quotaExceeded', 'The request cannot be completed because you have exceeded your quota.'),
      );
    fake.units += 1;
    if (method === 'channels') return send(200, channelsList(fake.channels, fake.commenters, params));
    if (method === 'commentThreads') {
      const channel = fake.channels.find((c) => c.id === params.allThreadsRelatedToChannelId);
      if (!channel) return send(404, error(404, 'channelNotFound', 'The channel could not be found.'));
      if (channel.commentsDisabled)
        return send(
          403,
          error(403, 'commentsDisabled', 'The video identified by the videoId parameter has disabled comments.'),
        );
      const newest = [...(channel.comments ?? [])].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
      const offset = params.pageToken ? Number(Buffer.from(params.pageToken, 'base64url').toString()) : 0;
      const size = Math.min(Number(params.maxResults ?? 20), 100);
      const next = offset + size < newest.length ? Buffer.from(String(offset + size)).toString('base64url') : undefined;
      return send(200, {
        kind: 'youtube#commentThreadListResponse',
        etag: 'e',
        ...(next && { nextPageToken: next }),
        pageInfo: { totalResults: newest.length, resultsPerPage: size },
        items: newest.slice(offset, offset + size).map((comment) => commentThread(channel, comment)),
      });
    }
    if (method === 'playlistItems') {
      const channel = fake.channels.find((c) => `UU${c.id.slice(2)}` === params.playlistId);
      if (!channel)
        return send(
          404,
          error(404, 'playlistNotFound', 'The playlist identified with the request could not be found.'),
        );
      const newest = [...channel.videos].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
      const offset = params.pageToken ? Number(Buffer.from(params.pageToken, 'base64url').toString()) : 0;
      const size = Math.min(Number(params.maxResults ?? 5), 50);
      const page = newest.slice(offset, offset + size);
      const next = offset + size < newest.length ? Buffer.from(String(offset + size)).toString('base64url') : undefined;
      return send(200, {
        kind: 'youtube#playlistItemListResponse',
        etag: 'e',
        ...(next && { nextPageToken: next }),
        items: page.map((v) => ({
          kind: 'youtube#playlistItem',
          etag: 'e',
          id: `pi-${v.id}`,
          contentDetails: { videoId: v.id, videoPublishedAt: v.publishedAt },
        })),
        pageInfo: { totalResults: newest.length, resultsPerPage: size },
      });
    }
    if (method === 'videos') {
      const ids = (params.id ?? '').split(',');
      const items = fake.channels.flatMap((c) =>
        c.videos.filter((v) => ids.includes(v.id)).map((v) => videoResource(c, v)),
      );
      return send(200, {
        kind: 'youtube#videoListResponse',
        etag: 'e',
        items,
        pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      });
    }
    return send(404, error(404, 'notFound', 'Not Found'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/youtube/v3`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

function channelsList(channels: FakeChannel[], commenters: FakeCommenter[], params: Record<string, string>) {
  const ids = (params.id ?? '').split(',');
  const found = params.forHandle
    ? channels.filter((c) => c.handle && c.handle.toLowerCase() === params.forHandle?.replace(/^@?/, '@').toLowerCase())
    : channels.filter((c) => ids.includes(c.id));
  const items = [
    ...found.map(channelResource),
    ...(params.forHandle ? [] : commenters.filter((c) => ids.includes(c.id)).map(commenterResource)),
  ];
  // Like the API, no `items` key at all when nothing matches.
  return {
    kind: 'youtube#channelListResponse',
    etag: 'e',
    pageInfo: { totalResults: items.length, resultsPerPage: 5 },
    ...(items.length > 0 && { items }),
  };
}

function commenterResource(c: FakeCommenter) {
  return {
    kind: 'youtube#channel',
    etag: 'e',
    id: c.id,
    snippet: {
      title: c.title,
      description: '',
      publishedAt: '2019-01-01T00:00:00Z',
      ...(c.country && { country: c.country }),
    },
  };
}

/** A thread as commentThreads.list (part=snippet) shows it; a deleted comment keeps no text and no author channel. */
function commentThread(channel: FakeChannel, comment: FakeComment) {
  return {
    kind: 'youtube#commentThread',
    etag: 'e',
    id: comment.id,
    snippet: {
      channelId: channel.id,
      videoId: channel.videos[0]?.id ?? 'v',
      topLevelComment: {
        kind: 'youtube#comment',
        etag: 'e',
        id: comment.id,
        snippet: {
          channelId: channel.id,
          videoId: channel.videos[0]?.id ?? 'v',
          textDisplay: comment.text,
          textOriginal: comment.text,
          authorDisplayName: comment.author,
          ...(comment.authorChannelId && { authorChannelId: { value: comment.authorChannelId } }),
          ...(comment.moderationStatus && { moderationStatus: comment.moderationStatus }),
          canRate: true,
          viewerRating: 'none',
          likeCount: 0,
          publishedAt: comment.publishedAt,
          updatedAt: comment.publishedAt,
        },
      },
      canReply: true,
      totalReplyCount: 0,
      isPublic: true,
    },
  };
}

function channelResource(c: FakeChannel) {
  return {
    kind: 'youtube#channel',
    etag: 'e',
    id: c.id,
    snippet: {
      title: c.title,
      description: c.description ?? '',
      ...(c.handle && { customUrl: c.handle.toLowerCase() }),
      publishedAt: '2015-01-01T00:00:00Z',
      ...(c.country && { country: c.country }),
      ...(c.defaultLanguage && { defaultLanguage: c.defaultLanguage }),
    },
    contentDetails: { relatedPlaylists: { likes: '', uploads: `UU${c.id.slice(2)}` } },
    statistics: {
      viewCount: String(c.views),
      ...(c.hidden ? {} : { subscriberCount: String(c.subscribers) }),
      hiddenSubscriberCount: c.hidden === true,
      videoCount: String(c.videos.length),
    },
    topicDetails: { topicCategories: (c.topics ?? []).map((t) => `https://en.wikipedia.org/wiki/${t}`) },
    brandingSettings: { channel: { title: c.title, ...(c.keywords && { keywords: c.keywords }) } },
  };
}

function videoResource(c: FakeChannel, v: FakeVideo) {
  return {
    kind: 'youtube#video',
    etag: 'e',
    id: v.id,
    snippet: {
      publishedAt: v.publishedAt,
      channelId: c.id,
      title: v.title,
      // A video without a description has an empty one.
      description: v.description ?? '',
      channelTitle: c.title,
      ...(v.tags && { tags: v.tags }),
      categoryId: v.categoryId ?? '22',
    },
    contentDetails: { duration: v.duration ?? 'PT8M30S' },
    statistics: { viewCount: String(v.views), likeCount: String(v.likes ?? 0), commentCount: String(v.comments ?? 0) },
  };
}
