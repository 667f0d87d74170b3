// The spec's resources (../shared/spec/api-v1.md §2), one zod schema each, named as in the spec. They validate
// and serialise responses (unknown keys are stripped, so nothing internal leaks) and generate the OpenAPI document.
import { z } from 'zod';

const date = z.iso.date().describe('YYYY-MM-DD');
const shares = z.record(z.string(), z.number());

const growthWindow = (days: number) =>
  z
    .object({
      from: date.describe(`The first snapshot within ${days} days before asOf`),
      days: z.int().describe('Days from `from` to asOf'),
      subscribers: z.int().describe('Subscribers gained (negative: lost)'),
      subscribersPct: z.number().nullable().describe('As a percent of the subscribers on `from`'),
      views: z.int().describe('Views gained'),
      viewsPct: z.number().nullable().describe('As a percent of the total views on `from`'),
    })
    .nullable()
    .describe(`Null when no snapshot is within ${days} days before asOf`);

/** Beyond the spec (additive): subscribers and views gained, from the creator's dated snapshots. */
export const GrowthSchema = z
  .object({ last30Days: growthWindow(30), last90Days: growthWindow(90) })
  .meta({ id: 'Growth' });

export const CreatorSummarySchema = z
  .object({
    id: z.string().describe('Stable slug: the handle without @, or creator-<numeric id>'),
    name: z.string(),
    handle: z.string().describe('YouTube handle with its leading @'),
    influesqueUrl: z.url(),
    youtubeUrl: z.url().nullable(),
    country: z.string().nullable().describe('Full country name'),
    language: z.string().nullable(),
    verified: z.boolean(),
    primaryNiche: z.string().nullable().describe('Display label of the dominant niche'),
    topSponsors: z.array(z.string()).describe('Sponsor names'),
    subscribers: z.int(),
    avgViews: z.int().describe('Average views per video'),
    totalViews: z.int(),
    videoCount: z.int(),
    engagementRate: z.number().nullable().describe('Percent: 3 means 3%'),
    growth: GrowthSchema,
    asOf: date.nullable().describe('Beyond the spec: the day these figures were read; null when not recorded'),
  })
  .meta({ id: 'CreatorSummary' });

export const CreatorSponsorSchema = z
  .object({
    name: z.string(),
    website: z.string().nullable(),
    influesqueUrl: z.url(),
    sponsorshipCount: z.int(),
    lastSeen: date.nullable(),
  })
  .meta({ id: 'CreatorSponsor' });

export const CreatorDetailSchema = CreatorSummarySchema.extend({
  description: z.string().nullable(),
  niches: z.array(z.string()),
  sponsors: z.array(CreatorSponsorSchema).describe('Full sponsor history'),
  links: z.object({ instagram: z.url(), twitter: z.url(), tiktok: z.url(), website: z.url() }).partial(),
}).meta({ id: 'CreatorDetail' });

export const AudienceSchema = z
  .object({
    ageDistribution: shares,
    genderDistribution: shares,
    geoDistribution: shares.describe('Keys are ISO 3166-1 alpha-2 country codes'),
    languageDistribution: shares.describe('Keys are ISO 639-1 language codes'),
    interests: z.array(z.string()),
    confidence: z.number(),
    confidenceLabel: z.enum(['low', 'medium', 'high']),
    estimated: z.boolean(),
    computedAt: z.iso.datetime().nullable(),
    sample: z
      .object({
        comments: z.int().describe('Public comments read'),
        commenters: z.int().describe('Distinct commenters among them'),
        withLanguage: z.int().describe('Comments whose language could be told: languageDistribution counts these'),
        withCountry: z.int().describe('Commenters whose channel declares a country: geoDistribution counts these'),
        withGender: z.int().describe('Commenters with an unambiguous first name: genderDistribution counts these'),
      })
      .nullable()
      .describe('Beyond the spec: the comment sample an estimate is drawn from; null for one not drawn from comments'),
    note: z
      .string()
      .nullable()
      .describe('Beyond the spec: what the estimate is drawn from and what it leaves out (an empty distribution)'),
  })
  .meta({ id: 'Audience' });

export const SponsorSummarySchema = z
  .object({
    id: z.int().describe('Numeric sponsor id'),
    name: z.string(),
    kind: z.string().nullable().describe('consumer_brand, app, financial, retail, service or game'),
    website: z.string().nullable(),
    domain: z.string().nullable(),
    influesqueUrl: z.url(),
    sponsorshipCount: z.int().describe('Number of detected sponsorships'),
    lastSponsorshipDate: date.nullable(),
    asOf: date.nullable().describe("Beyond the spec: the newest day its creators' figures were read"),
  })
  .meta({ id: 'SponsorSummary' });

export const SponsorDetailSchema = SponsorSummarySchema.extend({
  description: z.string().nullable(),
  socialLinks: z.record(z.string(), z.string()).nullable(),
  stats: z.object({
    creatorCount: z.int(),
    totalReach: z.int().nullable(),
    averageCreatorSize: z.number().nullable(),
    firstSponsorshipDate: date.nullable(),
  }),
  niches: z.array(z.string()).describe('Niches the brand sponsors in'),
  topCreators: z.array(CreatorSummarySchema),
}).meta({ id: 'SponsorDetail' });

/** Beyond the spec (additive): one detected sponsorship with the evidence that shows it. */
export const SponsorshipSchema = z
  .object({
    videoId: z.string().describe('YouTube video id'),
    videoUrl: z.url().describe('https://www.youtube.com/watch?v=<videoId>'),
    title: z.string().describe("The video's title"),
    publishedAt: date.describe("The video's publish date, YYYY-MM-DD"),
    sponsor: z.object({
      id: z.int().describe('Numeric sponsor id'),
      name: z.string(),
      website: z.string().nullable(),
      influesqueUrl: z.url(),
    }),
    line: z.string().describe('The line of the title or description that discloses it'),
    confidence: z.number().describe('0 to 1: how sure the detector is (the measured precision of its rule today)'),
    rule: z
      .string()
      .describe(
        'What proposed it: a rule (disclosure, deal, partners, vanity-link), or mention: a name or site the scorer weighed where no rule looked',
      ),
  })
  .meta({ id: 'Sponsorship' });

/** Beyond the spec: a creator's figures on one day, as an import or refresh read them. */
export const SnapshotSchema = z
  .object({
    date: date,
    subscribers: z.int(),
    totalViews: z.int(),
    videoCount: z.int(),
    avgViews: z.int().describe('Average views per video'),
  })
  .meta({ id: 'Snapshot' });

/** Beyond the spec: one value of a facet and how many of the whole match set have it. */
export const FacetValueSchema = z
  .object({
    value: z
      .string()
      .describe('The value as a filter takes it (a niche value, a country or language code, a size band)'),
    label: z.string(),
    count: z.int(),
  })
  .meta({ id: 'FacetValue' });
const facet = (what: string) => z.array(FacetValueSchema).optional().describe(what);

export const CreatorFacetsSchema = z
  .object({
    niche: facet('Per niche value, primary or secondary'),
    country: facet('Per country code (creators with no country are not counted)'),
    language: facet('Per language code'),
    size: facet(
      'Per subscriber band: nano (under 10K), micro (10K–100K), mid (100K–500K), macro (500K–1M), mega (1M+)',
    ),
    format: facet('Per dominant video format: short or long'),
  })
  .describe("Beyond the spec, when facets= asks: counts over the whole match set, each facet's without its own filter")
  .meta({ id: 'CreatorFacets' });

export const SponsorFacetsSchema = z
  .object({ kind: facet('Per kind of business'), niche: facet('Per niche the sponsors sponsor in') })
  .describe('Beyond the spec, when facets= asks: counts over the whole match set')
  .meta({ id: 'SponsorFacets' });

export const NicheSchema = z
  .object({ label: z.string(), value: z.string().describe('The value for niche_category') })
  .meta({ id: 'Niche' });

export const CreditsSchema = z
  .object({
    plan: z.string(),
    unlimited: z.boolean(),
    balance: z.int().nullable().describe('Null when unlimited'),
    allowance: z.int(),
    renewsAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Credits' });

/** Beyond the spec: what the account spent this period, from the counters every metered call keeps. */
export const UsageSchema = z
  .object({
    period: z.string().describe('The period: 2026-11 (month), the Monday of a week, or a day'),
    renewsAt: z.iso.datetime().nullable().describe('When the next period starts; null when unlimited'),
    spent: z.int().describe('Credits spent this period, every key together (reservations not yet settled included)'),
    keys: z
      .array(
        z.object({
          keyId: z.string(),
          name: z.string().nullable(),
          cap: z.int().nullable().describe('Credits per period this key may spend; null for no cap'),
          spent: z.int(),
          revoked: z.boolean(),
        }),
      )
      .describe("Every key of the account, oldest first, with what it spent (a key's cap applies to this)"),
    endpoints: z
      .array(z.object({ operation: z.string().describe('The operationId'), spent: z.int() }))
      .describe(
        'By endpoint (REST and MCP together), the biggest spender first; endpoints that spent nothing are left out',
      ),
    days: z
      .array(z.object({ date: z.iso.date(), spent: z.int() }))
      .describe('By day (UTC), in order; days that spent nothing are left out'),
  })
  .meta({ id: 'Usage' });

export type Growth = z.infer<typeof GrowthSchema>;
export type CreatorSummary = z.infer<typeof CreatorSummarySchema>;
export type CreatorDetail = z.infer<typeof CreatorDetailSchema>;
export type Audience = z.infer<typeof AudienceSchema>;
export type SponsorSummary = z.infer<typeof SponsorSummarySchema>;
export type SponsorDetail = z.infer<typeof SponsorDetailSchema>;
export type Snapshot = z.infer<typeof SnapshotSchema>;
export type FacetValue = z.infer<typeof FacetValueSchema>;
export type Sponsorship = z.infer<typeof SponsorshipSchema>;
