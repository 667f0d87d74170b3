// The profile's popularity clauses (rank_feature saturations of subscribers, views and engagement) depend on the
// creator alone, not on the query: the indexer stores their sum per creator (`popularityScore`), and a search adds
// it to the text score in one script instead of walking three feature postings alongside every text match. The index
// records the signals it was worked out for (`signalsKey`); a profile with other signals ranks with the clauses.
import type { CreatorRanking } from './profile.ts';

/** The stored sum's field (mappings/creators.json). */
export const POPULARITY_SCORE = 'popularityScore';

export type PopularitySignals = NonNullable<CreatorRanking['popularity']>['signals'];

const keys = new WeakMap<PopularitySignals, string | undefined>();

/**
 * Names a set of signals, whatever the order of its fields; undefined when there is nothing to work out at index
 * time: no signals, or one without a pivot (OpenSearch then estimates the pivot from the index at query time).
 */
export function signalsKey(signals: PopularitySignals | undefined): string | undefined {
  if (!signals) return undefined;
  // Asked on every search; a profile is never changed in place (a reload makes a new one), so once per profile.
  if (keys.has(signals)) return keys.get(signals);
  const fields = Object.keys(signals).sort();
  const key =
    fields.length && fields.every((field) => signals[field]?.pivot !== undefined)
      ? JSON.stringify(fields.map((field) => [field, signals[field]?.boost, signals[field]?.pivot]))
      : undefined;
  keys.set(signals, key);
  return key;
}

const float = new Float32Array(1);
const bits = new Uint32Array(float.buffer);

/** A positive value as a rank_feature field stores it: a float, truncated to its upper 17 bits. */
function asStored(value: number): number {
  float[0] = value;
  bits[0] = (bits[0] as number) & ~0x7fff;
  return float[0] as number;
}

/**
 * The sum of the signals' clause scores for one creator, as OpenSearch scores them: `value` reads a signal's field
 * (dotted, e.g. `popularity.subscribers`) from the creator's document; a field without a positive value does not
 * match, so adds nothing. The sum is Lucene's to the last bit: the feature value as a rank_feature field stores it
 * (the float's upper 17 bits), Lucene's saturation in float arithmetic, the clauses summed in double and rounded to
 * float as a disjunction does, so a search that adds it returns the same scores, and the same answers, as the three
 * clauses.
 */
export function popularityScore(signals: PopularitySignals, value: (field: string) => number | undefined): number {
  const f = Math.fround;
  let sum = 0; // in double, as Lucene's disjunction sums: exact for these few floats, so their order does not matter
  for (const [field, { boost, pivot }] of Object.entries(signals)) {
    const stored = value(field);
    if (stored === undefined || !(stored > 0) || pivot === undefined) continue;
    const v = asStored(stored);
    const p = f(pivot);
    // FeatureField.SaturationFunction: weight * (1 - pivot / (value + pivot)), each step in float
    sum += f(f(boost) * f(1 - f(p / f(v + p))));
  }
  return f(sum);
}

/** The script that adds the stored sum to the text score: a Lucene expression, compiled once and cached. */
export const ADD_POPULARITY_SCORE = { lang: 'expression', source: `_score + doc['${POPULARITY_SCORE}'].value` };
