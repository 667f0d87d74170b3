// Everything the sources said, merged per channel and per video, in memory that grows with the number of distinct
// channels and videos, never with rows (a video trending on ten days is one video). A channel seen in several
// sources is one creator when they share its channel id, or, without one, the same folded name on both sides
// (an ambiguous name stays apart). A video is read for sponsors when first seen and again only if its text changed.
import { createHash } from 'node:crypto';
import type { CommentSample } from './audience/estimate.ts';
import { identifyLanguage } from './enrich/language.ts';
import type { NicheRules } from './enrich/niches.ts';
import {
  type ChannelFacts,
  channelFacts,
  foldName,
  type LinkKind,
  VIDEO_CATEGORIES,
  type VideoFacts,
} from './model.ts';
import { type Detector, type ScoredFinding, sponsorsOf } from './sponsors/find.ts';

/** What is kept of a video: its figures, its date and what it disclosed. */
export interface VideoState {
  videoId: string;
  title: string;
  publishedAt: string;
  views: number | null;
  likes: number | null;
  comments: number | null;
  durationSeconds: number | null;
  seenOn: string | null;
  digest: string;
  /** What the detector found, each with its confidence, down to the least it keeps. */
  sponsors: ScoredFinding[];
}

export interface ChannelEntry {
  /** Stable across imports: the channel id, or `title:` and the folded title (`#2` for a second of that name). */
  key: string;
  facts: ChannelFacts;
  /** The sources (files) that described it; a second channel of one name in the same source stays apart. */
  sources: Set<string>;
  videos: Map<string, VideoState>;
  /** Niche points from the channel itself; how many of its videos point to each niche; its text, for its language. */
  niches: Map<string, number>;
  videoNiches: Map<string, { category: number; words: number }>;
  text: string;
  /** Links to the creator's social accounts found in its videos, with how many videos carry each. */
  links: Map<string, { kind: LinkKind; count: number }>;
  /** How many of its videos carry each tag (folded). */
  tags: Map<string, number>;
  /** Its latest comment sample (the YouTube import's --comments), for the audience estimate. */
  comments?: CommentSample;
}

const TEXT_SAMPLE = 1500;
const SOCIAL: [LinkKind, RegExp][] = [
  ['instagram', /https?:\/\/(?:www\.)?instagram\.com\/[A-Za-z0-9._]{2,30}\/?(?=[\s)"'»,]|$)/gi],
  ['twitter', /https?:\/\/(?:www\.|mobile\.)?twitter\.com\/[A-Za-z0-9_]{2,15}\/?(?=[\s)"'»,]|$)/gi],
  ['tiktok', /https?:\/\/(?:www\.)?tiktok\.com\/@[A-Za-z0-9._]{2,24}\/?(?=[\s)"'»,]|$)/gi],
];

export class Catalog {
  private readonly byId = new Map<string, ChannelEntry>();
  private readonly byName = new Map<string, ChannelEntry[]>();
  private readonly keys = new Set<string>();
  /** Which channel each video belongs to, and which channel videos with a given channel title belong to. */
  private readonly videoChannel = new Map<string, ChannelEntry>();
  private readonly byVideoTitle = new Map<string, ChannelEntry>();
  videoRows = 0;
  channelRows = 0;

  constructor(
    private readonly detector: Detector,
    private readonly niches: NicheRules,
  ) {}

  get channels(): ChannelEntry[] {
    return [...new Set([...this.byId.values(), ...[...this.byName.values()].flat()])];
  }

  get rows(): number {
    return this.videoRows + this.channelRows;
  }

  get videoCount(): number {
    return this.videoChannel.size;
  }

  /** A channel as one source (`source`, a file or `youtube`) describes it. */
  addChannel(facts: ChannelFacts, source: string): ChannelEntry {
    this.channelRows += 1;
    const entry = this.match(facts.channelId, facts.title, source) ?? this.create(facts, source);
    if (entry.facts !== facts) merge(entry.facts, facts);
    entry.sources.add(source);
    if (facts.channelId) this.byId.set(facts.channelId, entry);
    for (const category of facts.categories)
      this.score(entry, this.niches.category(category), this.niches.weights.channelCategory);
    for (const niche of this.niches.wordsIn(`${facts.title} ${facts.description ?? ''} ${facts.keywords.join(' ')}`))
      this.score(entry, niche, this.niches.weights.channelWord);
    if (facts.description) this.sample(entry, facts.description);
    return entry;
  }

  /** A reading of a video (a row of an export, or the API's answer). */
  addVideo(video: VideoFacts, source: string): void {
    this.videoRows += 1;
    const known = this.videoChannel.get(video.videoId);
    const entry = known ?? this.channelOfVideo(video, source);
    const digest = createHash('sha1').update(video.title).update('\u0000').update(video.description).digest('base64');
    const before = entry.videos.get(video.videoId);
    if (before && (before.seenOn ?? '') > (video.seenOn ?? '')) return;
    const sponsors =
      before?.digest === digest
        ? before.sponsors
        : sponsorsOf(video, { title: entry.facts.title, handle: entry.facts.handle }, this.detector);
    if (!before) this.firstReading(entry, video);
    entry.videos.set(video.videoId, {
      videoId: video.videoId,
      title: video.title,
      publishedAt: video.publishedAt,
      views: video.views,
      likes: video.likes,
      comments: video.comments,
      durationSeconds: video.durationSeconds,
      seenOn: video.seenOn,
      digest,
      sponsors,
    });
    this.videoChannel.set(video.videoId, entry);
  }

  /** A channel's comment sample; a channel the catalog does not hold is skipped. */
  addComments(channelId: string, sample: CommentSample): void {
    const entry = this.byId.get(channelId);
    if (entry) entry.comments = sample;
  }

  /** The language a channel declares, else the one its text is written in. */
  languageOf(entry: ChannelEntry): string | null {
    return entry.facts.defaultLanguage ?? identifyLanguage(entry.text);
  }

  /** A video counts once towards each niche its category or topics map to, and each its title and tags name. */
  private firstReading(entry: ChannelEntry, video: VideoFacts): void {
    const category = video.categoryId ? (VIDEO_CATEGORIES[video.categoryId] ?? null) : null;
    const byCategory = new Set([category, ...video.topics].map((c) => (c ? this.niches.category(c) : null)));
    for (const niche of byCategory) if (niche) this.count(entry, niche, 'category');
    for (const niche of this.niches.wordsIn(`${video.title} ${video.tags.join(' ')}`))
      this.count(entry, niche, 'words');
    for (const tag of new Set(video.tags.map((t) => t.trim().toLowerCase()).filter(Boolean)))
      entry.tags.set(tag, (entry.tags.get(tag) ?? 0) + 1);
    if (!entry.facts.defaultLanguage && video.defaultLanguage) entry.facts.defaultLanguage = video.defaultLanguage;
    this.sample(entry, `${video.title}. ${video.description.slice(0, 300)}`);
    for (const [kind, pattern] of SOCIAL) {
      for (const url of new Set(video.description.match(pattern) ?? [])) {
        const key = url.toLowerCase().replace(/\/$/, '').replace('://www.', '://').replace('://mobile.', '://');
        const seen = entry.links.get(key) ?? { kind, count: 0 };
        seen.count += 1;
        entry.links.set(key, seen);
      }
    }
  }

  private score(entry: ChannelEntry, niche: string | null, points: number): void {
    if (niche) entry.niches.set(niche, (entry.niches.get(niche) ?? 0) + points);
  }

  private count(entry: ChannelEntry, niche: string, kind: 'category' | 'words'): void {
    const counts = entry.videoNiches.get(niche) ?? { category: 0, words: 0 };
    counts[kind] += 1;
    entry.videoNiches.set(niche, counts);
  }

  /**
   * A channel's niche scores: its own points, plus each niche's share of its videos times the video weights, so a
   * channel with many videos does not outweigh what its channel list says.
   */
  nicheScores(entry: ChannelEntry): Map<string, number> {
    const { videoCategory, word } = this.niches.weights;
    const scores = new Map(entry.niches);
    const videos = Math.max(entry.videos.size, 1);
    for (const [niche, counts] of entry.videoNiches)
      scores.set(niche, (scores.get(niche) ?? 0) + (videoCategory * counts.category + word * counts.words) / videos);
    return scores;
  }

  private sample(entry: ChannelEntry, text: string): void {
    if (entry.text.length < TEXT_SAMPLE) entry.text = `${entry.text} ${text}`.slice(0, TEXT_SAMPLE);
  }

  /** The channel an id or a name from another source already names; undefined when none, or when ambiguous. */
  private match(channelId: string | null, title: string, source: string): ChannelEntry | undefined {
    if (channelId) {
      const byId = this.byId.get(channelId);
      if (byId) return byId;
    }
    const folded = foldName(title);
    if (!folded) return undefined;
    // Two rows of one channel list with the same name are two channels (the shared top-1000 list has one pair).
    const named = (this.byName.get(folded) ?? []).filter(
      (e) => !e.sources.has(source) && (!channelId || !e.facts.channelId),
    );
    return named.length === 1 ? named[0] : undefined;
  }

  /**
   * A video's channel: by its id; else the channel earlier videos of that channel title went to; else the one
   * channel of that name a channel list gave; else a new channel, seen only through its videos.
   */
  private channelOfVideo(video: VideoFacts, source: string): ChannelEntry {
    if (video.channelId) {
      const byId = this.byId.get(video.channelId);
      if (byId) return byId;
    }
    const folded = foldName(video.channelTitle ?? '');
    let entry = folded ? this.byVideoTitle.get(folded) : undefined;
    if (!entry) {
      const named = (this.byName.get(folded) ?? []).filter((e) => !video.channelId || !e.facts.channelId);
      entry = named.length === 1 ? named[0] : undefined;
    }
    if (!entry) {
      const title = video.channelTitle ?? video.channelId ?? 'unknown';
      entry = this.create({ ...channelFacts(title, source), channelId: video.channelId }, source);
    }
    if (video.channelId && !entry.facts.channelId) entry.facts.channelId = video.channelId;
    if (video.channelId) this.byId.set(video.channelId, entry);
    if (folded) this.byVideoTitle.set(folded, entry);
    return entry;
  }

  private create(facts: ChannelFacts, source: string): ChannelEntry {
    const folded = foldName(facts.title) || foldName(facts.channelId ?? '');
    let key = facts.channelId ?? `title:${folded}`;
    for (let n = 2; this.keys.has(key); n += 1) key = `${facts.channelId ?? `title:${folded}`}#${n}`;
    this.keys.add(key);
    const entry: ChannelEntry = {
      key,
      facts,
      sources: new Set([source]),
      videos: new Map(),
      niches: new Map(),
      videoNiches: new Map(),
      text: '',
      links: new Map(),
      tags: new Map(),
    };
    this.byName.set(folded, [...(this.byName.get(folded) ?? []), entry]);
    return entry;
  }
}

/** Fills what the first source left empty from a later one: earlier sources win. */
function merge(into: ChannelFacts, from: ChannelFacts): void {
  const target = into as unknown as Record<string, unknown>;
  for (const [field, value] of Object.entries(from)) {
    if (field === 'categories' || field === 'keywords') continue;
    if ((target[field] === null || target[field] === undefined) && value !== null) target[field] = value;
  }
  into.categories = [...new Set([...into.categories, ...from.categories])];
  into.keywords = [...new Set([...into.keywords, ...from.keywords])];
  into.links = { ...from.links, ...into.links };
  into.subscribersHidden ||= from.subscribersHidden;
}
