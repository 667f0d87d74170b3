// `npm run import -- youtube --channels <file>`: each listed channel (id, @handle or channel URL), its uploads
// playlist, and its latest videos, fetched within a quota budget. Everything fetched is kept under
// <out>/.youtube/ with a checkpoint after every page, so a run stopped by the quota (ours or YouTube's) resumes where
// it stopped, a re-run with --since refreshes, and the dataset is always built from everything fetched so far.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { appendFile, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Comment, CommentSample } from '../audience/estimate.ts';
import type { Catalog } from '../catalog.ts';
import { parseChannelUrl } from '../model.ts';
import { QuotaExhausted, YouTubeClient, YouTubeError } from './client.ts';
import {
  type ChannelResource,
  type CommentThreadResource,
  channelFromResource,
  commentFromResource,
  type VideoResource,
  videoFromResource,
} from './resources.ts';

export interface ChannelInput {
  input: string;
  line: number;
  id: string | null;
  handle: string | null;
}

type Status = 'pending' | 'videos' | 'done' | 'unknown';
interface ChannelState {
  status: Status;
  channelId?: string;
  uploads?: string;
  pageToken?: string;
  fetched: number;
  since?: string;
  /** When its statistics were last read (a refresh included). */
  fetchedAt?: string;
  /** When its comment sample was last read (--comments): once per read of its statistics. */
  commentsAt?: string;
}
interface State {
  /** YouTube's quota day (it resets at midnight Pacific time) and the units spent in it. */
  quotaDay: string;
  unitsUsed: number;
  channels: Record<string, ChannelState>;
}

export interface YouTubeImport {
  channelsFile: string;
  out: string;
  key: string;
  baseUrl?: string;
  budget: number;
  videosPerChannel: number;
  since?: string;
  /** --refresh-older-than: refresh every channel last read longer ago than this, the stalest first. */
  refreshOlderThanMs?: number;
  /** --comments: read up to this many of each channel's latest public comments, and their authors' channels. */
  comments?: number;
  /** Tests shorten the back-off, and move the clock to import a day later. */
  backoffMs?: number;
  now?: () => Date;
  onChannel?: (done: number, total: number) => void;
}

export interface YouTubeResult {
  channels: number;
  done: number;
  unknown: string[];
  pending: number;
  stoppedByQuota: string | null;
  unitsUsed: number;
  budget: number;
  /** With refreshOlderThanMs: channels still older than the window (or never read) after this run. */
  stale?: number;
}

/** The channels file: one channel id, @handle or channel URL per line; blank lines and # comments are skipped. */
export function readChannelInputs(file: string): ChannelInput[] {
  const inputs: ChannelInput[] = [];
  for (const [index, raw] of readFileSync(file, 'utf8').split(/\r?\n/).entries()) {
    const input = raw.replace(/#.*$/, '').trim();
    if (input === '') continue;
    const fromUrl = parseChannelUrl(input);
    const id = /^UC[A-Za-z0-9_-]{22}$/.test(input) ? input : fromUrl.channelId;
    const handle = /^@[A-Za-z0-9._-]{3,30}$/.test(input) ? input : fromUrl.handle;
    if (!id && !handle)
      throw new Error(
        `${file}:${index + 1}: "${input}" is not a channel id (UC…), an @handle or a youtube.com/channel/… or youtube.com/@… URL` +
          (/youtube\.com\/(?:c|user)\//.test(input)
            ? ' (custom /c/ and /user/ URLs need search.list, 100 units each: use the channel’s id or handle)'
            : ''),
      );
    inputs.push({ input, line: index + 1, id, handle });
  }
  if (inputs.length === 0) throw new Error(`${file}: no channels listed`);
  return inputs;
}

/** When a channel's statistics were last read, in ms; 0 when never (or before reads were dated). */
const readAt = (channel: ChannelState) => (channel.fetchedAt ? Date.parse(channel.fetchedAt) : 0);

/** The date in YouTube's quota clock (Pacific time), as YYYY-MM-DD. */
const quotaDay = (now = new Date()) => now.toLocaleDateString('en-CA', { timeZone: 'America/Los_Angeles' });

export class YouTubeImporter {
  private readonly dir: string;
  private state!: State;

  constructor(private readonly options: YouTubeImport) {
    this.dir = path.join(options.out, '.youtube');
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async run(): Promise<YouTubeResult> {
    const listed = readChannelInputs(this.options.channelsFile);
    const window = this.options.refreshOlderThanMs;
    const cutoff = window === undefined ? undefined : this.now().getTime() - window;
    await mkdir(this.dir, { recursive: true });
    this.state = this.loadState();
    const today = quotaDay(this.now());
    if (this.state.quotaDay !== today) this.state = { ...this.state, quotaDay: today, unitsUsed: 0 };
    for (const { input } of listed) {
      const channel = this.state.channels[input] ?? { status: 'pending', fetched: 0 };
      // --since refreshes a finished channel once per date: its statistics and the videos published since then.
      if (this.options.since && channel.status === 'done' && channel.since !== this.options.since)
        Object.assign(channel, { status: 'pending', fetched: 0, since: this.options.since, pageToken: undefined });
      // --refresh-older-than: a channel read before the cutoff, for its statistics and the videos since that read.
      if (cutoff !== undefined && channel.status === 'done' && readAt(channel) < cutoff)
        Object.assign(channel, { status: 'pending', fetched: 0, since: channel.fetchedAt, pageToken: undefined });
      this.state.channels[input] = channel;
    }
    // The stalest first (never read before all), so a quota that runs out leaves the freshest for the next run.
    const inputs =
      cutoff === undefined
        ? listed
        : [...listed].sort((a, b) => readAt(this.channel(a.input)) - readAt(this.channel(b.input)));
    const quota = { budget: this.options.budget, used: this.state.unitsUsed };
    const client = new YouTubeClient({
      key: this.options.key,
      quota,
      ...(this.options.baseUrl && { baseUrl: this.options.baseUrl }),
      ...(this.options.backoffMs !== undefined && { backoffMs: this.options.backoffMs }),
    });
    let stoppedByQuota: string | null = null;
    try {
      await this.resolve(client, inputs);
      for (const [n, { input }] of inputs.entries()) {
        await this.videos(client, input);
        await this.comments(client, input);
        this.options.onChannel?.(n + 1, inputs.length);
      }
    } catch (error) {
      if (!(error instanceof QuotaExhausted)) throw error;
      stoppedByQuota = error.message;
    } finally {
      this.state.unitsUsed = quota.used;
      await this.saveState();
    }
    const states = inputs.map(({ input }) => this.state.channels[input] as ChannelState);
    return {
      channels: inputs.length,
      done: states.filter((s) => s.status === 'done').length,
      unknown: inputs.filter(({ input }) => this.state.channels[input]?.status === 'unknown').map((i) => i.input),
      pending: states.filter((s) => s.status === 'pending' || s.status === 'videos').length,
      stoppedByQuota,
      unitsUsed: quota.used,
      budget: quota.budget,
      ...(cutoff !== undefined && {
        stale: states.filter((s) => s.status !== 'unknown' && (s.status !== 'done' || readAt(s) < cutoff)).length,
      }),
    };
  }

  /** Channel resources for pending inputs: ids 50 to a call, handles one each (forHandle takes one). */
  private async resolve(client: YouTubeClient, inputs: ChannelInput[]): Promise<void> {
    const pending = inputs.filter(({ input }) => this.state.channels[input]?.status === 'pending');
    const byId = pending.filter((i) => i.id);
    for (let at = 0; at < byId.length; at += 50) {
      const batch = byId.slice(at, at + 50);
      const answer = await client.list<{ items?: ChannelResource[] }>('channels', {
        part: CHANNEL_PARTS,
        id: batch.map((i) => i.id).join(','),
        maxResults: 50,
      });
      const found = new Map((answer.items ?? []).map((c) => [c.id, c]));
      for (const input of batch) await this.resolved(input, found.get(input.id as string));
    }
    for (const input of pending.filter((i) => !i.id)) {
      const answer = await client.list<{ items?: ChannelResource[] }>('channels', {
        part: CHANNEL_PARTS,
        forHandle: input.handle as string,
      });
      await this.resolved(input, answer.items?.[0]);
    }
  }

  private async resolved(input: ChannelInput, resource: ChannelResource | undefined): Promise<void> {
    const channel = this.state.channels[input.input] as ChannelState;
    if (!resource) {
      channel.status = 'unknown';
    } else {
      const fetchedAt = this.now().toISOString();
      await appendFile(path.join(this.dir, 'channels.ndjson'), `${JSON.stringify({ fetchedAt, resource })}\n`);
      Object.assign(channel, {
        fetchedAt,
        status: 'videos',
        channelId: resource.id,
        uploads: resource.contentDetails?.relatedPlaylists?.uploads,
      });
    }
    await this.saveState();
  }

  /** The channel's uploads, newest first, a page at a time, until enough, older than --since, or the end. */
  private async videos(client: YouTubeClient, input: string): Promise<void> {
    const channel = this.state.channels[input] as ChannelState;
    if (channel.status !== 'videos') return;
    const since = channel.since ?? this.options.since;
    while (channel.fetched < this.options.videosPerChannel && channel.uploads) {
      let page: {
        items?: { contentDetails?: { videoId?: string; videoPublishedAt?: string } }[];
        nextPageToken?: string;
      };
      try {
        page = await client.list('playlistItems', {
          part: 'contentDetails',
          playlistId: channel.uploads,
          maxResults: Math.min(50, this.options.videosPerChannel - channel.fetched),
          ...(channel.pageToken && { pageToken: channel.pageToken }),
        });
      } catch (error) {
        // A channel without uploads has no playlist to list.
        if (error instanceof YouTubeError && error.status === 404) break;
        throw error;
      }
      const items = (page.items ?? []).filter((i) => i.contentDetails?.videoId);
      const fresh = since ? items.filter((i) => (i.contentDetails?.videoPublishedAt ?? '') >= since) : items;
      if (fresh.length > 0) {
        const answer = await client.list<{ items?: VideoResource[] }>('videos', {
          part: 'snippet,statistics,contentDetails,topicDetails',
          id: fresh.map((i) => i.contentDetails?.videoId).join(','),
          maxResults: 50,
        });
        const fetchedAt = this.now().toISOString();
        const lines = (answer.items ?? []).map((resource) => JSON.stringify({ fetchedAt, resource }));
        if (lines.length > 0) await appendFile(path.join(this.dir, 'videos.ndjson'), `${lines.join('\n')}\n`);
      }
      channel.fetched += fresh.length;
      channel.pageToken = page.nextPageToken;
      await this.saveState();
      if (!page.nextPageToken || fresh.length < items.length) break;
    }
    channel.status = 'done';
    channel.pageToken = undefined;
    await this.saveState();
  }

  /**
   * The channel's latest top-level comments (commentThreads.list across its videos, 100 a call) up to --comments,
   * the published ones only, then each commenter's channel: the country it declares and its title (channels.list,
   * 50 a call). Saved
   * whole when done: a run stopped by the quota reads the sample again next time.
   */
  private async comments(client: YouTubeClient, input: string): Promise<void> {
    const wanted = this.options.comments;
    const channel = this.channel(input);
    if (!wanted || channel.status !== 'done' || !channel.channelId) return;
    if (channel.commentsAt && channel.fetchedAt && channel.commentsAt >= channel.fetchedAt) return;
    const comments: Comment[] = [];
    let pageToken: string | undefined;
    try {
      do {
        const page: { items?: CommentThreadResource[]; nextPageToken?: string } = await client.list('commentThreads', {
          part: 'snippet',
          allThreadsRelatedToChannelId: channel.channelId,
          maxResults: 100,
          order: 'time',
          textFormat: 'plainText',
          ...(pageToken && { pageToken }),
        });
        for (const item of page.items ?? []) {
          const comment = commentFromResource(item);
          if (comment && comments.length < wanted) comments.push(comment);
        }
        pageToken = page.nextPageToken;
      } while (pageToken && comments.length < wanted);
    } catch (error) {
      // Comments turned off, or a channel without any: an empty sample, not a failed import.
      if (!(error instanceof YouTubeError && (error.status === 403 || error.status === 404))) throw error;
    }
    const authors = [...new Set(comments.map((c) => c.authorChannelId))];
    const commenters: CommentSample['commenters'] = {};
    for (let at = 0; at < authors.length; at += 50) {
      const batch = authors.slice(at, at + 50);
      const answer = await client.list<{ items?: ChannelResource[] }>('channels', {
        part: 'snippet',
        id: batch.join(','),
        maxResults: 50,
      });
      for (const id of batch) commenters[id] = { country: null, title: null };
      for (const item of answer.items ?? [])
        commenters[item.id] = {
          country: item.snippet?.country?.toUpperCase() ?? null,
          title: item.snippet?.title ?? null,
        };
    }
    const fetchedAt = this.now().toISOString();
    const sample: CommentSample & { channelId: string } = {
      channelId: channel.channelId,
      fetchedAt,
      comments,
      commenters,
    };
    await appendFile(path.join(this.dir, 'comments.ndjson'), `${JSON.stringify(sample)}\n`);
    channel.commentsAt = fetchedAt;
    await this.saveState();
  }

  private channel(input: string): ChannelState {
    return this.state.channels[input] as ChannelState;
  }

  private loadState(): State {
    const file = path.join(this.dir, 'state.json');
    if (!existsSync(file)) return { quotaDay: quotaDay(), unitsUsed: 0, channels: {} };
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as State;
    } catch (error) {
      throw new Error(`${file}: unreadable checkpoint (${(error as Error).message}); remove it to start over`);
    }
  }

  private async saveState(): Promise<void> {
    const file = path.join(this.dir, 'state.json');
    await writeFile(`${file}.partial`, JSON.stringify(this.state, null, 1));
    await rename(`${file}.partial`, file);
  }
}

const CHANNEL_PARTS = 'snippet,statistics,topicDetails,brandingSettings,contentDetails';

/** Everything fetched so far (this run and earlier ones) into the catalog: the latest reading of each wins. */
export async function loadFetched(out: string, catalog: Catalog): Promise<void> {
  const dir = path.join(out, '.youtube');
  const channels = new Map<string, { fetchedAt: string; resource: ChannelResource }>();
  for await (const fetched of lines<{ fetchedAt: string; resource: ChannelResource }>(
    path.join(dir, 'channels.ndjson'),
  ))
    channels.set(fetched.resource.id, fetched);
  for (const { fetchedAt, resource } of channels.values())
    catalog.addChannel(channelFromResource(resource, fetchedAt), 'youtube');
  for await (const { fetchedAt, resource } of lines<{ fetchedAt: string; resource: VideoResource }>(
    path.join(dir, 'videos.ndjson'),
  )) {
    const video = videoFromResource(resource, fetchedAt);
    if (video) catalog.addVideo(video, 'youtube');
  }
  // The latest sample of each channel's comments (--comments).
  const samples = new Map<string, CommentSample>();
  for await (const { channelId, ...sample } of lines<CommentSample & { channelId: string }>(
    path.join(dir, 'comments.ndjson'),
  ))
    samples.set(channelId, sample);
  for (const [channelId, sample] of samples) catalog.addComments(channelId, sample);
}

async function* lines<T>(file: string): AsyncGenerator<T> {
  if (!existsSync(file)) return;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY }))
    if (line.trim() !== '') yield JSON.parse(line) as T;
}
