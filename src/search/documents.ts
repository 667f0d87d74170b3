// The documents the indices hold (mappings/*.json): the indexer builds them (indexer/documents.ts) and the search
// reads them back (present.ts). One schema each, so the two sides cannot drift; test/unit/documents.test.ts ties
// the schemas to the mappings and to what the presenter shows.
import { z } from 'zod';
import { AudienceSchema, GrowthSchema } from '../contract/resources.ts';
import { SUMMARY_SOURCE } from './creator-query.ts';

const sponsorLink = z.strictObject({
  sponsorId: z.int(),
  name: z.string(),
  website: z.string().nullable(),
  sponsorshipCount: z.int(),
  lastSeen: z.string().nullable(),
});

type SummaryField = (typeof SUMMARY_SOURCE)[number];
const summaryFields = Object.fromEntries(SUMMARY_SOURCE.map((f) => [f, true])) as Record<SummaryField, true>;

export const CreatorDocumentSchema = z.strictObject({
  creatorId: z.int(),
  slug: z.string(),
  channelId: z.string().nullable(),
  handle: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  countryCode: z.string().nullable(),
  country: z.string().nullable(),
  languageCode: z.string().nullable(),
  language: z.string().nullable(),
  verified: z.boolean(),
  primaryNiche: z.string().nullable(),
  primaryNicheLabel: z.string().nullable(),
  niches: z.array(z.string()),
  nicheLabels: z.array(z.string()),
  subscribers: z.int(),
  avgViews: z.int(),
  totalViews: z.int(),
  videoCount: z.int(),
  engagementRate: z.number().nullable(),
  videoFormat: z.string(),
  /** The date of its figures: its newest snapshot's (indexer/growth.ts); null for a dataset without snapshots. */
  asOf: z.string().nullable(),
  growth: GrowthSchema,
  /** growth.last30Days.subscribersPct, as a sortable field; absent when unknown. */
  subsGrowthPct30: z.number().optional(),
  hasSponsors: z.boolean(),
  sponsorNames: z.array(z.string()),
  topSponsors: z.array(z.string()),
  /** rank_feature values: positive only, so a zero signal is absent. */
  popularity: z.strictObject({
    subscribers: z.number().positive().optional(),
    avgViews: z.number().positive().optional(),
    engagement: z.number().positive().optional(),
  }),
  /** The popularity clauses' sum under the profile the indexer ran with (indexed-popularity.ts), when it stores it. */
  popularityScore: z.number().optional(),
  youtubeUrl: z.string().nullable(),
  links: z.record(z.string(), z.string()),
  sponsors: z.array(sponsorLink),
  audience: AudienceSchema.nullable(),
  audienceNote: z.string().nullable(),
  /** The CreatorSummary rendered at index time (present.ts, storedSummary): a stored field, and in _source. */
  summary: z.string(),
  /** The sentence model's vector of the creator's text (indexer/embeddings.ts); absent when loaded with SEMANTIC=off. */
  embedding: z.array(z.number()).optional(),
});
export type CreatorDocument = z.output<typeof CreatorDocumentSchema>;

/** What a search reads of a creator: the summary's fields always, the others when its _source asked for them. */
export type CreatorSource = Pick<CreatorDocument, SummaryField> & Partial<Omit<CreatorDocument, SummaryField>>;
/** What a sponsor document keeps of each top creator: the fields of a CreatorSummary. */
export type CreatorSummarySource = Pick<CreatorDocument, SummaryField>;

export const SponsorDocumentSchema = z.strictObject({
  sponsorId: z.int(),
  name: z.string(),
  kind: z.string().nullable(),
  website: z.string().nullable(),
  domain: z.string().nullable(),
  description: z.string().nullable(),
  socialLinks: z.record(z.string(), z.string()).nullable(),
  niches: z.array(z.string()),
  nicheLabels: z.array(z.string()),
  sponsorshipCount: z.int(),
  creatorCount: z.int(),
  totalReach: z.number().nullable(),
  averageCreatorSize: z.number().nullable(),
  firstSponsorshipDate: z.string().nullable(),
  lastSponsorshipDate: z.string().nullable(),
  /** The newest date of its creators' figures. */
  asOf: z.string().nullable(),
  topCreators: z.array(CreatorDocumentSchema.pick(summaryFields)),
});
export type SponsorDocument = z.output<typeof SponsorDocumentSchema>;

/** What a search reads of a sponsor: the summary's fields always, the profile's when asked for. */
export type SponsorSource = Pick<
  SponsorDocument,
  'sponsorId' | 'name' | 'kind' | 'website' | 'domain' | 'sponsorshipCount' | 'lastSponsorshipDate' | 'asOf'
> &
  Partial<Omit<SponsorDocument, 'topCreators'>> & { topCreators?: CreatorSummarySource[] };

/** A detected sponsorship with its evidence (mappings/sponsorships.json): the source row and its sponsor's name. */
export const SponsorshipDocumentSchema = z.strictObject({
  creatorId: z.int(),
  sponsorId: z.int(),
  sponsorName: z.string(),
  sponsorWebsite: z.string().nullable(),
  videoId: z.string(),
  videoTitle: z.string(),
  publishedAt: z.string(),
  line: z.string(),
  confidence: z.number(),
  rule: z.string(),
});
export type SponsorshipDocument = z.output<typeof SponsorshipDocumentSchema>;
