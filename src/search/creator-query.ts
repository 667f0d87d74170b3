// Pure builders of the OpenSearch requests behind creator search and lookup. User text only ever appears as
// the value of match/multi_match/term queries, never in query_string syntax or a script.
import type { SearchCreatorsParams, Sort } from '../contract/params.ts';
import type { Ranking } from './ranking.ts';

/** What a CreatorSummary is built from (also stored for a sponsor's top creators); details add their own. */
export const SUMMARY_SOURCE = [
  'creatorId',
  'slug',
  'handle',
  'name',
  'country',
  'language',
  'verified',
  'primaryNicheLabel',
  'topSponsors',
  'subscribers',
  'avgViews',
  'totalViews',
  'videoCount',
  'engagementRate',
  'youtubeUrl',
];
export const DETAIL_SOURCE = [...SUMMARY_SOURCE, 'description', 'nicheLabels', 'sponsors', 'links'];
export const AUDIENCE_SOURCE = ['creatorId', 'slug', 'handle', 'name', 'audience', 'audienceNote'];

type Query = Record<string, unknown>;
const boosted = (fields: Record<string, number>) => Object.entries(fields).map(([field, boost]) => `${field}^${boost}`);

/** Text relevance: words across fields, prefixes of names and handles, whole-query equality with a name. */
export function textQuery(text: string, ranking: Ranking['creators']): Query {
  const words = text.trim();
  const bare = words.replace(/^@+/, '');
  const should: Query[] = [
    {
      multi_match: {
        query: words,
        type: 'cross_fields',
        fields: boosted(ranking.text.fields),
        minimum_should_match: ranking.text.minimumShouldMatch,
      },
    },
    ...Object.entries(ranking.prefix.fields).map(([field, boost]) => ({
      match: { [field]: { query: bare, operator: 'and', boost } },
    })),
    ...Object.entries(ranking.exact.fields).map(([field, boost]) => ({
      term: { [field]: { value: field === 'handle' ? `@${bare}` : words, boost } },
    })),
  ];
  return { bool: { should, minimum_should_match: 1 } };
}

export function popularityBoosts(ranking: Ranking['creators']): Query[] {
  return Object.entries(ranking.popularity.signals).map(([field, { boost, pivot }]) => ({
    rank_feature: { field, boost, saturation: pivot === undefined ? {} : { pivot } },
  }));
}

/** Filters run in filter context: no scoring, and OpenSearch caches them. */
export function creatorFilters(p: SearchCreatorsParams): Query[] {
  const filters: Query[] = [];
  const range = (field: string, bounds: { gte?: number; lte?: number }) => {
    if (bounds.gte !== undefined || bounds.lte !== undefined) filters.push({ range: { [field]: bounds } });
  };
  if (p.niche_category)
    filters.push({ term: { [p.primary_niche_only ? 'primaryNiche' : 'niches']: p.niche_category } });
  if (p.country) filters.push({ term: { countryCode: p.country } });
  if (p.language) filters.push({ term: { languageCode: p.language } });
  range('subscribers', { gte: p.min_subscribers, lte: p.max_subscribers });
  range('avgViews', { gte: p.min_avg_views });
  range('engagementRate', { gte: p.min_engagement_rate });
  if (p.has_sponsors !== undefined) filters.push({ term: { hasSponsors: p.has_sponsors } });
  if (p.video_format) filters.push({ term: { videoFormat: p.video_format } });
  return filters;
}

const SORT_FIELDS: Record<Sort, [string, 'asc' | 'desc']> = {
  subs_desc: ['subscribers', 'desc'],
  subs_asc: ['subscribers', 'asc'],
  views_desc: ['totalViews', 'desc'],
  avg_views_desc: ['avgViews', 'desc'],
  engagement_desc: ['engagementRate', 'desc'],
};

/** The raw metric first when asked; ties by relevance, then by id, so pages never overlap or skip. */
export function creatorSort(sort: Sort | undefined): Query[] {
  const tail = [{ _score: { order: 'desc' } }, { creatorId: { order: 'asc' } }];
  if (!sort) return tail;
  const [field, order] = SORT_FIELDS[sort];
  return [{ [field]: { order, missing: '_last' } }, ...tail];
}

export function creatorSearchBody(
  p: SearchCreatorsParams,
  ranking: Ranking['creators'],
  window: { from: number; size: number },
): Query {
  return {
    from: window.from,
    size: window.size,
    track_total_hits: true,
    _source: SUMMARY_SOURCE,
    query: {
      bool: { must: [textQuery(p.query, ranking)], should: popularityBoosts(ranking), filter: creatorFilters(p) },
    },
    sort: creatorSort(p.sort),
  };
}

const MAX_ID_LENGTH = 100;

/**
 * One search that finds a creator by any of its ids: the slug, the handle with or without @ (any case, since the
 * fields are lower-case normalised), the UC… channel id, or creator-<numeric id>. An id that prints as a slug wins
 * over a numeric match, so every id the API prints resolves to its own creator. Undefined: cannot match anything.
 */
export function creatorLookupBody(id: string, source: string[]): Query | undefined {
  const text = id.trim();
  if (!text || text.length > MAX_ID_LENGTH) return undefined;
  const bare = text.replace(/^@/, '');
  const should: Query[] = [
    { term: { slug: { value: bare, boost: 4 } } },
    { term: { handle: { value: `@${bare}`, boost: 3 } } },
  ];
  if (/^UC[A-Za-z0-9_-]{22}$/.test(text)) should.push({ term: { channelId: { value: text, boost: 2 } } });
  const numeric = /^creator-(\d{1,15})$/i.exec(text)?.[1];
  if (numeric) should.push({ term: { creatorId: { value: Number(numeric), boost: 1 } } });
  return {
    size: 1,
    _source: source,
    query: { bool: { should, minimum_should_match: 1 } },
    sort: [{ _score: { order: 'desc' } }, { creatorId: { order: 'asc' } }],
  };
}
