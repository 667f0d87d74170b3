// What every source (the YouTube Data API, CSV exports) is normalized to before enrichment: a channel and a video
// as one source saw them. A figure a source lacks is null, never a guess; docs/real-data.md says how each gap is
// filled when the creator is written.

export type LinkKind = 'instagram' | 'twitter' | 'tiktok' | 'website';

export interface ChannelFacts {
  /** `UC` + 22 characters, when the source knows it. */
  channelId: string | null;
  /** With its `@`. */
  handle: string | null;
  title: string;
  description: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  /** ISO 639-1, as the channel declares it. */
  defaultLanguage: string | null;
  subscribers: number | null;
  /** The channel hides its subscriber count (YouTube's `hiddenSubscriberCount`). */
  subscribersHidden: boolean;
  totalViews: number | null;
  videoCount: number | null;
  /** Per-video averages a channel list gives in place of videos. */
  avgViews: number | null;
  avgLikes: number | null;
  avgComments: number | null;
  /** YouTube category names (`Gaming`) and topic names (`Action_game`) the source assigns the channel. */
  categories: string[];
  keywords: string[];
  links: Partial<Record<LinkKind, string>>;
  /** The day (YYYY-MM-DD) its figures were read, when the source says (the API's fetch); else the import's day. */
  readOn: string | null;
  /** Where it came from, for messages: `file.csv:12` or `youtube`. */
  source: string;
}

export interface VideoFacts {
  videoId: string;
  channelId: string | null;
  channelTitle: string | null;
  title: string;
  description: string;
  tags: string[];
  /** YouTube's numeric video category (`20` is Gaming). */
  categoryId: string | null;
  /** Topic names from topicDetails (`Action_game`). */
  topics: string[];
  /** ISO 8601 instant. */
  publishedAt: string;
  views: number | null;
  likes: number | null;
  comments: number | null;
  durationSeconds: number | null;
  defaultLanguage: string | null;
  /** When the figures were read (a trending export's day); the latest reading of a video wins. */
  seenOn: string | null;
  source: string;
}

/** An empty channel to fill from a source's row. */
export function channelFacts(title: string, source: string): ChannelFacts {
  return {
    channelId: null,
    handle: null,
    title,
    description: null,
    country: null,
    defaultLanguage: null,
    subscribers: null,
    subscribersHidden: false,
    totalViews: null,
    videoCount: null,
    avgViews: null,
    avgLikes: null,
    avgComments: null,
    categories: [],
    keywords: [],
    links: {},
    readOn: null,
    source,
  };
}

/** YouTube's video categories by id (the `videoCategories` resource; ids are the same in every region). */
export const VIDEO_CATEGORIES: Record<string, string> = {
  '1': 'Film & Animation',
  '2': 'Autos & Vehicles',
  '10': 'Music',
  '15': 'Pets & Animals',
  '17': 'Sports',
  '18': 'Short Movies',
  '19': 'Travel & Events',
  '20': 'Gaming',
  '21': 'Videoblogging',
  '22': 'People & Blogs',
  '23': 'Comedy',
  '24': 'Entertainment',
  '25': 'News & Politics',
  '26': 'Howto & Style',
  '27': 'Education',
  '28': 'Science & Technology',
  '29': 'Nonprofits & Activism',
  '30': 'Movies',
  '43': 'Shows',
  '44': 'Trailers',
};

/** A channel id from a channel URL (`youtube.com/channel/UC…`), or a handle from `youtube.com/@name`. */
export function parseChannelUrl(url: string): { channelId: string | null; handle: string | null } {
  const id = /youtube\.com\/channel\/(UC[A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/.exec(url)?.[1] ?? null;
  const handle = /youtube\.com\/@([A-Za-z0-9._-]{3,30})(?![A-Za-z0-9._-])/.exec(url)?.[1];
  return { channelId: id, handle: handle ? `@${handle}` : null };
}

/** Names compared across sources: lower case, no accents, letters and digits only (`✿ Kids Diana Show` → `kidsdianashow`). */
export function foldName(name: string): string {
  return foldText(name).replace(/[^\p{L}\p{N}]/gu, '');
}

/** Lower case and without accents, spaces and punctuation kept. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
