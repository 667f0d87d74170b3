// The catalog to the source format the indexer loads (indexer/records.ts), every record checked against it. Ids are
// derived from what identifies a channel or a brand, so a re-import keeps every creator's and sponsor's id. Figures
// a source lacks follow the rules in docs/real-data.md ("How gaps are filled"), never a made-up number.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { evidenceLine, rollUp } from '../indexer/evidence.ts';
import {
  type CreatorRecord,
  CreatorRecordSchema,
  type SnapshotRecord,
  type SponsorRecord,
  SponsorRecordSchema,
  type SponsorshipEvidence,
  SponsorshipEvidenceSchema,
} from '../indexer/records.ts';
import { estimateAudience } from './audience/estimate.ts';
import type { Catalog, ChannelEntry, VideoState } from './catalog.ts';
import type { NicheRules } from './enrich/niches.ts';
import { foldName, type LinkKind } from './model.ts';
import type { Brand } from './sponsors/registry.ts';

/** How many of a channel's latest videos its averages are taken over. */
export const RECENT_VIDEOS = 30;
/** A video this short or shorter is a Short. */
const SHORT_SECONDS = 60;
export const AUDIENCE_NOTE =
  'No audience estimate: no comments were read for this channel (the YouTube import reads them with --comments N).';
const NO_COMMENTS = 'No audience estimate: the comment sample held no public comments.';
const HANDLE = /^@[A-Za-z0-9._-]{3,30}$/;

export interface EvidenceLine {
  videoId: string;
  channelId: string | null;
  channel: string;
  publishedAt: string;
  sponsors: { name: string; text: string; confidence: number }[];
}

export interface Dataset {
  creators: CreatorRecord[];
  sponsors: SponsorRecord[];
  /** Every detected sponsorship with its evidence and confidence (sponsorships.ndjson). */
  sponsorships: SponsorshipEvidence[];
  /** This import's snapshot of each creator, dated the day its figures were read (snapshots.ndjson adds them). */
  snapshots: SnapshotRecord[];
  /** Per video, what the detector found (the --evidence file). */
  evidence: EvidenceLine[];
  /** Sponsors the registry does not know, by how many videos name them. */
  newSponsors: { name: string; videos: number }[];
}

/** A positive integer below 2^48 from a key: stable across imports, and safe as a JSON number. */
export function stableId(key: string): number {
  return Number.parseInt(createHash('sha256').update(key).digest('hex').slice(0, 12), 16) || 1;
}

interface SponsorTally {
  key: string;
  brand: Brand | null;
  names: Map<string, number>;
  domain: string | null;
  videos: number;
  niches: Map<string, number>;
}

/** `asOf`: the day (YYYY-MM-DD) the figures were read, for channels whose source does not say (a CSV export). */
export function buildDataset(catalog: Catalog, niches: NicheRules, asOf: string): Dataset {
  const tallies = new Map<string, SponsorTally>();
  const creators: CreatorRecord[] = [];
  const evidence: EvidenceLine[] = [];
  const rows: SponsorshipEvidence[] = [];
  const snapshots: SnapshotRecord[] = [];
  const ids = new Map<number, string>();
  const handles = new Set<string>();
  for (const entry of catalog.channels) {
    const id = stableId(entry.facts.channelId ?? entry.key);
    const clash = ids.get(id);
    if (clash) throw new Error(`two channels derive the same id ${id}: ${clash} and ${entry.key}`);
    ids.set(id, entry.key);
    const chosen = niches.choose(catalog.nicheScores(entry));
    const own: SponsorshipEvidence[] = [];
    for (const video of entry.videos.values()) {
      evidence.push({
        videoId: video.videoId,
        channelId: entry.facts.channelId,
        channel: entry.facts.title,
        publishedAt: video.publishedAt,
        sponsors: video.sponsors.map((s) => ({ name: s.name, text: s.text, confidence: s.confidence })),
      });
      const day = video.publishedAt.slice(0, 10);
      for (const finding of video.sponsors) {
        const key = finding.brand ? `brand:${foldName(finding.brand.name)}` : `name:${foldName(finding.name)}`;
        const tally = tallies.get(key) ?? {
          key,
          brand: finding.brand,
          names: new Map(),
          domain: null,
          videos: 0,
          niches: new Map(),
        };
        tally.names.set(finding.name, (tally.names.get(finding.name) ?? 0) + 1);
        tally.domain ??= finding.domain;
        tally.videos += 1;
        if (chosen.primary) tally.niches.set(chosen.primary, (tally.niches.get(chosen.primary) ?? 0) + 1);
        tallies.set(key, tally);
        const row: SponsorshipEvidence = {
          creatorId: id,
          sponsorId: stableId(key),
          videoId: video.videoId,
          videoTitle: video.title,
          publishedAt: day,
          line: evidenceLine(finding.text) || finding.name,
          confidence: finding.confidence,
          rule: finding.rule,
        };
        own.push(check(SponsorshipEvidenceSchema, row, `sponsorship of ${video.videoId} (${finding.name})`));
      }
    }
    rows.push(...own);
    const handle =
      entry.facts.handle && HANDLE.test(entry.facts.handle) && !handles.has(entry.facts.handle.toLowerCase())
        ? entry.facts.handle
        : null;
    if (handle) handles.add(handle.toLowerCase());
    const record: CreatorRecord = {
      id,
      channelId: entry.facts.channelId,
      handle,
      name: entry.facts.title,
      description: entry.facts.description,
      country: entry.facts.country,
      language: catalog.languageOf(entry),
      verified: false,
      primaryNiche: chosen.primary,
      secondaryNiches: chosen.secondary,
      ...figures(entry),
      links: links(entry),
      videoTitles: recentTitles(entry),
      videoTags: topTags(entry),
      // Counted from the rows at or above the default confidence, as the generator's are (indexer/evidence.ts).
      sponsorships: rollUp(own),
      ...audienceOf(entry),
    };
    creators.push(check(CreatorRecordSchema, record, `creator ${entry.facts.title} (${entry.facts.source})`));
    const { subscribers, totalViews, videoCount, avgViews } = record;
    snapshots.push({ creatorId: id, date: entry.facts.readOn ?? asOf, subscribers, totalViews, videoCount, avgViews });
  }
  const sponsors = [...tallies.values()].map((t) =>
    check(SponsorRecordSchema, sponsorRecord(t), `sponsor ${t.brand?.name ?? [...t.names.keys()][0]}`),
  );
  const newSponsors = [...tallies.values()]
    .filter((t) => !t.brand)
    .map((t) => ({ name: mostCommon(t.names), videos: t.videos }))
    .sort((a, b) => b.videos - a.videos || a.name.localeCompare(b.name));
  return { creators, sponsors, sponsorships: rows, snapshots, evidence, newSponsors };
}

/** From its comment sample, when one was read (importer/audience/estimate.ts); else none, and why. */
function audienceOf(entry: ChannelEntry): Pick<CreatorRecord, 'audience' | 'audienceNote'> {
  const audience = entry.comments ? estimateAudience(entry.comments) : null;
  if (audience) return { audience, audienceNote: null };
  return { audience: null, audienceNote: entry.comments ? NO_COMMENTS : AUDIENCE_NOTE };
}

function sponsorRecord(t: SponsorTally): SponsorRecord {
  const domain = t.brand?.domains[0] ?? t.domain;
  return {
    id: stableId(t.key),
    name: t.brand?.name ?? mostCommon(t.names),
    kind: t.brand?.kind ?? null,
    website: domain ? `https://${domain}` : null,
    domain,
    description: null,
    socialLinks: null,
    niches: [...t.niches]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 5)
      .map(([niche]) => niche),
  };
}

/**
 * Subscribers, views and engagement: the channel's own figures when a source gives them; averages over its latest
 * imported videos; a channel list's per-video averages; else what the totals imply. Hidden or unknown subscribers
 * are 0, the contract having no "unknown" for them.
 */
function figures(
  entry: ChannelEntry,
): Pick<CreatorRecord, 'subscribers' | 'avgViews' | 'totalViews' | 'videoCount' | 'engagementRate' | 'videoFormat'> {
  const { facts } = entry;
  const recent = [...entry.videos.values()]
    .filter((v): v is VideoState & { views: number } => v.views !== null)
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
    .slice(0, RECENT_VIDEOS);
  const views = recent.reduce((sum, v) => sum + v.views, 0);
  const reactions = recent.reduce((sum, v) => sum + (v.likes ?? 0) + (v.comments ?? 0), 0);
  const withReactions = recent.some((v) => v.likes !== null || v.comments !== null);
  let avgViews: number;
  let engagementRate: number | null = null;
  if (recent.length > 0) {
    avgViews = Math.round(views / recent.length);
    if (withReactions && views > 0) engagementRate = round2((100 * reactions) / views);
  } else if (facts.avgViews !== null) {
    avgViews = facts.avgViews;
    const listed = (facts.avgLikes ?? 0) + (facts.avgComments ?? 0);
    if ((facts.avgLikes !== null || facts.avgComments !== null) && facts.avgViews > 0)
      engagementRate = round2((100 * listed) / facts.avgViews);
  } else {
    avgViews = facts.totalViews !== null && facts.videoCount ? Math.round(facts.totalViews / facts.videoCount) : 0;
  }
  const durations = [...entry.videos.values()].map((v) => v.durationSeconds).filter((d): d is number => d !== null);
  const shorts = durations.filter((d) => d <= SHORT_SECONDS).length;
  return {
    subscribers: facts.subscribersHidden ? 0 : (facts.subscribers ?? 0),
    avgViews,
    totalViews: facts.totalViews ?? [...entry.videos.values()].reduce((sum, v) => sum + (v.views ?? 0), 0),
    videoCount: facts.videoCount ?? entry.videos.size,
    engagementRate: engagementRate === null ? null : Math.min(engagementRate, 100),
    videoFormat: durations.length > 0 && shorts * 2 > durations.length ? 'short' : 'long',
  };
}

/** The creator's social links: its own (from the channel), else one its videos carry in two videos or named after it. */
function links(entry: ChannelEntry): CreatorRecord['links'] {
  const chosen: Partial<Record<LinkKind, string>> = { ...entry.facts.links };
  const self = foldName(entry.facts.title);
  const ranked = [...entry.links].sort((a, b) => b[1].count - a[1].count);
  for (const [url, { kind, count }] of ranked) {
    if (chosen[kind]) continue;
    const account = foldName(url.replace(/^.*\.com\/@?/, ''));
    const named = account.length >= 4 && self.length >= 4 && (self.includes(account) || account.includes(self));
    if (count >= 2 || named) chosen[kind] = url;
  }
  return chosen;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function mostCommon(names: Map<string, number>): string {
  return [...names].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
}

function check<T>(schema: z.ZodType<T>, value: T, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`${what}: ${issue?.path.join('.')}: ${issue?.message} (a bug in the importer: please report it)`);
}

// Enough of what a channel posts to say what it is about, within the 128 tokens the sentence model reads.
const VIDEO_TITLES = 10;

/** Its latest distinct video titles, newest first: what semantic search embeds besides its name and description. */
function recentTitles(entry: ChannelEntry): string[] {
  const videos = [...entry.videos.values()].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  return [...new Set(videos.map((v) => v.title.trim()).filter(Boolean))].slice(0, VIDEO_TITLES);
}

// A channel's tags say what it is about beyond its latest titles; a dozen fit after them in the model's 128 tokens.
const VIDEO_TAGS = 12;

/** The tags most of its videos carry (ties: the first seen first): embedded after its titles, never shown. */
function topTags(entry: ChannelEntry): string[] {
  return [...entry.tags]
    .sort((a, b) => b[1] - a[1])
    .slice(0, VIDEO_TAGS)
    .map(([tag]) => tag);
}
