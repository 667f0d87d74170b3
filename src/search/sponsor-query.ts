// Pure builders of the OpenSearch requests behind sponsor search and lookup (user text only as query values).
import type { SponsorRanking } from './profile.ts';

export const SPONSOR_SUMMARY_SOURCE = [
  'sponsorId',
  'name',
  'kind',
  'website',
  'domain',
  'sponsorshipCount',
  'lastSponsorshipDate',
  'asOf',
];
export const SPONSOR_DETAIL_SOURCE = [
  ...SPONSOR_SUMMARY_SOURCE,
  'description',
  'socialLinks',
  'creatorCount',
  'totalReach',
  'averageCreatorSize',
  'firstSponsorshipDate',
  'nicheLabels',
  'topCreators',
];

type Query = Record<string, unknown>;

/** "https://www.Nord-VPN.com/pricing" → "nord-vpn.com": how a domain is compared (the field is lower-cased). */
export function domainOf(text: string): string {
  return text
    .trim()
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/[/?#].*$/, '');
}

/** Case and accents are folded by the fields' normaliser; spacing is folded here. */
export const normaliseName = (text: string) => text.trim().replace(/\s+/g, ' ');

/** Matches names (typo-tolerant, by prefix, or whole), domains and description keywords. */
export function sponsorSearchBody(text: string, ranking: SponsorRanking, size: number): Query {
  const words = normaliseName(text);
  return {
    size,
    _source: SPONSOR_SUMMARY_SOURCE,
    query: {
      bool: {
        should: [
          { match: { name: { query: words, fuzziness: ranking.name.fuzziness, boost: ranking.name.boost } } },
          { match: { 'name.prefix': { query: words, operator: 'and', boost: ranking.name.prefixBoost } } },
          { term: { 'name.exact': { value: words, boost: ranking.name.exactBoost } } },
          { term: { domain: { value: domainOf(words), boost: ranking.domainBoost } } },
          {
            match: {
              description: {
                query: words,
                minimum_should_match: ranking.description.minimumShouldMatch,
                boost: ranking.description.boost,
              },
            },
          },
        ],
        minimum_should_match: 1,
      },
    },
    // The spec ranks sponsors by detected sponsorships; relevance and then id only break ties.
    sort: [{ sponsorshipCount: { order: 'desc' } }, { _score: { order: 'desc' } }, { sponsorId: { order: 'asc' } }],
  };
}

const MAX_ID_LENGTH = 200;

/**
 * A sponsor by numeric id, by name (exact once case, accents and spacing are folded) or by domain. Ids out of
 * the safe integer range are not sent as numbers (OpenSearch would reject them); they simply match nothing.
 */
export function sponsorLookupBody(id: string): Query | undefined {
  const text = normaliseName(id);
  if (!text || text.length > MAX_ID_LENGTH) return undefined;
  const should: Query[] = [
    { term: { 'name.exact': { value: text, boost: 2 } } },
    { term: { domain: { value: domainOf(text), boost: 1 } } },
  ];
  if (/^\d{1,15}$/.test(text)) should.push({ term: { sponsorId: { value: Number(text), boost: 3 } } });
  return {
    size: 1,
    _source: SPONSOR_DETAIL_SOURCE,
    query: { bool: { should, minimum_should_match: 1 } },
    sort: [{ _score: { order: 'desc' } }, { sponsorId: { order: 'asc' } }],
  };
}
