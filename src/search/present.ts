// Index documents (documents.ts) to the spec's resources. Only the fields the spec names are copied, so nothing
// internal can leak even before the response schema strips unknown keys.
import type {
  CreatorDetail,
  CreatorSummary,
  Snapshot,
  SponsorDetail,
  SponsorSummary,
  Sponsorship,
} from '../contract/resources.ts';
import type { CreatorSource, SponsorSource, SponsorshipDocument } from './documents.ts';

const NO_GROWTH = { last30Days: null, last90Days: null };
const PAGE_KEY = '"influesqueUrl":"';

/** Addresses of creator and sponsor pages on the service, under PUBLIC_BASE_URL. */
export class Pages {
  /** The base as it is written inside a JSON string. */
  private readonly escapedBase: string;

  constructor(private readonly base: string) {
    this.escapedBase = JSON.stringify(base).slice(1, -1);
  }

  creator = (slug: string) => `${this.base}/creators/${encodeURIComponent(slug)}`;
  sponsor = (id: number) => `${this.base}/sponsors/${id}`;

  /**
   * A summary the indexer stored (storedSummary) as the API shows it: its page address moved under the base.
   * Undefined for anything else. The key's quotes cannot occur unescaped inside a JSON string, so the first match
   * is the key itself.
   */
  summary(stored: string | undefined): string | undefined {
    const at = stored?.indexOf(PAGE_KEY) ?? -1;
    if (!stored || at < 0) return undefined;
    return stored.slice(0, at + PAGE_KEY.length) + this.escapedBase + stored.slice(at + PAGE_KEY.length);
  }
}

/**
 * A creator's CreatorSummary as JSON, rendered once at index time with its page address relative to the service:
 * a search then fetches it as one stored field instead of filtering each hit's _source, and the API splices it into
 * its answer instead of building and serialising an object per hit.
 */
export const storedSummary = (d: CreatorSource): string => JSON.stringify(creatorSummary(d, new Pages('')));

export function creatorSummary(d: CreatorSource, pages: Pages): CreatorSummary {
  return {
    id: d.slug,
    name: d.name,
    // Creators without a YouTube handle show their id, so `handle` is always a string that round-trips.
    handle: d.handle ?? d.slug,
    influesqueUrl: pages.creator(d.slug),
    youtubeUrl: d.youtubeUrl,
    country: d.country,
    language: d.language,
    verified: d.verified,
    primaryNiche: d.primaryNicheLabel,
    topSponsors: d.topSponsors,
    subscribers: d.subscribers,
    avgViews: d.avgViews,
    totalViews: d.totalViews,
    videoCount: d.videoCount,
    engagementRate: d.engagementRate,
    // Data loaded before snapshots (a rollback to it) has neither: undated, growth unknown.
    growth: d.growth ?? NO_GROWTH,
    asOf: d.asOf ?? null,
  };
}

export function creatorDetail(d: CreatorSource, pages: Pages): CreatorDetail {
  return {
    ...creatorSummary(d, pages),
    description: d.description ?? null,
    niches: d.nicheLabels ?? [],
    sponsors: (d.sponsors ?? []).map((s) => ({
      name: s.name,
      website: s.website,
      influesqueUrl: pages.sponsor(s.sponsorId),
      sponsorshipCount: s.sponsorshipCount,
      lastSeen: s.lastSeen,
    })),
    links: d.links ?? {},
  };
}

export function creatorAudience(d: CreatorSource) {
  const who = { id: d.creatorId, name: d.name, handle: d.handle ?? d.slug };
  // Estimates stored before samples and notes existed (a rollback) have neither.
  return d.audience
    ? { ...who, audience: { ...d.audience, sample: d.audience.sample ?? null, note: d.audience.note ?? null } }
    : { ...who, note: d.audienceNote ?? 'No audience estimate exists for this creator yet.', audience: null };
}

export function sponsorSummary(d: SponsorSource, pages: Pages): SponsorSummary {
  return {
    id: d.sponsorId,
    name: d.name,
    kind: d.kind,
    website: d.website,
    domain: d.domain,
    influesqueUrl: pages.sponsor(d.sponsorId),
    sponsorshipCount: d.sponsorshipCount,
    lastSponsorshipDate: d.lastSponsorshipDate,
    asOf: d.asOf ?? null,
  };
}

export function sponsorDetail(d: SponsorSource, pages: Pages): SponsorDetail {
  return {
    ...sponsorSummary(d, pages),
    description: d.description ?? null,
    socialLinks: d.socialLinks ?? null,
    stats: {
      creatorCount: d.creatorCount ?? 0,
      totalReach: d.totalReach ?? null,
      averageCreatorSize: d.averageCreatorSize ?? null,
      firstSponsorshipDate: d.firstSponsorshipDate ?? null,
    },
    niches: d.nicheLabels ?? [],
    topCreators: (d.topCreators ?? []).map((c) => creatorSummary(c, pages)),
  };
}

export function sponsorship(d: Omit<SponsorshipDocument, 'creatorId'>, pages: Pages): Sponsorship {
  return {
    videoId: d.videoId,
    videoUrl: `https://www.youtube.com/watch?v=${encodeURIComponent(d.videoId)}`,
    title: d.videoTitle,
    publishedAt: d.publishedAt,
    sponsor: {
      id: d.sponsorId,
      name: d.sponsorName,
      website: d.sponsorWebsite,
      influesqueUrl: pages.sponsor(d.sponsorId),
    },
    line: d.line,
    confidence: d.confidence,
    rule: d.rule,
  };
}

/** A history row as the API shows it: the stored row without its creator id (the page says whose it is). */
export function snapshot(d: Snapshot): Snapshot {
  return {
    date: d.date,
    subscribers: d.subscribers,
    totalViews: d.totalViews,
    videoCount: d.videoCount,
    avgViews: d.avgViews,
  };
}
