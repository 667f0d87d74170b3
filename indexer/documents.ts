// Pure functions from source records to the documents OpenSearch stores (shapes in mappings/*.json). Everything
// shown about sponsors is derived here from the creators' sponsorship links, so both sides always agree.
import languages from '@cospired/i18n-iso-languages';
import english from '@cospired/i18n-iso-languages/langs/en.json' with { type: 'json' };
import countries from 'i18n-iso-countries';
import type { Niche } from '../src/contract/niches.ts';
import { SUMMARY_SOURCE } from '../src/search/creator-query.ts';
import type {
  CreatorDocument,
  CreatorSummarySource,
  SponsorDocument,
  SponsorshipDocument,
} from '../src/search/documents.ts';
import { type PopularitySignals, popularityScore } from '../src/search/indexed-popularity.ts';
import { storedSummary } from '../src/search/present.ts';
import type { CreatorHistory } from './growth.ts';
import type { CreatorRecord, SponsorRecord, SponsorshipEvidence } from './records.ts';

languages.registerLocale(english);

/** How many sponsor names a creator summary shows, and how many creators a sponsor profile keeps. */
export const TOP_SPONSORS = 3;
export const TOP_CREATORS = 10;

/** Confidence labels of audience estimates: below 0.4 low, below 0.7 medium, else high. */
export function confidenceLabel(confidence: number): 'low' | 'medium' | 'high' {
  if (confidence < 0.4) return 'low';
  return confidence < 0.7 ? 'medium' : 'high';
}

/** The creator's stable public id: its handle without @, or creator-<numeric id>. */
export function slugOf(record: Pick<CreatorRecord, 'id' | 'handle'>): string {
  return record.handle ? record.handle.slice(1) : `creator-${record.id}`;
}

export function countryName(code: string | null): string | null {
  return code ? (countries.getName(code, 'en') ?? null) : null;
}

export function languageName(code: string | null): string | null {
  return code ? (languages.getName(code, 'en') ?? null) : null;
}

/** rank_feature fields take positive values only; a zero signal is simply absent. */
const positive = (value: number | null) => (value && value > 0 ? value : undefined);

/**
 * `popularity`: the profile's popularity signals when the index stores their sum (src/search/indexed-popularity.ts).
 * `dated`: what its snapshots say (growth.ts); without them, the creator is undated and its growth unknown.
 */
export function creatorDocument(
  record: CreatorRecord,
  sponsors: Map<number, SponsorRecord>,
  niches: Map<string, Niche>,
  popularity?: PopularitySignals,
  dated?: CreatorHistory,
): CreatorDocument {
  const growth = dated?.growth ?? { last30Days: null, last90Days: null };
  const subsGrowthPct30 = growth.last30Days?.subscribersPct;
  const nicheValues = [...(record.primaryNiche ? [record.primaryNiche] : []), ...record.secondaryNiches];
  const history = record.sponsorships
    .map((s) => {
      const sponsor = sponsors.get(s.sponsorId);
      if (!sponsor) throw new Error(`sponsorships: unknown sponsorId ${s.sponsorId}`);
      return {
        sponsorId: s.sponsorId,
        name: sponsor.name,
        website: sponsor.website,
        sponsorshipCount: s.count,
        lastSeen: s.lastDate,
      };
    })
    // Most sponsored first, then most recent: the order of the profile's history and of topSponsors.
    .sort(
      (a, b) =>
        b.sponsorshipCount - a.sponsorshipCount || b.lastSeen.localeCompare(a.lastSeen) || a.sponsorId - b.sponsorId,
    );
  const doc = {
    creatorId: record.id,
    slug: slugOf(record),
    channelId: record.channelId,
    handle: record.handle,
    name: record.name,
    description: record.description,
    countryCode: record.country,
    country: countryName(record.country),
    languageCode: record.language,
    language: languageName(record.language),
    verified: record.verified,
    primaryNiche: record.primaryNiche,
    primaryNicheLabel: (record.primaryNiche && niches.get(record.primaryNiche)?.label) ?? null,
    niches: nicheValues,
    nicheLabels: nicheValues.map((v) => niches.get(v)?.label ?? v),
    subscribers: record.subscribers,
    avgViews: record.avgViews,
    totalViews: record.totalViews,
    videoCount: record.videoCount,
    engagementRate: record.engagementRate,
    videoFormat: record.videoFormat,
    asOf: dated?.asOf ?? null,
    growth,
    // What sort=subs_growth_desc and min_subs_growth read; absent when unknown, so such a creator sorts last.
    ...(subsGrowthPct30 != null && { subsGrowthPct30 }),
    hasSponsors: history.length > 0,
    sponsorNames: history.map((s) => s.name),
    topSponsors: history.slice(0, TOP_SPONSORS).map((s) => s.name),
    popularity: {
      subscribers: positive(record.subscribers),
      avgViews: positive(record.avgViews),
      engagement: positive(record.engagementRate),
    },
    youtubeUrl: record.channelId && `https://www.youtube.com/channel/${record.channelId}`,
    links: record.links,
    sponsors: history,
    audience: record.audience && {
      ...record.audience,
      sample: record.audience.sample ?? null,
      note: record.audience.note ?? null,
      confidenceLabel: confidenceLabel(record.audience.confidence),
      estimated: true,
    },
    audienceNote: record.audienceNote,
  };
  const score = popularity && popularityScore(popularity, (field) => valueAt(doc, field));
  return { ...doc, summary: storedSummary(doc), ...(score !== undefined && { popularityScore: score }) };
}

/** An evidence row as its index stores it: with its sponsor's name and website, so a page of evidence is one request. */
export function sponsorshipDocument(row: SponsorshipEvidence, sponsor: SponsorRecord): SponsorshipDocument {
  return { ...row, sponsorName: sponsor.name, sponsorWebsite: sponsor.website };
}

/**
 * The text a creator's vector is computed from: its name, niches, description, latest video titles and most used
 * video tags (when the source has them), the words someone describing such a creator would echo. Figures and
 * sponsors are left to the lexical clauses and the filters.
 */
export function embeddingText(
  doc: Pick<CreatorDocument, 'name' | 'nicheLabels' | 'description'>,
  videoTitles: string[] = [],
  videoTags: string[] = [],
): string {
  return [doc.name, doc.nicheLabels.join(', '), doc.description, ...videoTitles, videoTags.join(', ')]
    .filter(Boolean)
    .join('. ');
}

/** A document's number at a dotted path (`popularity.subscribers`); undefined when there is none. */
function valueAt(doc: object, field: string): number | undefined {
  const value = field.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], doc);
  return typeof value === 'number' ? value : undefined;
}

const summaryOf = (doc: CreatorDocument) =>
  Object.fromEntries(
    SUMMARY_SOURCE.map((field) => [field, doc[field as keyof CreatorDocument]]),
  ) as CreatorSummarySource;

interface Tally {
  sponsorshipCount: number;
  creatorCount: number;
  totalReach: number;
  first: string | null;
  last: string | null;
  /** The newest date of its creators' figures. */
  asOf: string | null;
  /** Biggest creators first (ties: lower id), at most TOP_CREATORS. */
  top: { subscribers: number; id: number; summary: CreatorSummarySource }[];
}

/**
 * Accumulates, creator by creator, what each sponsor's profile shows, its top creators' summaries included (so a
 * profile is one OpenSearch request); memory grows with sponsors, not creators.
 */
export class SponsorStats {
  private readonly tallies = new Map<number, Tally>();

  add(record: CreatorRecord, doc: CreatorDocument): void {
    let summary: CreatorSummarySource | undefined;
    for (const s of record.sponsorships) {
      let t = this.tallies.get(s.sponsorId);
      if (!t) {
        t = { sponsorshipCount: 0, creatorCount: 0, totalReach: 0, first: null, last: null, asOf: null, top: [] };
        this.tallies.set(s.sponsorId, t);
      }
      t.sponsorshipCount += s.count;
      t.creatorCount += 1;
      t.totalReach += record.subscribers;
      if (!t.first || s.firstDate < t.first) t.first = s.firstDate;
      if (!t.last || s.lastDate > t.last) t.last = s.lastDate;
      if (doc.asOf && (!t.asOf || doc.asOf > t.asOf)) t.asOf = doc.asOf;
      const last = t.top[TOP_CREATORS - 1];
      if (
        last &&
        (record.subscribers < last.subscribers || (record.subscribers === last.subscribers && record.id > last.id))
      ) {
        continue;
      }
      summary ??= summaryOf(doc);
      t.top.push({ subscribers: record.subscribers, id: record.id, summary });
      t.top.sort((a, b) => b.subscribers - a.subscribers || a.id - b.id);
      if (t.top.length > TOP_CREATORS) t.top.pop();
    }
  }

  /** Per sponsor, the sponsored videos its creators count (to check against the evidence rows). */
  sponsorshipCounts(): Map<number, number> {
    return new Map([...this.tallies].map(([id, t]) => [id, t.sponsorshipCount]));
  }

  document(sponsor: SponsorRecord, niches: Map<string, Niche>): SponsorDocument {
    const t = this.tallies.get(sponsor.id);
    return {
      sponsorId: sponsor.id,
      name: sponsor.name,
      kind: sponsor.kind,
      website: sponsor.website,
      domain: sponsor.domain,
      description: sponsor.description,
      socialLinks: sponsor.socialLinks,
      niches: sponsor.niches,
      nicheLabels: sponsor.niches.map((v) => niches.get(v)?.label ?? v),
      sponsorshipCount: t?.sponsorshipCount ?? 0,
      creatorCount: t?.creatorCount ?? 0,
      totalReach: t ? t.totalReach : null,
      averageCreatorSize: t ? t.totalReach / t.creatorCount : null,
      firstSponsorshipDate: t?.first ?? null,
      lastSponsorshipDate: t?.last ?? null,
      asOf: t?.asOf ?? null,
      topCreators: (t?.top ?? []).map((c) => c.summary),
    };
  }
}
