// How many comments a language estimate needs: the estimate from the first k comments of a channel's sample against
// the estimate from all of them, as k grows. The distance is the total variation distance (half the sum of the
// differences of the shares): 0.05 means at most 5 points of share sit elsewhere.
import { identifyLanguage } from '../enrich/language.ts';
import { COMMENT_MIN_LETTERS } from './estimate.ts';

/** Where the estimate counts as settled: within this distance of the whole sample's, from there on. */
export const SETTLED = 0.05;
const STEP = 10;

export interface Stability {
  comments: number;
  /** Comments whose language could be told. */
  identified: number;
  /** The whole sample's language shares, largest first. */
  shares: [string, number][];
  /** The first half of the sample's estimate against the whole's. */
  halfVsWhole: number;
  /** The fewest comments (in steps of 10) from which every larger prefix is within SETTLED of the whole. */
  settledAt: number;
}

function sharesOf(languages: (string | null)[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const language of languages) if (language) counts.set(language, (counts.get(language) ?? 0) + 1);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return new Map([...counts].map(([language, n]) => [language, total ? n / total : 0]));
}

export function distance(a: Map<string, number>, b: Map<string, number>): number {
  let sum = 0;
  for (const key of new Set([...a.keys(), ...b.keys()])) sum += Math.abs((a.get(key) ?? 0) - (b.get(key) ?? 0));
  return sum / 2;
}

/** `languages`: each comment's language (null when it could not be told), in the order the sample was read. */
export function stabilityOf(languages: (string | null)[]): Stability {
  const whole = sharesOf(languages);
  let settledAt = languages.length;
  for (let k = Math.floor(languages.length / STEP) * STEP; k >= STEP; k -= STEP) {
    if (distance(sharesOf(languages.slice(0, k)), whole) > SETTLED) break;
    settledAt = k;
  }
  return {
    comments: languages.length,
    identified: languages.filter(Boolean).length,
    shares: [...whole].sort((a, b) => b[1] - a[1]),
    halfVsWhole: distance(sharesOf(languages.slice(0, Math.floor(languages.length / 2))), whole),
    settledAt,
  };
}

/** Each comment's language as the audience estimate tells it. */
export const languagesOf = (texts: string[]) => texts.map((text) => identifyLanguage(text, COMMENT_MIN_LETTERS));
