// Request parameters of the seven operations, shared by REST and MCP. Query strings arrive as text; these schemas
// are strict about it (no "" as 0, no "yes" as true) and any failure becomes 422 invalid_request.
import { z } from 'zod';
import { DEFAULT_MIN_CONFIDENCE } from './confidence.ts';
import { countryCode, languageCode } from './locale.ts';
import { NICHE_VALUES } from './niches.ts';

/** Longest accepted search text: queries are short topic, keyword, brand or name terms. */
export const QUERY_MAX_LENGTH = 200;

const searchText = z
  .string()
  .max(QUERY_MAX_LENGTH)
  .refine((text) => text.trim().length > 0, 'must not be empty or blank');

/** Decimal text to a number; anything else is left for the number schema to reject with a clear message. */
const decimal = (value: unknown) =>
  typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
const wholeNumber = z.preprocess(decimal, z.int().min(0));
// Query strings carry text; MCP tool calls carry JSON booleans. Both mean the same.
const flag = z.union([z.boolean(), z.stringbool({ truthy: ['true', '1'], falsy: ['false', '0'] })]);

const code = (parse: (text: string) => string | undefined, what: string) =>
  z.string().transform((text, ctx) => {
    const parsed = parse(text);
    if (!parsed) ctx.addIssue({ code: 'custom', message: `unknown ${what} "${text.slice(0, 50)}"` });
    return parsed ?? z.NEVER;
  });

/** Engagement rates are percents: the indexer refuses records above 100, so a larger minimum can match nothing. */
export const ENGAGEMENT_RATE_MAX = 100;

export const SORTS = [
  'subs_desc',
  'subs_asc',
  'views_desc',
  'avg_views_desc',
  'engagement_desc',
  'subs_growth_desc',
] as const;
export type Sort = (typeof SORTS)[number];

/** The filters of creator search, shared by lookalikes (SimilarCreatorsParams). */
const creatorFilters = {
  niche_category: z.enum(NICHE_VALUES).optional().describe('A value from GET /niches; secondary niches match too'),
  primary_niche_only: flag.optional().describe('Only creators whose primary niche is niche_category'),
  country: code(countryCode, 'country').optional().describe('Full country name or ISO 3166 alpha-2/alpha-3 code'),
  language: code(languageCode, 'language').optional().describe('Language name or ISO 639 code'),
  min_subscribers: wholeNumber.optional(),
  max_subscribers: wholeNumber.optional(),
  min_avg_views: wholeNumber.optional(),
  // At most 100: the indexer refuses rates above 100%, and OpenSearch's float field refuses values past ~3.4e38.
  min_engagement_rate: z
    .preprocess(decimal, z.number().min(0).max(ENGAGEMENT_RATE_MAX))
    .optional()
    .describe('Percent: 3 means 3%; 0 to 100'),
  // A loss is at most 100%; a gain has no bound.
  min_subs_growth: z
    .preprocess(decimal, z.number().min(-100))
    .optional()
    .describe(
      'Beyond the spec. Percent of subscribers gained over the last 30 days (growth.last30Days.subscribersPct): 5 means 5%, -2 a 2% loss; creators whose growth is unknown never match',
    ),
  has_sponsors: flag.optional(),
  video_format: z.enum(['short', 'long']).optional().describe('The dominant format of the channel'),
};

type Filters = Partial<{ [K in keyof typeof creatorFilters]: z.output<(typeof creatorFilters)[K]> }>;
function consistentFilters(p: Filters, ctx: z.RefinementCtx) {
  if (p.min_subscribers !== undefined && p.max_subscribers !== undefined && p.min_subscribers > p.max_subscribers) {
    ctx.addIssue({ code: 'custom', path: ['min_subscribers'], message: 'must not exceed max_subscribers' });
  }
  if (p.primary_niche_only && !p.niche_category) {
    ctx.addIssue({ code: 'custom', path: ['primary_niche_only'], message: 'needs niche_category' });
  }
}

const page = z.preprocess(decimal, z.int().min(1)).default(1);

/** What creator search and sponsor search can count beside a page (src/search/facets.ts). */
export const CREATOR_FACETS = ['niche', 'country', 'language', 'size', 'format'] as const;
export const SPONSOR_FACETS = ['kind', 'niche'] as const;
export type CreatorFacet = (typeof CREATOR_FACETS)[number];
export type SponsorFacet = (typeof SPONSOR_FACETS)[number];

/** `facets=niche,country`: a comma-separated list of the allowed names (each once); anything else is a 422. */
const facetList = <F extends string>(allowed: readonly F[]) =>
  z
    .string()
    .transform((text, ctx) => {
      const names = [...new Set(text.split(',').map((name) => name.trim()))];
      const unknown = names.filter((name) => !allowed.includes(name as F));
      if (unknown.length)
        ctx.addIssue({
          code: 'custom',
          message: `unknown facet "${unknown[0]?.slice(0, 30)}"; allowed: ${allowed.join(', ')}`,
        });
      return names as F[];
    })
    .optional()
    .describe(`Beyond the spec: counts to return beside the page, comma-separated, of ${allowed.join(', ')}; free`);

/** What creator search is asked: the text, the filters and the order; shared by the export. */
const creatorSearch = {
  query: searchText.describe('Short topic, keyword, brand or name terms'),
  ...creatorFilters,
  sort: z
    .enum(SORTS)
    .optional()
    .describe(
      'Reorders the whole match set by the raw metric; subs_growth_desc (beyond the spec) by the 30-day subscriber growth in percent, creators whose growth is unknown last',
    ),
};

export const SearchCreatorsParams = z
  .object({ ...creatorSearch, facets: facetList(CREATOR_FACETS), page })
  .superRefine(consistentFilters);
export type SearchCreatorsParams = z.output<typeof SearchCreatorsParams>;

export const SearchSponsorsParams = z.object({
  query: searchText.describe('Brand or sponsor name, domain or keyword'),
  facets: facetList(SPONSOR_FACETS),
});
export type SearchSponsorsParams = z.output<typeof SearchSponsorsParams>;

/** The most rows one export returns: the default depth a search can be paged to. */
export const EXPORT_MAX_ROWS = 1000;
export const EXPORT_FORMATS = ['csv', 'ndjson'] as const;

/** An export of creator search (beyond the spec): the search's parameters without paging, as rows of a file. */
export const ExportCreatorsParams = z
  .object({
    ...creatorSearch,
    format: z
      .enum(EXPORT_FORMATS)
      .default('csv')
      .describe(
        'csv: UTF-8 with a BOM, every field quoted, CRLF (Excel opens it as is); ndjson: one CreatorSummary a line',
      ),
    max_rows: z
      .preprocess(decimal, z.int().min(1).max(EXPORT_MAX_ROWS))
      .default(EXPORT_MAX_ROWS)
      .describe(
        `The most rows, 1 to ${EXPORT_MAX_ROWS} (and at most SEARCH_DEPTH_LIMIT); what they cost in pages is reserved up front, and the pages not sent are refunded`,
      ),
  })
  .superRefine(consistentFilters);
export type ExportCreatorsParams = z.output<typeof ExportCreatorsParams>;

/** Lookalikes of a creator: the filters and paging of creator search; no query (the creator is the question). */
export const SimilarCreatorsParams = z.object({ ...creatorFilters, page }).superRefine(consistentFilters);
export type SimilarCreatorsParams = z.output<typeof SimilarCreatorsParams>;

/**
 * A creator's detected sponsorships (beyond the spec): paged like search, filtered by a sponsor's numeric id (as
 * search prints it) and a confidence floor. An id no sponsor has is an empty page; an id that is no id is a 422.
 */
export const CreatorSponsorshipsParams = z.object({
  sponsor: z
    .preprocess(decimal, z.int().min(1).max(Number.MAX_SAFE_INTEGER))
    .optional()
    .describe('A numeric sponsor id, as search and profiles print it'),
  min_confidence: z
    .preprocess(decimal, z.number().min(0).max(1))
    .default(DEFAULT_MIN_CONFIDENCE)
    .describe(
      `Only sponsorships at least this sure, 0 to 1; default ${DEFAULT_MIN_CONFIDENCE}, the threshold the counts use`,
    ),
  page,
});
export type CreatorSponsorshipsParams = z.output<typeof CreatorSponsorshipsParams>;

/** A creator's dated snapshots (beyond the spec): newest first, paged like search, within an optional date range. */
export const CreatorHistoryParams = z
  .object({
    from: z.iso.date().optional().describe('Only snapshots on or after this day, YYYY-MM-DD'),
    to: z.iso.date().optional().describe('Only snapshots on or before this day, YYYY-MM-DD'),
    page,
  })
  .superRefine((p, ctx) => {
    if (p.from && p.to && p.from > p.to)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'must not be after to' });
  });
export type CreatorHistoryParams = z.output<typeof CreatorHistoryParams>;

/** Path ids are free text: anything that names no creator or sponsor is a 404, never a 422. */
export const CreatorIdParams = z.object({
  id: z.string().describe('Slug id, handle with or without @, UC… channel id, or creator-<numeric id>'),
});
export const SponsorIdParams = z.object({
  id: z.string().describe('Numeric sponsor id, brand name (any case and accents) or domain'),
});
