// Lookalikes: the creators most like a given one, as one request built from the profile's `similar` section.
import type { SimilarCreatorsParams } from '../contract/params.ts';
import { creatorFilters, EMBEDDING, SUMMARY_SOURCE } from './creator-query.ts';
import type { CreatorRanking } from './profile.ts';

type Query = Record<string, unknown>;
export type SimilarRanking = NonNullable<CreatorRanking['similar']>;

/** What a creator's lookalikes are found from. */
export interface SimilarTarget {
  creatorId: number;
  niches: string[];
  subscribers: number;
  sponsorNames: string[];
  /** The creator's vector, when the index holds one and semantic search is on. */
  embedding?: number[];
}

/** What is read of the creator asked about (its vector too, when semantic search is on). */
export const SIMILAR_SOURCE = ['creatorId', 'slug', 'name', 'niches', 'subscribers', 'sponsorNames'];

/** Used when a profile has no `similar` section. */
export const DEFAULT_SIMILAR: SimilarRanking = { k: 100, content: 10, niche: 1, size: 2, sizeBand: 3, sponsors: 1 };

/**
 * The `k` creators nearest the target in meaning (the request's filters applied, the target left out), ranked by
 * that and by the signals they share with it. Without a vector, the creators sharing a niche or a sponsor, ranked
 * by the signals alone. Each clause is named for its signal (SIGNALS), so each hit's `matched_queries` say which.
 */
export function similarCreatorsBody(
  target: SimilarTarget,
  params: SimilarCreatorsParams,
  similar: SimilarRanking,
  window: { from: number; size: number },
): Query {
  const filter = creatorFilters(params);
  const others = { term: { creatorId: target.creatorId } };
  const signals: Query[] = [{ range: { subscribers: { ...sizeBand(target.subscribers, similar), _name: 'size' } } }];
  const sharing: Query[] = [];
  if (target.niches.length) sharing.push({ terms: { niches: target.niches, boost: similar.niche, _name: 'niche' } });
  if (target.sponsorNames.length) {
    const names = target.sponsorNames.map((name) => name.toLowerCase());
    sharing.push({ terms: { 'sponsorNames.exact': names, boost: similar.sponsors, _name: 'sponsors' } });
  }
  const query = target.embedding
    ? {
        bool: {
          must: [
            {
              knn: {
                [EMBEDDING]: {
                  vector: target.embedding,
                  k: similar.k,
                  filter: { bool: { filter, must_not: [others] } },
                  boost: similar.content,
                  _name: 'content',
                },
              },
            },
          ],
          should: [...sharing, ...signals],
          filter,
          must_not: [others],
        },
      }
    : {
        bool: {
          must: [{ bool: { should: sharing, minimum_should_match: 1 } }],
          should: signals,
          filter,
          must_not: [others],
        },
      };
  return {
    from: window.from,
    size: window.size,
    track_total_hits: true,
    _source: SUMMARY_SOURCE,
    query,
    sort: [{ _score: { order: 'desc' } }, { creatorId: { order: 'asc' } }],
  };
}

/** Subscribers within `sizeBand` times the target's either way: the same size band. */
function sizeBand(subscribers: number, similar: SimilarRanking) {
  return {
    gte: Math.floor(subscribers / similar.sizeBand),
    lte: Math.ceil(subscribers * similar.sizeBand),
    boost: similar.size,
  };
}
