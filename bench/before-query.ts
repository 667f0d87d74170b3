// FROZEN: the creator-search request shape that was live when the speed work of issue 17 began (commit
// ce2a376, src/search/creator-query.ts), kept word for word as the benchmark's fixed "before" target. bench/api.ts
// runs it beside the live shape and checks that both return the same top 25 and totalFound for every query of the
// mix before it reports a speed-up. It renders the same ranking profile as the live shape, so only the way a profile
// becomes a request is frozen. Never edit it to follow src/: that would move the target being measured against.

import { countryByName, languageByName } from '../src/contract/locale.ts';
import type { SearchCreatorsParams, Sort } from '../src/contract/params.ts';
import { categoryOf, creatorSearchBody } from '../src/search/creator-query.ts';
import type { CreatorRanking } from '../src/search/profile.ts';

/** What a CreatorSummary is built from (also stored for a sponsor's top creators); details add their own. */
const SUMMARY_SOURCE = [
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

type Query = Record<string, unknown>;
const boosted = (fields: Record<string, number>) => Object.entries(fields).map(([field, boost]) => `${field}^${boost}`);
const CREATOR_ID = /^creator-(\d{1,15})$/i;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;

/**
 * Text relevance, one clause per kind of match, each weighted by the profile: the words across fields (the strict
 * match), the same words with a typo each (names and handles), prefixes of names and handles, the whole query equal
 * to a handle, name or sponsor name, and the query equal to an id the API shows.
 */
function textQuery(query: string, ranking: CreatorRanking): Query {
  const words = query.trim();
  const bare = words.replace(/^@+/, '');
  // Words that name a language become a boost (hintBoosts) instead of words to match, unless nothing else is left.
  const topic = hintsFor(words, ranking).rest;
  const { text, literal, relaxed, fuzzy, prefix, exact, ids } = ranking;
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
  if (relaxed) should.push(acrossFields(text.analyzer, relaxed.boost, relaxed.minimumShouldMatch));
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
  for (const [field, boost] of Object.entries(exact?.fields ?? {})) {
    should.push({ term: { [field]: { value: field === 'handle' ? `@${bare}` : bare, boost } } });
  }
  if (ids) {
    should.push({ term: { slug: { value: bare, boost: ids.boost } } });
    if (CHANNEL_ID.test(bare)) should.push({ term: { channelId: { value: bare, boost: ids.boost } } });
    const numeric = CREATOR_ID.exec(bare)?.[1];
    if (numeric) should.push({ term: { creatorId: { value: Number(numeric), boost: ids.boost } } });
  }
  return { bool: { should, minimum_should_match: 1 } };
}

/** Short forms people type for a country, too short for the name index ("us" and "de" are words). */
const COUNTRY_ALIASES: Record<string, string> = { uk: 'GB', usa: 'US' };

/**
 * "gaming in german", "english cooking", "cooking vloggers uk", "travel new zealand": the language and the country a
 * query names, if any (names of 4+ letters, two-word country names, and the aliases above: "de" or "us" are words
 * too), and the query without its language words. A country stays in the query: "turkey recipes" or "Jordan
 * Peterson" are about the words as much as about a place, so the country only adds a boost.
 */
function queryHints(text: string): { rest: string; language?: string; country?: string } {
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
      COUNTRY_ALIASES[name.toLowerCase()] ??
      countryByName(name) ??
      (next ? countryByName(`${name} ${next}`) : undefined);
  }
  return { rest: rest.join(' '), language, country };
}

/** The hints a query gives under a profile: only the kinds it weighs, and none for a handle ("@english"). */
function hintsFor(text: string, ranking: CreatorRanking): { rest: string; language?: string; country?: string } {
  const weights = ranking.hints;
  if (!weights || text.startsWith('@')) return { rest: text };
  const { rest, language, country } = queryHints(text);
  return {
    rest: (weights.language && language && rest) || text,
    language: weights.language ? language : undefined,
    country: weights.country ? country : undefined,
  };
}

/** Scores added, never filters: a caller's own country or language filter always decides what matches. */
function hintBoosts(text: string, ranking: CreatorRanking): Query[] {
  const { language, country } = hintsFor(text.trim(), ranking);
  const boosts: Query[] = [];
  if (language) boosts.push({ term: { languageCode: { value: language, boost: ranking.hints?.language } } });
  if (country) boosts.push({ term: { countryCode: { value: country, boost: ranking.hints?.country } } });
  return boosts;
}

function popularityBoosts(ranking: CreatorRanking): Query[] {
  return Object.entries(ranking.popularity?.signals ?? {}).map(([field, { boost, pivot }]) => ({
    rank_feature: { field, boost, saturation: pivot === undefined ? {} : { pivot } },
  }));
}

/** Filters run in filter context: no scoring, and OpenSearch caches them. */
function creatorFilters(p: SearchCreatorsParams): Query[] {
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
  subs_growth_desc: ['subsGrowthPct30', 'desc'],
};

/** The raw metric first when asked; ties by relevance, then by id, so pages never overlap or skip. */
function creatorSort(sort: Sort | undefined): Query[] {
  const tail = [{ _score: { order: 'desc' } }, { creatorId: { order: 'asc' } }];
  if (!sort) return tail;
  const [field, order] = SORT_FIELDS[sort];
  return [{ [field]: { order, missing: '_last' } }, ...tail];
}

export function beforeSearchBody(
  p: SearchCreatorsParams,
  ranking: CreatorRanking,
  window: { from: number; size: number },
): Query {
  // Recorded change (issue 37, 2026-11-26): what two kinds of request ask changed, not how they are sent. A sorted
  // request no longer takes loose (relaxed) matches, and a query that names a niche is ranked as a category
  // (src/search/category-query.ts). For those the target renders the live builder's question by its clause path
  // (no stored popularity sum), so the check still compares like with like; nothing else here follows src/.
  if (p.sort !== undefined || categoryOf(p, ranking)) return creatorSearchBody(p, ranking, window);
  return {
    from: window.from,
    size: window.size,
    track_total_hits: true,
    _source: SUMMARY_SOURCE,
    query: {
      bool: {
        must: [textQuery(p.query, ranking)],
        should: [...popularityBoosts(ranking), ...hintBoosts(p.query, ranking)],
        filter: creatorFilters(p),
      },
    },
    sort: creatorSort(p.sort),
  };
}
