// Facet counts beside a page of search: per value of a field, how many of the whole match set have it, computed by
// aggregations in the search's own request. As faceted search does, each facet's counts leave out its own filter
// (the search moves the facets' filters to post_filter; each facet's aggregation applies the others), so a user
// filtering one country still sees how many match in the others.
import { countryLabel, languageLabel } from '../contract/locale.ts';
import { NICHE_LIST } from '../contract/niches.ts';
import type { CreatorFacet, SponsorFacet } from '../contract/params.ts';
import type { FacetValue } from '../contract/resources.ts';

export type { CreatorFacet };

type Query = Record<string, unknown>;

/** A filter of creator search, and the facet whose counts leave it out, if it is one's (creator-query.ts). */
export interface NamedFilter {
  facet?: CreatorFacet;
  query: Query;
}

/** Subscriber bands as the influencer-marketing trade names them; nano takes in the smallest channels too. */
export const SIZE_BANDS = [
  { value: 'nano', label: 'Nano (under 10K)', to: 10_000 },
  { value: 'micro', label: 'Micro (10K–100K)', from: 10_000, to: 100_000 },
  { value: 'mid', label: 'Mid-tier (100K–500K)', from: 100_000, to: 500_000 },
  { value: 'macro', label: 'Macro (500K–1M)', from: 500_000, to: 1_000_000 },
  { value: 'mega', label: 'Mega (1M+)', from: 1_000_000 },
] as const;

const niches = new Map(NICHE_LIST.map((n) => [n.value, n.label]));
const FORMATS: Record<string, string> = { short: 'Shorts', long: 'Long-form' };
const KINDS: Record<string, string> = {
  consumer_brand: 'Consumer brand',
  app: 'App',
  financial: 'Financial',
  retail: 'Retail',
  service: 'Service',
  game: 'Game',
};

/** What each facet counts: a field's values, or the size bands. */
const CREATOR_COUNTS: Record<CreatorFacet, Query> = {
  niche: { terms: { field: 'niches', size: NICHE_LIST.length } },
  country: { terms: { field: 'countryCode', size: 300 } },
  language: { terms: { field: 'languageCode', size: 200 } },
  format: { terms: { field: 'videoFormat', size: 2 } },
  size: {
    range: {
      field: 'subscribers',
      keyed: true,
      ranges: SIZE_BANDS.map(({ value, label: _, ...range }) => ({ key: value, ...range })),
    },
  },
};

/** Per facet asked for: its counts under every facet filter but its own (`faceted`: the search's facet filters). */
export function creatorFacetAggs(facets: readonly CreatorFacet[], faceted: NamedFilter[]): Query {
  return Object.fromEntries(
    facets.map((facet) => {
      const others = faceted.filter((f) => f.facet !== facet).map((f) => f.query);
      const filter = others.length ? { bool: { filter: others } } : { match_all: {} };
      return [facet, { filter, aggs: { values: CREATOR_COUNTS[facet] } }];
    }),
  );
}

/** Sponsor search has no filters: each facet counts over its whole match set. */
export function sponsorFacetAggs(facets: readonly SponsorFacet[]): Query {
  const counts: Record<SponsorFacet, Query> = {
    kind: { terms: { field: 'kind', size: Object.keys(KINDS).length } },
    niche: { terms: { field: 'niches', size: NICHE_LIST.length } },
  };
  return Object.fromEntries(
    facets.map((facet) => [facet, { filter: { match_all: {} }, aggs: { values: counts[facet] } }]),
  );
}

interface Buckets {
  values: { buckets: { key: string; doc_count: number }[] | Record<string, { doc_count: number }> };
}

const LABELS: Record<CreatorFacet | SponsorFacet, (value: string) => string> = {
  niche: (v) => niches.get(v) ?? v,
  country: (v) => countryLabel(v) ?? v,
  language: (v) => languageLabel(v) ?? v,
  format: (v) => FORMATS[v] ?? v,
  kind: (v) => KINDS[v] ?? v,
  size: (v) => SIZE_BANDS.find((b) => b.value === v)?.label ?? v,
};

/** Codes as the API prints them elsewhere: countries in capitals (the index folds them to lower case). */
const shown = (facet: string, key: string) => (facet === 'country' ? key.toUpperCase() : key);

/** The aggregations' answer as the response's `facets`: per facet, its values, the most frequent first (sizes in band order). */
export function presentFacets(
  facets: readonly (CreatorFacet | SponsorFacet)[],
  aggregations: Record<string, Buckets> | undefined,
): Record<string, FacetValue[]> {
  return Object.fromEntries(
    facets.map((facet) => {
      const buckets = aggregations?.[facet]?.values.buckets ?? [];
      const pairs: [string, number][] = Array.isArray(buckets)
        ? buckets.map((b) => [shown(facet, b.key), b.doc_count])
        : SIZE_BANDS.map((band) => [band.value, buckets[band.value]?.doc_count ?? 0]);
      return [facet, pairs.map(([value, count]) => ({ value, label: LABELS[facet](value), count }))];
    }),
  );
}
