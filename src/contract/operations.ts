// The seven operations of the spec (§4): operationId, parameters, the 200 body and every documented status.
// Routes take their schemas from here, so the OpenAPI document and the MCP tools describe the same thing.
import { z } from 'zod';
import { DEFAULT_MIN_CONFIDENCE } from './confidence.ts';
import { ErrorSchema } from './error.ts';
import { CSV_COLUMNS } from './export-csv.ts';
import {
  CreatorHistoryParams,
  CreatorIdParams,
  CreatorSponsorshipsParams,
  EXPORT_MAX_ROWS,
  ExportCreatorsParams,
  QUERY_MAX_LENGTH,
  SearchCreatorsParams,
  SearchSponsorsParams,
  SimilarCreatorsParams,
  SponsorIdParams,
} from './params.ts';
import {
  AudienceSchema,
  CreatorDetailSchema,
  CreatorFacetsSchema,
  CreatorSummarySchema,
  CreditsSchema,
  NicheSchema,
  SnapshotSchema,
  SponsorDetailSchema,
  SponsorFacetsSchema,
  SponsorSummarySchema,
  SponsorshipSchema,
  UsageSchema,
} from './resources.ts';

const ERRORS = {
  401: ErrorSchema.describe('unauthorized: missing or invalid API key'),
  402: ErrorSchema.describe(
    "out_of_credits: no credits left this period; key_cap_reached: this key has spent its cap (the account's other keys are not affected)",
  ),
  403: ErrorSchema.describe('forbidden: the plan has no API access'),
  404: ErrorSchema.describe('not_found: no creator or sponsor matches the id'),
  422: ErrorSchema.describe('invalid_request: a parameter is missing or invalid'),
  429: ErrorSchema.describe('rate_limited: slow down and retry after Retry-After seconds'),
  503: ErrorSchema.describe('unavailable: a backing service is down; retry after Retry-After seconds'),
};
type Status = keyof typeof ERRORS;
const errors = (...statuses: Status[]) => Object.fromEntries(statuses.map((s) => [s, ERRORS[s]]));

/** The paging fields of a page of results (src/search/pagination.ts), in the contract's order. */
const paged = (totalFound: string) => ({
  page: z.int(),
  totalFound: z.int().describe(totalFound),
  returned: z.int(),
  hasMore: z.boolean(),
  nextPage: z.int().nullable(),
});
/** Which creator a page about one creator (lookalikes, sponsorships) is about. */
const creatorAskedAbout = () =>
  z.object({ id: z.string().describe('The slug id of the creator asked about'), name: z.string() });

export const SearchCreatorsResult = z.object({
  query: z.string().describe('The query sent'),
  ...paged('Every matching creator, counted exactly'),
  creators: z.array(CreatorSummarySchema),
  facets: CreatorFacetsSchema.optional(),
});
export const GetCreatorResult = z.object({ creator: CreatorDetailSchema });
/** The signals a lookalike can share with the creator asked about. */
export const SIGNALS = ['content', 'niche', 'size', 'sponsors'] as const;
export type Signal = (typeof SIGNALS)[number];

/** Beyond the spec (additive): lookalikes of a creator, each with the signals it shares with that creator. */
export const SimilarCreatorsResult = z.object({
  creator: creatorAskedAbout(),
  ...paged("Every lookalike found, counted exactly (at most the profile's k with vectors)"),
  creators: z.array(
    CreatorSummarySchema.extend({
      matched: z
        .array(z.enum(SIGNALS))
        .describe('What it shares with the creator: content (nearest in meaning), niche, size (band), sponsors'),
    }),
  ),
});
/** Beyond the spec (additive): a page of a creator's detected sponsorships, newest first, with their evidence. */
export const CreatorSponsorshipsResult = z.object({
  creator: creatorAskedAbout(),
  minConfidence: z.number().describe('The confidence floor applied'),
  ...paged('Every matching sponsorship, counted exactly'),
  sponsorships: z.array(SponsorshipSchema),
});
/** Beyond the spec (additive): a page of a creator's dated snapshots, newest first. */
export const CreatorHistoryResult = z.object({
  creator: creatorAskedAbout(),
  ...paged('Every snapshot in the range, counted exactly'),
  snapshots: z.array(SnapshotSchema),
});
export const CreatorAudienceResult = z.object({
  id: z.int().describe('Numeric creator id'),
  name: z.string(),
  handle: z.string(),
  note: z.string().optional().describe('Present only when there is no estimate; says why'),
  audience: AudienceSchema.nullable(),
});
export const SearchSponsorsResult = z.object({
  query: z.string(),
  returned: z.int(),
  sponsors: z.array(SponsorSummarySchema),
  facets: SponsorFacetsSchema.optional(),
});
export const GetSponsorResult = z.object({ sponsor: SponsorDetailSchema });
export const ListNichesResult = z.object({ niches: z.array(NicheSchema) });

/** Credits per successful call (§8): a search page or a lookup costs 1; niches and credits are free. */
export const COSTS = {
  searchCreators: 1,
  exportCreators: 1,
  getCreator: 1,
  getCreatorAudience: 1,
  findSimilarCreators: 1,
  getCreatorSponsorships: 1,
  getCreatorHistory: 1,
  searchSponsors: 1,
  getSponsor: 1,
  listNiches: 0,
  getCredits: 0,
  getUsage: 0,
} as const;

export type OperationId = keyof typeof COSTS;

export const OPERATIONS = {
  searchCreators: {
    operationId: 'searchCreators',
    summary: 'Search creators by topic, keyword, brand or name',
    description: `Relevance-ranked, paginated. Costs 1 credit per page. \`query\` is at most ${QUERY_MAX_LENGTH} characters; only the first SEARCH_DEPTH_LIMIT matches (default 1,000) can be paged through, while totalFound counts all.`,
    querystring: SearchCreatorsParams,
    response: { 200: SearchCreatorsResult, ...errors(401, 402, 403, 422, 429, 503) },
  },
  exportCreators: {
    operationId: 'exportCreators',
    summary: 'Export a creator search as CSV or NDJSON',
    description: `Beyond the spec. Up to ${EXPORT_MAX_ROWS} creators of a search (the same parameters but page and facets), streamed in the search's order: the same creators as its pages. Costs 1 credit per page's worth of rows (the caller's page size), as paging would: what max_rows can cost is reserved up front (X-Credits-Reserved), the pages not sent are refunded, and the trailers X-Credits-Charged and X-Credits-Remaining say what it cost. A client that hangs up pays for the pages handed to the network before it left. CSV columns: ${CSV_COLUMNS.join(', ')}.`,
    querystring: ExportCreatorsParams,
    response: {
      200: {
        description: 'The rows: CSV (format=csv) or NDJSON (format=ndjson)',
        content: {
          'text/csv': { schema: z.string().describe('UTF-8 with a BOM, a header row, every field quoted, CRLF') },
          'application/x-ndjson': { schema: z.string().describe('One CreatorSummary (JSON) a line') },
        },
      },
      ...errors(401, 402, 403, 422, 429, 503),
    },
  },
  getCreator: {
    operationId: 'getCreator',
    summary: 'Get a creator profile',
    description: 'Costs 1 credit. The id is the slug from search, a handle with or without @, or a UC… channel id.',
    params: CreatorIdParams,
    response: { 200: GetCreatorResult, ...errors(401, 402, 403, 404, 429, 503) },
  },
  findSimilarCreators: {
    operationId: 'findSimilarCreators',
    summary: 'Find creators similar to a creator',
    description:
      "Beyond the spec. Costs 1 credit per page, like search, with the same filters, paging and page size. Same ids as getCreator. Ranked by how near in meaning each creator's content is, and by a shared niche, size band and sponsors; each says which it matched.",
    params: CreatorIdParams,
    querystring: SimilarCreatorsParams,
    response: { 200: SimilarCreatorsResult, ...errors(401, 402, 403, 404, 422, 429, 503) },
  },
  getCreatorSponsorships: {
    operationId: 'getCreatorSponsorships',
    summary: "List a creator's detected sponsorships with their evidence",
    description: `Beyond the spec. Costs 1 credit per page, paged like search. Same ids as getCreator. Each sponsorship is a video with its title, date, sponsor, the line that discloses it, the rule that found it and a confidence; newest first. sponsor filters by numeric sponsor id (an unknown one gives an empty page); min_confidence (0 to 1) defaults to ${DEFAULT_MIN_CONFIDENCE}, the threshold sponsorshipCount and the sponsor lists count at, so the default pages add up to them.`,
    params: CreatorIdParams,
    querystring: CreatorSponsorshipsParams,
    response: { 200: CreatorSponsorshipsResult, ...errors(401, 402, 403, 404, 422, 429, 503) },
  },
  getCreatorHistory: {
    operationId: 'getCreatorHistory',
    summary: "List a creator's dated snapshots (subscribers, views, videos)",
    description:
      'Beyond the spec. Costs 1 credit per page, paged like search. Same ids as getCreator. One snapshot per day an import or refresh read the creator, newest first; from and to (YYYY-MM-DD) bound the dates. The newest is the figures the profile shows (its asOf); growth is derived from them.',
    params: CreatorIdParams,
    querystring: CreatorHistoryParams,
    response: { 200: CreatorHistoryResult, ...errors(401, 402, 403, 404, 422, 429, 503) },
  },
  getCreatorAudience: {
    operationId: 'getCreatorAudience',
    summary: "Get a creator's audience estimate",
    description: 'Costs 1 credit. Same ids as getCreator. audience is null, with a note, when no estimate exists.',
    params: CreatorIdParams,
    response: { 200: CreatorAudienceResult, ...errors(401, 402, 403, 404, 429, 503) },
  },
  searchSponsors: {
    operationId: 'searchSponsors',
    summary: 'Search sponsors (brands) by name, domain or keyword',
    description: 'Costs 1 credit. Ranked by detected sponsorships; at most SPONSOR_RESULTS (default 25).',
    querystring: SearchSponsorsParams,
    response: { 200: SearchSponsorsResult, ...errors(401, 402, 403, 422, 429, 503) },
  },
  getSponsor: {
    operationId: 'getSponsor',
    summary: 'Get a sponsor profile with its top creators',
    description: 'Costs 1 credit. The id is the numeric id from search, the brand name (any case) or its domain.',
    params: SponsorIdParams,
    response: { 200: GetSponsorResult, ...errors(401, 402, 403, 404, 429, 503) },
  },
  listNiches: {
    operationId: 'listNiches',
    summary: 'List niche categories',
    description: 'Free. Use a value as niche_category.',
    response: { 200: ListNichesResult, ...errors(401, 403, 429) },
  },
  getCredits: {
    operationId: 'getCredits',
    summary: 'Check the credit balance',
    description: 'Free.',
    response: { 200: CreditsSchema, ...errors(401, 403, 429) },
  },
  getUsage: {
    operationId: 'getUsage',
    summary: 'Credits spent this period, by key, endpoint and day',
    description:
      "Beyond the spec. Free. Every key of the account with its cap and what it spent, and the account's spending by endpoint and by day (UTC), for the current period. Unlimited accounts spend no credits, so theirs is empty.",
    response: { 200: UsageSchema, ...errors(401, 403, 429, 503) },
  },
} as const;
