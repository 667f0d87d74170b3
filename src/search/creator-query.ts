// Pure builders of the OpenSearch requests behind creator search and lookup. User text only ever appears as
// the value of match/multi_match/term queries, never in query_string syntax or a script.

import { countryByName, languageByName, remembered } from '../contract/locale.ts';
import type { SearchCreatorsParams, Sort } from '../contract/params.ts';
import { categoryScoring } from './category-query.ts';
import { type CreatorFacet, creatorFacetAggs, type NamedFilter } from './facets.ts';
import { ADD_POPULARITY_SCORE, signalsKey } from './indexed-popularity.ts';
import { nicheNamed } from './niche-intent.ts';
import type { CreatorRanking } from './profile.ts';

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
  'asOf',
  'growth',
] as const;
/** The stored field that holds each creator's rendered summary. */
export const STORED_SUMMARY = 'summary';
export const DETAIL_SOURCE = [...SUMMARY_SOURCE, 'description', 'nicheLabels', 'sponsors', 'links'];
export const AUDIENCE_SOURCE = ['creatorId', 'slug', 'handle', 'name', 'audience', 'audienceNote'];

type Query = Record<string, unknown>;
const boosted = (fields: Record<string, number>) => Object.entries(fields).map(([field, boost]) => `${field}^${boost}`);
const CREATOR_ID = /^creator-(\d{1,15})$/i;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;

/**
 * Text relevance, one clause per kind of match, each weighted by the profile: the words across fields (the strict
 * match), the same words with a typo each (names and handles), prefixes of names and handles, the whole query equal
 * to a handle, name or sponsor name, and the query equal to an id the API shows. `precise`: without the relaxed
 * clause, for a result list ordered by a metric, where a loose match would be listed by its size alone.
 */
export function textQuery(query: string, ranking: CreatorRanking, precise = false): Query {
  const words = query.trim();
  const bare = words.replace(/^@+/, '');
  // Words that name a language become a boost (hintBoosts) instead of words to match, unless nothing else is left.
  const topic = hintsFor(words, ranking).rest;
  const { text, literal, relaxed, fuzzy, prefix } = ranking;
  const acrossFields = (analyzer = text.analyzer, boost?: number, minimumShouldMatch = text.minimumShouldMatch) => ({
    multi_match: {
      query: topic,
      type: text.type,
      fields: boosted(text.fields),
      minimum_should_match: minimumShouldMatch,
      ...(analyzer && { analyzer }),
      ...(boost !== undefined && { boost }),
    },
  });
  const should: Query[] = [acrossFields()];
  // The same words without synonyms: never a match of its own (the synonyms include the word), only a lift.
  if (literal) should.push(acrossFields(literal.analyzer, literal.boost));
  if (relaxed && !precise) should.push(acrossFields(text.analyzer, relaxed.boost, relaxed.minimumShouldMatch));
  if (fuzzy) {
    for (const [field, boost] of Object.entries(fuzzy.fields)) {
      // A handle is one keyword: the query is compared whole, without spaces, as a handle.
      const query = field === 'handle' ? `@${bare.replace(/\s+/g, '')}` : bare;
      should.push({
        match: {
          [field]: {
            query,
            fuzziness: fuzzy.fuzziness,
            prefix_length: fuzzy.prefixLength,
            minimum_should_match: fuzzy.minimumShouldMatch,
            boost,
          },
        },
      });
    }
  }
  for (const [field, boost] of Object.entries(prefix?.fields ?? {})) {
    should.push({ match: { [field]: { query: bare, operator: 'and', boost } } });
  }
  should.push(...nameClauses(bare, ranking));
  return { bool: { should, minimum_should_match: 1 } };
}

/** The whole query equal to a handle, name or sponsor name, or to an id the API shows; `scale` multiplies boosts. */
function nameClauses(bare: string, { exact, ids }: CreatorRanking, scale = 1): Query[] {
  const clauses: Query[] = [];
  for (const [field, boost] of Object.entries(exact?.fields ?? {})) {
    clauses.push({ term: { [field]: { value: field === 'handle' ? `@${bare}` : bare, boost: boost * scale } } });
  }
  if (ids) {
    const boost = ids.boost * scale;
    clauses.push({ term: { slug: { value: bare, boost } } });
    if (CHANNEL_ID.test(bare)) clauses.push({ term: { channelId: { value: bare, boost } } });
    const numeric = CREATOR_ID.exec(bare)?.[1];
    if (numeric) clauses.push({ term: { creatorId: { value: Number(numeric), boost } } });
  }
  return clauses;
}

/** Short forms people type for a country, too short for the name index ("us" and "de" are words). */
// A Map, not an object: a word such as "constructor" would read an object's inherited property.
const COUNTRY_ALIASES = new Map([
  ['uk', 'GB'],
  ['usa', 'US'],
]);

/**
 * "gaming in german", "english cooking", "cooking vloggers uk", "travel new zealand": the language and the country a
 * query names, if any (names of 4+ letters, two-word country names, and the aliases above: "de" or "us" are words
 * too), and the query without its language words. A country stays in the query: "turkey recipes" or "Jordan
 * Peterson" are about the words as much as about a place, so the country only adds a boost.
 */
export function queryHints(text: string): { rest: string; language?: string; country?: string } {
  let language: string | undefined;
  let country: string | undefined;
  const words = text.split(/\s+/).filter(Boolean);
  const letters = words.map((word) => word.replace(/[^\p{L}]/gu, ''));
  const rest: string[] = [];
  for (const [i, word] of words.entries()) {
    const name = letters[i] ?? '';
    const asLanguage = language ? undefined : languageByName(name);
    if (asLanguage) {
      language = asLanguage;
      continue;
    }
    rest.push(word);
    if (country) continue;
    const next = letters[i + 1];
    country =
      COUNTRY_ALIASES.get(name.toLowerCase()) ??
      countryByName(name) ??
      (next ? countryByName(`${name} ${next}`) : undefined);
  }
  return { rest: rest.join(' '), language, country };
}

// Building one search asks for its query's hints and niche several times (its clauses, whether the stored popularity
// sum applies, whether it ranks as a category): the last query's answers are kept.
const lastHints = remembered(queryHints, 1);
const lastNiche = remembered(nicheNamed, 1);

/** The hints a query gives under a profile: only the kinds it weighs, and none for a handle ("@english"). */
function hintsFor(text: string, ranking: CreatorRanking): { rest: string; language?: string; country?: string } {
  const weights = ranking.hints;
  if (!weights || text.startsWith('@')) return { rest: text };
  const { rest, language, country } = lastHints(text);
  return {
    rest: (weights.language && language && rest) || text,
    language: weights.language ? language : undefined,
    country: weights.country ? country : undefined,
  };
}

/** Scores added, never filters: a caller's own country or language filter always decides what matches. */
export function hintBoosts(text: string, ranking: CreatorRanking, scale = 1): Query[] {
  const { language, country } = hintsFor(text.trim(), ranking);
  const boost = (weight: number | undefined) => (weight ?? 1) * scale;
  const boosts: Query[] = [];
  if (language) boosts.push({ term: { languageCode: { value: language, boost: boost(ranking.hints?.language) } } });
  if (country) boosts.push({ term: { countryCode: { value: country, boost: boost(ranking.hints?.country) } } });
  return boosts;
}

export function popularityBoosts(ranking: CreatorRanking): Query[] {
  return Object.entries(ranking.popularity?.signals ?? {}).map(([field, { boost, pivot }]) => ({
    rank_feature: { field, boost, saturation: pivot === undefined ? {} : { pivot } },
  }));
}

/** The search's filters in their order, each with the facet it belongs to. */
export function namedFilters(p: Omit<SearchCreatorsParams, 'query' | 'sort'>): NamedFilter[] {
  const filters: NamedFilter[] = [];
  const range = (field: string, bounds: { gte?: number; lte?: number }, facet?: CreatorFacet) => {
    if (bounds.gte !== undefined || bounds.lte !== undefined)
      filters.push({ facet, query: { range: { [field]: bounds } } });
  };
  if (p.niche_category)
    filters.push({
      facet: 'niche',
      query: { term: { [p.primary_niche_only ? 'primaryNiche' : 'niches']: p.niche_category } },
    });
  if (p.country) filters.push({ facet: 'country', query: { term: { countryCode: p.country } } });
  if (p.language) filters.push({ facet: 'language', query: { term: { languageCode: p.language } } });
  range('subscribers', { gte: p.min_subscribers, lte: p.max_subscribers }, 'size');
  range('avgViews', { gte: p.min_avg_views });
  range('engagementRate', { gte: p.min_engagement_rate });
  range('subsGrowthPct30', { gte: p.min_subs_growth });
  if (p.has_sponsors !== undefined) filters.push({ query: { term: { hasSponsors: p.has_sponsors } } });
  if (p.video_format) filters.push({ facet: 'format', query: { term: { videoFormat: p.video_format } } });
  return filters;
}

/** Filters run in filter context: no scoring, and OpenSearch caches them. */
export const creatorFilters = (p: Omit<SearchCreatorsParams, 'query' | 'sort'>): Query[] =>
  namedFilters(p).map((f) => f.query);

const SORT_FIELDS: Record<Sort, [string, 'asc' | 'desc']> = {
  subs_desc: ['subscribers', 'desc'],
  subs_asc: ['subscribers', 'asc'],
  views_desc: ['totalViews', 'desc'],
  avg_views_desc: ['avgViews', 'desc'],
  engagement_desc: ['engagementRate', 'desc'],
  subs_growth_desc: ['subsGrowthPct30', 'desc'],
};

/** The raw metric first when asked; ties by relevance, then by id, so pages never overlap or skip. */
export function creatorSort(sort: Sort | undefined): Query[] {
  const tail = [{ _score: { order: 'desc' } }, { creatorId: { order: 'asc' } }];
  if (!sort) return tail;
  const [field, order] = SORT_FIELDS[sort];
  return [{ [field]: { order, missing: '_last' } }, ...tail];
}

/** Whether creatorSearchBody adds the stored popularity sum instead of the popularity clauses. */
export function addsStoredPopularity(
  p: SearchCreatorsParams,
  ranking: CreatorRanking,
  indexedPopularity: string | undefined,
): boolean {
  return (
    storesProfileSignals(ranking, indexedPopularity) && !hintBoosts(p.query, ranking).length && !categoryOf(p, ranking)
  );
}

/** The niche a query names, when the profile ranks such queries as a category; none for a handle ("@gaming"). */
export function categoryOf(p: SearchCreatorsParams, ranking: CreatorRanking): string | undefined {
  if (!ranking.category || p.query.trim().startsWith('@')) return undefined;
  return lastNiche(hintsFor(p.query.trim(), ranking).rest);
}

const storesProfileSignals = (ranking: CreatorRanking, indexedPopularity: string | undefined) =>
  indexedPopularity !== undefined && indexedPopularity === signalsKey(ranking.popularity?.signals);

/**
 * `indexedPopularity`: the signals key the searched index recorded (indexed-popularity.ts). When it is the
 * profile's, the stored sum replaces the popularity clauses, unless the query gives hints: their boosts share the
 * clauses' sum, which the stored one, rounded on its own, cannot reproduce to the bit.
 */
export function creatorSearchBody(
  p: SearchCreatorsParams,
  ranking: CreatorRanking,
  window: { from: number; size: number },
  indexedPopularity?: string,
  nearest?: Nearest,
): Query {
  const bare = p.query.trim().replace(/^@+/, '');
  const named = namedFilters(p);
  // With facets, a facet's own filter moves to post_filter, so each facet's counts can leave it out (facets.ts):
  // the same hits, scores and totalFound.
  const faceted = p.facets?.length ? named.filter((f) => f.facet) : [];
  const filter = named.filter((f) => !faceted.includes(f)).map((f) => f.query);
  const hints = hintBoosts(p.query, ranking);
  const niche = categoryOf(p, ranking);
  const text = textQuery(p.query, ranking, p.sort !== undefined);
  let query: Query;
  if (niche && p.sort !== undefined) {
    // Ordered by a metric, a niche's name lists that niche's creators (and a creator of that very name): a word
    // that only a description shares, or a synonym's, would be listed by its size alone.
    const named = [{ term: { niches: niche } }, ...nameClauses(bare, ranking)];
    query = { bool: { must: [{ bool: { should: named, minimum_should_match: 1 } }], filter } };
  } else if (niche && ranking.category) {
    const { category, literal } = ranking;
    const words = hintsFor(p.query.trim(), ranking).rest;
    const should = [
      ...categoryScoring(p, niche, words, category, literal?.analyzer),
      ...nameClauses(bare, ranking, category.names),
      ...hintBoosts(p.query, ranking, category.hints),
    ];
    query = { bool: { must: [{ constant_score: { filter: text, boost: category.gate } }], should, filter } };
  } else if (!hints.length && storesProfileSignals(ranking, indexedPopularity)) {
    query = { script_score: { query: { bool: { must: [text], filter } }, script: ADD_POPULARITY_SCORE } };
  } else {
    query = { bool: { must: [text], should: [...popularityBoosts(ranking), ...hints], filter } };
  }
  // The nearest in meaning are found among creators every filter admits, facets or not.
  if (nearest && ranking.semantic && usesSemantic(p, ranking))
    query = withNearest(query, nearest, ranking.semantic, contentWords(p.query.trim()), creatorFilters(p));
  return {
    from: window.from,
    size: window.size,
    track_total_hits: true,
    // The summary the indexer rendered (present.ts, storedSummary): no _source to parse and filter per hit.
    _source: false,
    stored_fields: [STORED_SUMMARY],
    query,
    sort: creatorSort(p.sort),
    ...(faceted.length && { post_filter: { bool: { filter: faceted.map((f) => f.query) } } }),
    ...(p.facets?.length && { aggs: creatorFacetAggs(p.facets, faceted) }),
  };
}

/**
 * Whether a search adds the creators nearest in meaning: ranked by relevance only (a sort by a metric lists what the
 * words match), for a query of the profile's `minWords` content words or more (a name or a term is what its words
 * match; a description of what is wanted takes more words), not for a handle, which names one creator, and not for a niche's
 * name, which the category ranking answers with the niche's creators by size: nearness would only reorder them.
 */
export function usesSemantic(p: SearchCreatorsParams, ranking: CreatorRanking): boolean {
  const query = p.query.trim();
  return (
    ranking.semantic !== undefined &&
    contentWords(query) >= ranking.semantic.minWords &&
    p.sort === undefined &&
    !query.startsWith('@') &&
    !categoryOf(p, ranking)
  );
}

// Words that carry no topic of their own, so "The Urban Pup" and "Quentin's Bakery" count as names of two words.
const FUNCTION_WORDS = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** The query's words, a handle's underscores and a possessive's apostrophe inside a word, less FUNCTION_WORDS. */
export const contentWords = (query: string): number =>
  (query.toLowerCase().match(/[\p{L}\p{N}_'’]+/gu) ?? []).filter((word) => !FUNCTION_WORDS.has(word)).length;

/** The query's sentence vector, and how many creators the index it searches holds (its graph's size) when known. */
export interface Nearest {
  vector: number[];
  creators: number | undefined;
}

/** The lexical query, or the creators nearest the query's vector under the same filters; scores add up. */
function withNearest(
  lexical: Query,
  { vector, creators }: Nearest,
  semantic: NonNullable<CreatorRanking['semantic']>,
  words: number,
  filter: Query[],
): Query {
  const nearest = {
    vector,
    ...(semantic.k === undefined ? { min_score: semantic.minScore } : { k: semantic.k }),
    ...efSearchOf(semantic, filter.length > 0, creators),
    boost: semantic.boost + semantic.perWord * (words - semantic.minWords),
    ...(filter.length && { filter: { bool: { filter } } }),
  };
  return { bool: { should: [lexical, { knn: { [EMBEDDING]: nearest } }], minimum_should_match: 1 } };
}

export const EMBEDDING = 'embedding';

/** The `ef_search` a Lucene HNSW index uses when a search names none: a narrower width is never asked for. */
export const INDEX_EF_SEARCH = 100;
/** The widest asked for: a search's cost grows with its width (9 ms of OpenSearch at 4,000 over a million creators). */
export const MAX_EF_SEARCH = 10_000;

/**
 * A k-NN clause's graph search width, plain or under a filter: the profile's width for a million creators, in
 * proportion to the `creators` the index holds, since the same width finds fewer of the true nearest as the graph
 * grows (docs/semantic.md, "Recall"). Left to the index where that is no wider than its own, or the size is not known
 * yet; never below the profile's `k`, never past MAX_EF_SEARCH.
 */
export function efSearchOf(
  width: {
    k?: number | undefined;
    efSearchPerMillion?: number | undefined;
    efSearchFilteredPerMillion?: number | undefined;
  },
  filtered: boolean,
  creators: number | undefined,
): { method_parameters?: { ef_search: number } } {
  const perMillion = filtered
    ? (width.efSearchFilteredPerMillion ?? width.efSearchPerMillion)
    : width.efSearchPerMillion;
  if (perMillion === undefined || creators === undefined) return {};
  const scaled = Math.round((perMillion * creators) / 1_000_000);
  if (scaled <= INDEX_EF_SEARCH) return {};
  return { method_parameters: { ef_search: Math.min(MAX_EF_SEARCH, Math.max(width.k ?? 0, scaled)) } };
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
  if (CHANNEL_ID.test(text)) should.push({ term: { channelId: { value: text, boost: 2 } } });
  const numeric = CREATOR_ID.exec(text)?.[1];
  if (numeric) should.push({ term: { creatorId: { value: Number(numeric), boost: 1 } } });
  return {
    size: 1,
    _source: source,
    query: { bool: { should, minimum_should_match: 1 } },
    sort: [{ _score: { order: 'desc' } }, { creatorId: { order: 'asc' } }],
  };
}
