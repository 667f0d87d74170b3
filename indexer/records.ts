// The source format the indexer loads (data/*.ndjson, one JSON object per line), whether generated or real.
// docs/data.md ("Source format") documents these; every record is validated against them before anything is indexed.
import { z } from 'zod';
import { NICHE_VALUES } from '../src/contract/niches.ts';

const nicheValues = new Set(NICHE_VALUES);
const nicheValue = z
  .string()
  .refine((v) => nicheValues.has(v), { message: 'not a niche value of mappings/niches.json' });

/** What kind of business a sponsor is. */
export const SPONSOR_KINDS = ['consumer_brand', 'app', 'financial', 'retail', 'service', 'game'] as const;

const isoDate = z.iso.date();
const share = z.number().min(0).max(1);
/**
 * Shares of one whole: each in [0, 1], summing to 1 (within rounding), or none at all (nothing to estimate it from).
 * One check rather than a record schema plus a refinement: it runs for four distributions of every creator, and the
 * loader's speed depends on it.
 */
const distribution = z.custom<Record<string, number>>(
  (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    let sum = 0;
    let keys = 0;
    for (const key in value) {
      const share = (value as Record<string, unknown>)[key];
      if (!key || typeof share !== 'number' || !(share >= 0 && share <= 1)) return false;
      sum += share;
      keys += 1;
    }
    return keys === 0 || Math.abs(sum - 1) < 0.01;
  },
  { message: 'expected shares between 0 and 1 that sum to 1, or none' },
);
const count = z.number().int().nonnegative();

export const SponsorshipSchema = z
  .object({
    sponsorId: z.number().int().positive(),
    /** Number of detected sponsored videos. */
    count: z.number().int().positive(),
    firstDate: isoDate,
    lastDate: isoDate,
  })
  .refine((s) => s.firstDate <= s.lastDate, { message: 'firstDate is after lastDate' });

export const AudienceSchema = z.object({
  ageDistribution: distribution,
  genderDistribution: distribution,
  /** Keys: ISO 3166-1 alpha-2 country codes. */
  geoDistribution: distribution,
  /** Keys: ISO 639-1 language codes. */
  languageDistribution: distribution,
  interests: z.array(z.string().min(1)),
  confidence: share,
  computedAt: z.iso.datetime(),
  /** An estimate from comments (importer/audience/estimate.ts): how much of the sample each distribution counted. */
  sample: z
    .object({
      comments: count,
      commenters: count,
      withLanguage: count,
      withCountry: count,
      withGender: count,
    })
    .optional(),
  /** What the estimate is drawn from and what it leaves out. */
  note: z.string().min(1).optional(),
});

export const CreatorRecordSchema = z
  .object({
    id: z.number().int().positive(),
    /** Null for a channel known only by its title (a CSV export without channel ids). */
    channelId: z
      .string()
      .regex(/^UC[A-Za-z0-9_-]{22}$/, 'a channel id is UC followed by 22 characters')
      .nullable(),
    /** With its leading @, or null: the creator's slug is then creator-<id>. */
    handle: z
      .string()
      .regex(/^@[A-Za-z0-9._-]{3,30}$/)
      .nullable(),
    name: z.string().min(1),
    description: z.string().nullable(),
    /** ISO 3166-1 alpha-2; the index adds the full name. */
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .nullable(),
    /** ISO 639-1; the index adds the name. */
    language: z
      .string()
      .regex(/^[a-z]{2}$/)
      .nullable(),
    verified: z.boolean(),
    /** Null when the creator fits no niche (real channels often do not). */
    primaryNiche: nicheValue.nullable(),
    secondaryNiches: z.array(nicheValue).max(3),
    subscribers: count,
    avgViews: count,
    totalViews: count,
    videoCount: count,
    /** Percent: 3 means 3%. */
    engagementRate: z.number().nonnegative().max(100).nullable(),
    /** The creator's dominant video format. */
    videoFormat: z.enum(['short', 'long']),
    links: z.object({ instagram: z.url(), twitter: z.url(), tiktok: z.url(), website: z.url() }).partial().strict(),
    /** Its latest video titles, when the source has them (the importer): embedded for semantic search, not shown. */
    videoTitles: z.array(z.string()).max(50).optional(),
    /** The tags its videos carry most, when the source has them (the importer): embedded after the titles. */
    videoTags: z.array(z.string()).max(50).optional(),
    sponsorships: z.array(SponsorshipSchema),
    audience: AudienceSchema.nullable(),
    /** Why there is no audience estimate; required exactly when audience is null. */
    audienceNote: z.string().min(1).nullable(),
  })
  .refine((c) => (c.audience === null) === (c.audienceNote !== null), {
    message: 'audienceNote must be set exactly when audience is null',
  });

export const SponsorRecordSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  kind: z.enum(SPONSOR_KINDS).nullable(),
  website: z.url().nullable(),
  domain: z.string().min(3).nullable(),
  description: z.string().nullable(),
  socialLinks: z.record(z.string(), z.url()).nullable(),
  /** Niche values the brand sponsors in. */
  niches: z.array(nicheValue),
});

/** The longest disclosing line a row keeps: enough for a sentence and its link, never a whole description. */
export const EVIDENCE_LINE_MAX = 300;

/**
 * A detected sponsorship with its evidence (sponsorships.ndjson): one row per creator, sponsor and video. A creator's
 * `sponsorships` are these rows at or above the default confidence, rolled up (indexer/evidence.ts).
 */
export const SponsorshipEvidenceSchema = z.object({
  creatorId: z.number().int().positive(),
  sponsorId: z.number().int().positive(),
  /** A YouTube video id, as the importer accepts them. */
  videoId: z.string().regex(/^[A-Za-z0-9_-]{6,20}$/, 'a video id is 6 to 20 letters, digits, - or _'),
  videoTitle: z.string(),
  publishedAt: isoDate,
  /** The line that discloses the sponsorship, trimmed. */
  line: z.string().min(1).max(EVIDENCE_LINE_MAX),
  confidence: share,
  /** What proposed it: a rule of the detector (`disclosure`, `deal`, `partners`, `vanity-link`), or `mention`. */
  rule: z.string().regex(/^[a-z][a-z-]{0,39}$/, 'a rule name in lower case'),
});

/**
 * A creator's figures on one day (snapshots.ndjson): each import or refresh adds one per creator, the generator a
 * year of them. Each creator's rows come newest first, one per day; its newest row is its record's figures.
 */
export const SnapshotRecordSchema = z.object({
  creatorId: z.number().int().positive(),
  date: isoDate,
  subscribers: count,
  totalViews: count,
  videoCount: count,
  avgViews: count,
});

export type CreatorRecord = z.infer<typeof CreatorRecordSchema>;
export type SnapshotRecord = z.infer<typeof SnapshotRecordSchema>;
export type SponsorRecord = z.infer<typeof SponsorRecordSchema>;
export type Sponsorship = z.infer<typeof SponsorshipSchema>;
export type SponsorshipEvidence = z.infer<typeof SponsorshipEvidenceSchema>;
export type Audience = z.infer<typeof AudienceSchema>;
