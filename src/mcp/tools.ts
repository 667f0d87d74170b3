// The MCP tools: one per REST operation, with the same parameter and result schemas (src/contract) and the same
// functions behind them (src/search/catalog.ts), so a tool result is exactly the REST body for the same input.
import { z } from 'zod';
import { creditsOf, type Grant } from '../access/access.ts';
import { DEFAULT_MIN_CONFIDENCE } from '../contract/confidence.ts';
import { NICHES } from '../contract/niches.ts';
import {
  COSTS,
  CreatorAudienceResult,
  CreatorHistoryResult,
  CreatorSponsorshipsResult,
  GetCreatorResult,
  GetSponsorResult,
  ListNichesResult,
  type OperationId,
  SearchCreatorsResult,
  SearchSponsorsResult,
  SimilarCreatorsResult,
} from '../contract/operations.ts';
import {
  CreatorHistoryParams,
  CreatorIdParams,
  CreatorSponsorshipsParams,
  SearchCreatorsParams,
  SearchSponsorsParams,
  SimilarCreatorsParams,
  SponsorIdParams,
} from '../contract/params.ts';
import { CreditsSchema } from '../contract/resources.ts';
import type { Catalog } from '../search/catalog.ts';

export interface Tool {
  name: string;
  operationId: OperationId;
  description: string;
  input: z.ZodType;
  output: z.ZodType;
  run: (catalog: Catalog, args: never, grant: Grant) => Promise<unknown>;
  /** A short text rendering of the result for models that do not read structured content. */
  render: (result: never) => string;
}

const cost = (op: OperationId, per = '') => (COSTS[op] ? `Costs ${COSTS[op]} credit${per}.` : 'Free.');
const none = z.object({});
const summary = (c: {
  name: string;
  handle: string;
  subscribers: number;
  country: string | null;
  primaryNiche: string | null;
}) =>
  `${c.name} (${c.handle}) · ${c.subscribers.toLocaleString('en')} subscribers · ${c.primaryNiche ?? 'no niche'} · ${c.country ?? 'unknown country'}`;

const define = <I extends z.ZodType, O extends z.ZodType>(tool: {
  name: string;
  operationId: OperationId;
  description: string;
  input: I;
  output: O;
  run: (catalog: Catalog, args: z.output<I>, grant: Grant) => Promise<z.input<O>>;
  render: (result: z.input<O>) => string;
}): Tool => tool as unknown as Tool;

export const TOOLS: Tool[] = [
  define({
    name: 'search_creators',
    operationId: 'searchCreators',
    description: `Find YouTube creators by short topic, keyword, brand or name terms (not sentences), with optional filters (niche_category from list_niches, country, language, subscriber and view floors, engagement, 30-day subscriber growth in percent as min_subs_growth, has_sponsors, video_format) and sort (subs_growth_desc: fastest-growing first). facets (niche,country,language,size,format) adds counts per value over the whole match set, to see how a search splits before narrowing it. Relevance-ranked, paginated: follow nextPage for more. ${cost('searchCreators', ' per page')}`,
    input: SearchCreatorsParams,
    output: SearchCreatorsResult,
    run: (catalog, args, grant) => catalog.searchCreators(args, grant.pageSize),
    render: (r) =>
      [
        `${r.totalFound} creators match "${r.query}"; page ${r.page} shows ${r.returned}${r.hasMore ? `, next page ${r.nextPage}` : ''}.`,
        ...r.creators.map((c) => `- ${summary(c)} · id ${c.id}`),
      ].join('\n'),
  }),
  define({
    name: 'get_creator',
    operationId: 'getCreator',
    description: `Full profile of one creator: description, niches, links and complete sponsor history. id: the id from search_creators, a handle with or without @, or a UC… channel id. ${cost('getCreator')}`,
    input: CreatorIdParams,
    output: GetCreatorResult,
    run: (catalog, args) => catalog.creator(args.id),
    render: ({ creator }) =>
      `${summary(creator)}\nSponsors: ${creator.sponsors.map((s) => `${s.name} (${s.sponsorshipCount})`).join(', ') || 'none detected'}`,
  }),
  define({
    name: 'find_similar_creators',
    operationId: 'findSimilarCreators',
    description: `Creators like a given one: nearest in what their content is about, ranked also by a shared niche, size band and sponsors; each result says which of these it matched. id: as for get_creator. The same optional filters as search_creators (no query, no sort), paginated: follow nextPage for more. ${cost('findSimilarCreators', ' per page')}`,
    input: SimilarCreatorsParams.safeExtend(CreatorIdParams.shape),
    output: SimilarCreatorsResult,
    run: (catalog, { id, ...params }, grant) => catalog.similarCreators(id, params, grant.pageSize),
    render: (r) =>
      [
        `${r.totalFound} creators like ${r.creator.name}; page ${r.page} shows ${r.returned}${r.hasMore ? `, next page ${r.nextPage}` : ''}.`,
        ...r.creators.map((c) => `- ${summary(c)} · id ${c.id} · shares ${c.matched.join(', ') || 'nothing named'}`),
      ].join('\n'),
  }),
  define({
    name: 'get_creator_history',
    operationId: 'getCreatorHistory',
    description: `One creator's figures over time: a snapshot (subscribers, total views, video count, average views) for each day an import read them, newest first. id: as for get_creator. Optional from and to (YYYY-MM-DD) bound the dates. Paginated: follow nextPage for more. ${cost('getCreatorHistory', ' per page')}`,
    input: CreatorHistoryParams.safeExtend(CreatorIdParams.shape),
    output: CreatorHistoryResult,
    run: (catalog, { id, ...params }, grant) => catalog.creatorHistory(id, params, grant.pageSize),
    render: (r) =>
      [
        `${r.totalFound} snapshots of ${r.creator.name}; page ${r.page} shows ${r.returned}${r.hasMore ? `, next page ${r.nextPage}` : ''}.`,
        ...r.snapshots.map(
          (s) =>
            `- ${s.date}: ${s.subscribers.toLocaleString('en')} subscribers, ${s.totalViews.toLocaleString('en')} views, ${s.videoCount} videos`,
        ),
      ].join('\n'),
  }),
  define({
    name: 'get_creator_sponsorships',
    operationId: 'getCreatorSponsorships',
    description: `The sponsorships detected in one creator's videos, newest first, each with the video (id, URL, title, date), the sponsor, the line that discloses it, the rule that found it and a confidence from 0 to 1. id: as for get_creator. Optional sponsor (a numeric sponsor id from search_sponsors) and min_confidence (default ${DEFAULT_MIN_CONFIDENCE}, the threshold the sponsorship counts use; ask for more to be surer). Paginated: follow nextPage for more. ${cost('getCreatorSponsorships', ' per page')}`,
    input: CreatorSponsorshipsParams.safeExtend(CreatorIdParams.shape),
    output: CreatorSponsorshipsResult,
    run: (catalog, { id, ...params }, grant) => catalog.creatorSponsorships(id, params, grant.pageSize),
    render: (r) =>
      [
        `${r.totalFound} sponsorships of ${r.creator.name} at confidence ${r.minConfidence} or more; page ${r.page} shows ${r.returned}${r.hasMore ? `, next page ${r.nextPage}` : ''}.`,
        ...r.sponsorships.map(
          (s) => `- ${s.publishedAt} ${s.sponsor.name} (${s.confidence}) in "${s.title}" ${s.videoUrl}: ${s.line}`,
        ),
      ].join('\n'),
  }),
  define({
    name: 'get_creator_audience',
    operationId: 'getCreatorAudience',
    description: `Estimated audience of one creator: age, gender, country and language shares, interests and a confidence. Same ids as get_creator. ${cost('getCreatorAudience')}`,
    input: CreatorIdParams,
    output: CreatorAudienceResult,
    run: (catalog, args) => catalog.audience(args.id),
    render: (r) =>
      r.audience
        ? `${r.name}: audience estimate (${r.audience.confidenceLabel} confidence); top countries ${Object.entries(
            r.audience.geoDistribution,
          )
            .sort((a, b) => b[1] - a[1])
            .slice(0, 3)
            .map(([c, s]) => `${c} ${Math.round(s * 100)}%`)
            .join(', ')}`
        : `${r.name}: no audience estimate (${r.note}).`,
  }),
  define({
    name: 'search_sponsors',
    operationId: 'searchSponsors',
    description: `Find sponsors (brands) by name, domain or keyword; ranked by detected sponsorships. ${cost('searchSponsors')}`,
    input: SearchSponsorsParams,
    output: SearchSponsorsResult,
    run: (catalog, args) => catalog.searchSponsors(args.query, undefined, args.facets),
    render: (r) =>
      [
        `${r.returned} sponsors match "${r.query}".`,
        ...r.sponsors.map((s) => `- ${s.name} (id ${s.id}) · ${s.sponsorshipCount} sponsorships`),
      ].join('\n'),
  }),
  define({
    name: 'get_sponsor',
    operationId: 'getSponsor',
    description: `Full profile of one sponsor: stats, niches and its top creators. id: the numeric id from search_sponsors, the brand name or its domain. ${cost('getSponsor')}`,
    // search_sponsors gives the id as a JSON number: taken as one too, as the REST path's text.
    input: z.object({ id: z.union([SponsorIdParams.shape.id, z.int()]) }),
    output: GetSponsorResult,
    run: (catalog, args) => catalog.sponsor(String(args.id)),
    render: ({ sponsor }) =>
      `${sponsor.name} · ${sponsor.sponsorshipCount} sponsorships with ${sponsor.stats.creatorCount} creators\nTop creators: ${sponsor.topCreators.map((c) => c.name).join(', ') || 'none'}`,
  }),
  define({
    name: 'list_niches',
    operationId: 'listNiches',
    description: `The niche categories; use a value as niche_category in search_creators. ${cost('listNiches')}`,
    input: none,
    output: ListNichesResult,
    run: async () => ({ niches: NICHES }),
    render: (r) => r.niches.map((n) => `${n.value}: ${n.label}`).join('\n'),
  }),
  define({
    name: 'get_credits',
    operationId: 'getCredits',
    description: `The caller's plan and credit balance for this period. ${cost('getCredits')}`,
    input: none,
    output: CreditsSchema,
    run: async (_catalog, _args, grant) => creditsOf(grant),
    render: (r) =>
      r.unlimited
        ? `Plan ${r.plan}: unlimited.`
        : `Plan ${r.plan}: ${r.balance} of ${r.allowance} credits left; renews ${r.renewsAt}.`,
  }),
];

export const TOOLS_BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));
