// Request parameters of the seven operations, shared by REST and MCP. Query strings arrive as text; these schemas
// are strict about it (no "" as 0, no "yes" as true) and any failure becomes 422 invalid_request. Each check is one
// JSON Schema can state (length, pattern, enum, bounds), so the OpenAPI document generated from these schemas says
// exactly what is accepted; the rules between parameters it cannot state are `x-dependencies` (dependencies below).
import { z } from 'zod';
import { DEFAULT_MIN_CONFIDENCE } from './confidence.ts';
import { COUNTRY_PATTERN, countryCode, LANGUAGE_PATTERN, languageCode } from './locale.ts';
import { NICHE_VALUES } from './niches.ts';

/** Longest accepted search text: queries are short topic, keyword, brand or name terms. */
export const QUERY_MAX_LENGTH = 200;

/**
 * 1 to QUERY_MAX_LENGTH characters, counted as JSON Schema's maxLength counts them (code points: an emoji is one),
 * at least one of them not blank.
 */
const searchText = z
  .string()
  .regex(/\S/, 'must not be empty or blank')
  .refine((text) => [...text].length <= QUERY_MAX_LENGTH, `must be at most ${QUERY_MAX_LENGTH} characters`)
  .meta({ minLength: 1, maxLength: QUERY_MAX_LENGTH });

/**
 * Text to a number for the number schema after it; anything else is left for that schema to reject. Whole numbers
 * are plain digits (no `1e3`, `1.0` or `-0`; `-1` is read, for the bound's message); other numbers may also be
 * written as JavaScript and JSON write them (`1e-7`).
 */
const digits = (value: unknown) =>
  typeof value === 'string' && /^(?:\d+|-0*[1-9]\d*)$/.test(value) ? Number(value) : value;
const decimal = (value: unknown) =>
  typeof value === 'string' && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value) ? Number(value) : value;
const wholeNumber = z.preprocess(digits, z.int().min(0));
// Query strings carry `true` or `false`, as OpenAPI writes a boolean; MCP tool calls carry JSON booleans.
const flag = z.union([z.boolean(), z.stringbool({ truthy: ['true'], falsy: ['false'], case: 'sensitive' })]);

/** A country or language in any case, checked by the pattern the document shows, then read as its code. */
const code = (pattern: string, parse: (text: string) => string | undefined, what: string, examples: string[]) =>
  z
    .string()
    .regex(new RegExp(pattern), `must be a known ${what} name or code`)
    // On the text, not the transform's result: a document of what is sent shows the input's examples only.
    .meta({ examples })
    .transform((text, ctx) => {
      const parsed = parse(text);
      // Unreachable: the parser reads every text the pattern matches (test/unit/params.test.ts).
      if (!parsed) ctx.addIssue({ code: 'custom', message: `unknown ${what} "${text.slice(0, 50)}"` });
      return parsed ?? z.NEVER;
    });

/** The metadata key (and OpenAPI extension) listing an operation's dependencies. */
export const DEPENDENCIES = 'x-dependencies';

/**
 * A rule between parameters that JSON Schema cannot state: checked here (a 422 when broken) and listed in the
 * document as the operation's `x-dependencies`, in the Inter-parameter Dependency Language (IDL) that REST fuzzers
 * such as RESTest read.
 */
interface Dependency<P> {
  idl: string;
  path: string;
  message: string;
  broken: (params: P) => boolean;
}
type Params = Record<string, unknown>;

/** `low` must not exceed `high` when both are given. */
const atMost = <P extends Params>(low: keyof P & string, high: keyof P & string): Dependency<P> => ({
  idl: `${low} <= ${high};`,
  path: low,
  message: `must not exceed ${high}`,
  broken: (p) =>
    p[low] !== undefined && p[high] !== undefined && (p[low] as number | string) > (p[high] as number | string),
});

/** `flag=true` needs `needed`. */
const requires = <P extends Params>(flagName: keyof P & string, needed: keyof P & string): Dependency<P> => ({
  idl: `IF ${flagName}==true THEN ${needed};`,
  path: flagName,
  message: `needs ${needed}`,
  broken: (p) => p[flagName] === true && p[needed] === undefined,
});

/** The schema checking `rules` too, with the rules in its metadata for the document (src/http/openapi.ts). */
const withDependencies = <T extends z.ZodObject>(object: T, rules: Dependency<z.output<T>>[]) =>
  object
    .superRefine((params, ctx) => {
      for (const rule of rules) {
        if (rule.broken(params)) ctx.addIssue({ code: 'custom', path: [rule.path], message: rule.message });
      }
    })
    .meta({ [DEPENDENCIES]: rules.map((rule) => rule.idl) });

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

/**
 * The highest min_subs_growth. Subscriber counts stay below 2^53, so no gain reaches 10^18 percent; the bound keeps
 * every accepted text a finite number (400 digits would read as Infinity).
 */
export const SUBS_GROWTH_MAX = 1e18;

/** The filters of creator search, shared by lookalikes (SimilarCreatorsParams). */
const creatorFilters = {
  niche_category: z.enum(NICHE_VALUES).optional().describe('A value from GET /niches; secondary niches match too'),
  primary_niche_only: flag
    .optional()
    .describe('Only creators whose primary niche is niche_category; true needs niche_category (else 422)'),
  country: code(COUNTRY_PATTERN, countryCode, 'country', ['DE', 'deu', 'Germany', 'united kingdom'])
    .optional()
    .describe('A full English country name or alias, or an ISO 3166-1 alpha-2 or alpha-3 code; any case'),
  language: code(LANGUAGE_PATTERN, languageCode, 'language', ['en', 'spa', 'German'])
    .optional()
    .describe('An English language name, or an ISO 639-1 or ISO 639-2 code; any case'),
  min_subscribers: wholeNumber.optional().describe('At most max_subscribers when both are given (else 422)'),
  max_subscribers: wholeNumber.optional(),
  min_avg_views: wholeNumber.optional(),
  // At most 100: the indexer refuses rates above 100%, and OpenSearch's float field refuses values past ~3.4e38.
  min_engagement_rate: z
    .preprocess(decimal, z.number().min(0).max(ENGAGEMENT_RATE_MAX))
    .optional()
    .describe('Percent: 3 means 3%; 0 to 100'),
  // A loss is at most 100%; a gain is bounded by SUBS_GROWTH_MAX.
  min_subs_growth: z
    .preprocess(decimal, z.number().min(-100).max(SUBS_GROWTH_MAX))
    .optional()
    .describe(
      'Beyond the spec. Percent of subscribers gained over the last 30 days (growth.last30Days.subscribersPct): 5 means 5%, -2 a 2% loss; creators whose growth is unknown never match',
    ),
  has_sponsors: flag.optional(),
  video_format: z.enum(['short', 'long']).optional().describe('The dominant format of the channel'),
};

type Filters = { [K in keyof typeof creatorFilters]?: z.output<(typeof creatorFilters)[K]> };
const filterRules: Dependency<Filters>[] = [
  atMost('min_subscribers', 'max_subscribers'),
  requires('primary_niche_only', 'niche_category'),
];

// The default on the number, not on the wrapper that parses text: a document of what is sent shows the former's.
const page = z.preprocess(digits, z.int().min(1).meta({ default: 1 })).default(1);

/** What creator search and sponsor search can count beside a page (src/search/facets.ts). */
export const CREATOR_FACETS = ['niche', 'country', 'language', 'size', 'format'] as const;
export const SPONSOR_FACETS = ['kind', 'niche'] as const;
export type CreatorFacet = (typeof CREATOR_FACETS)[number];
export type SponsorFacet = (typeof SPONSOR_FACETS)[number];

/**
 * `facets=niche,country`: a comma-separated list of the allowed names (spaces around them allowed, repeats counted
 * once), as a pattern the document shows.
 */
const facetList = <F extends string>(allowed: readonly F[]) => {
  const name = ` *(?:${allowed.join('|')}) *`;
  return z
    .string()
    .regex(new RegExp(`^${name}(?:,${name})*$`), {
      error: ({ input }) => {
        // Spaces around a name are allowed, other white space is not: the name as the pattern reads it.
        const unknown = String(input)
          .split(',')
          .find((facet) => !allowed.includes(facet.replace(/^ +| +$/g, '') as F));
        return `unknown facet ${JSON.stringify(unknown?.slice(0, 30) ?? '')}; allowed: ${allowed.join(', ')}`;
      },
    })
    .meta({ examples: [allowed.slice(0, 2).join(','), allowed.join(',')] })
    .transform((text) => [...new Set(text.split(',').map((facet) => facet.trim() as F))])
    .optional()
    .describe(`Beyond the spec: counts to return beside the page, comma-separated, of ${allowed.join(', ')}; free`);
};

/** What creator search is asked: the text, the filters and the order; shared by the export. */
const creatorSearch = {
  query: searchText.meta({ examples: ['mechanical keyboards'] }).describe('Short topic, keyword, brand or name terms'),
  ...creatorFilters,
  sort: z
    .enum(SORTS)
    .optional()
    .describe(
      'Reorders the whole match set by the raw metric; subs_growth_desc (beyond the spec) by the 30-day subscriber growth in percent, creators whose growth is unknown last',
    ),
};

export const SearchCreatorsParams = withDependencies(
  z.object({ ...creatorSearch, facets: facetList(CREATOR_FACETS), page }),
  filterRules,
);
export type SearchCreatorsParams = z.output<typeof SearchCreatorsParams>;

export const SearchSponsorsParams = z.object({
  query: searchText.meta({ examples: ['nordvpn'] }).describe('Brand or sponsor name, domain or keyword'),
  facets: facetList(SPONSOR_FACETS),
});
export type SearchSponsorsParams = z.output<typeof SearchSponsorsParams>;

/** The most rows one export returns: the default depth a search can be paged to. */
export const EXPORT_MAX_ROWS = 1000;
export const EXPORT_FORMATS = ['csv', 'ndjson'] as const;

/** An export of creator search (beyond the spec): the search's parameters without paging, as rows of a file. */
export const ExportCreatorsParams = withDependencies(
  z.object({
    ...creatorSearch,
    format: z
      .enum(EXPORT_FORMATS)
      .meta({ default: 'csv' })
      .default('csv')
      .describe(
        'csv: UTF-8 with a BOM, every field quoted, CRLF (Excel opens it as is); ndjson: one CreatorSummary a line',
      ),
    max_rows: z
      .preprocess(digits, z.int().min(1).max(EXPORT_MAX_ROWS).meta({ default: EXPORT_MAX_ROWS }))
      .default(EXPORT_MAX_ROWS)
      .describe(
        `The most rows, 1 to ${EXPORT_MAX_ROWS} (and at most SEARCH_DEPTH_LIMIT); what they cost in pages is reserved up front, and the pages not sent are refunded`,
      ),
  }),
  filterRules,
);
export type ExportCreatorsParams = z.output<typeof ExportCreatorsParams>;

/** Lookalikes of a creator: the filters and paging of creator search; no query (the creator is the question). */
export const SimilarCreatorsParams = withDependencies(z.object({ ...creatorFilters, page }), filterRules);
export type SimilarCreatorsParams = z.output<typeof SimilarCreatorsParams>;

/**
 * A creator's detected sponsorships (beyond the spec): paged like search, filtered by a sponsor's numeric id (as
 * search prints it) and a confidence floor. An id no sponsor has is an empty page; an id that is no id is a 422.
 */
export const CreatorSponsorshipsParams = z.object({
  sponsor: z
    .preprocess(digits, z.int().min(1).max(Number.MAX_SAFE_INTEGER))
    .optional()
    .describe('A numeric sponsor id, as search and profiles print it'),
  min_confidence: z
    .preprocess(decimal, z.number().min(0).max(1).meta({ default: DEFAULT_MIN_CONFIDENCE }))
    .default(DEFAULT_MIN_CONFIDENCE)
    .describe(
      `Only sponsorships at least this sure, 0 to 1; default ${DEFAULT_MIN_CONFIDENCE}, the threshold the counts use`,
    ),
  page,
});
export type CreatorSponsorshipsParams = z.output<typeof CreatorSponsorshipsParams>;

// One schema per parameter: zod writes the examples of a schema used twice in one object for one of them only.
const day = () => z.iso.date().meta({ examples: ['2025-01-01', '2025-12-31'] });

/** A creator's dated snapshots (beyond the spec): newest first, paged like search, within an optional date range. */
export const CreatorHistoryParams = withDependencies(
  z.object({
    from: day().optional().describe('Only snapshots on or after this day, YYYY-MM-DD; not after to (else 422)'),
    to: day().optional().describe('Only snapshots on or before this day, YYYY-MM-DD'),
    page,
  }),
  [atMost('from', 'to')],
);
export type CreatorHistoryParams = z.output<typeof CreatorHistoryParams>;
/** Path ids are free text: anything that names no creator or sponsor is a 404, never a 422. */
export const CreatorIdParams = z.object({
  id: z.string().describe('Slug id, handle with or without @, UC… channel id, or creator-<numeric id>'),
});
export const SponsorIdParams = z.object({
  id: z.string().describe('Numeric sponsor id, brand name (any case and accents) or domain'),
});
