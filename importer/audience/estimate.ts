// An audience estimate from a channel's public side: a sample of its recent comments and what the commenters' own
// channels declare. Each distribution counts only what says something (a comment whose language is identified, a
// commenter who declares a country, an unambiguous first name), and the confidence grows with those counts
// (README, "Decisions beyond the contract": audience). Age has no public signal here: it stays empty, and the
// estimate's note says so.
import type { Audience } from '../../indexer/records.ts';
import { identifyLanguage } from '../enrich/language.ts';
import { genderOf } from './names.ts';

export interface Comment {
  authorChannelId: string;
  authorName: string;
  text: string;
}

/** What an import keeps of a channel's comments: the published ones it read, and each commenter's country. */
export interface CommentSample {
  /** When the sample was read (ISO 8601). */
  fetchedAt: string;
  comments: Comment[];
  /**
   * What each commenter's own channel says: the country it declares (ISO 3166-1 alpha-2, null where none), and its
   * title, the name its owner gave it (a comment shows the @handle instead since 2023).
   */
  commenters: Record<string, { country: string | null; title: string | null }>;
}

/** Comments are short but all of one language: fewer letters than a channel's text suffice. */
export const COMMENT_MIN_LETTERS = 20;
/** A distribution's reliability is n / (n + HALF_AT): 0.5 from 50 counted, 0.8 from 200, 0.9 from 450. */
export const HALF_AT = 50;
export const NO_AGE = 'No age estimate: nothing public about commenters supports one.';

/** Shares of a tally, four decimals, largest first. */
function shares(tally: Map<string, number>): Record<string, number> {
  const total = [...tally.values()].reduce((a, b) => a + b, 0);
  return Object.fromEntries(
    [...tally]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([key, n]) => [key, Math.round((10_000 * n) / total) / 10_000]),
  );
}

const count = (tally: Map<string, number>, key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
const reliability = (n: number) => n / (n + HALF_AT);

/** Null when the sample holds no comment: there is nothing to estimate from. */
export function estimateAudience(sample: CommentSample): Audience | null {
  if (sample.comments.length === 0) return null;
  const languages = new Map<string, number>();
  const commenters = new Map<string, string>();
  for (const comment of sample.comments) {
    const language = identifyLanguage(comment.text, COMMENT_MIN_LETTERS);
    if (language) count(languages, language);
    if (!commenters.has(comment.authorChannelId)) commenters.set(comment.authorChannelId, comment.authorName);
  }
  const countries = new Map<string, number>();
  const genders = new Map<string, number>();
  for (const [id, shown] of commenters) {
    const own = sample.commenters[id];
    if (own?.country && /^[A-Z]{2}$/.test(own.country)) count(countries, own.country);
    const gender = genderOf(own?.title ?? shown);
    if (gender) count(genders, gender);
  }
  const counted = { language: sum(languages), country: sum(countries), gender: sum(genders) };
  const confidence = (reliability(counted.language) + reliability(counted.country) + reliability(counted.gender)) / 3;
  return {
    ageDistribution: {},
    genderDistribution: shares(genders),
    geoDistribution: shares(countries),
    languageDistribution: shares(languages),
    interests: [],
    confidence: Math.round(confidence * 100) / 100,
    computedAt: sample.fetchedAt,
    sample: {
      comments: sample.comments.length,
      commenters: commenters.size,
      withLanguage: counted.language,
      withCountry: counted.country,
      withGender: counted.gender,
    },
    note: `From ${sample.comments.length} public comments by ${commenters.size} commenters: languages from the ${counted.language} whose language could be told, countries from the ${counted.country} commenters who declare one, gender from the ${counted.gender} whose channel or display name starts with an unambiguous first name (US name data). ${NO_AGE}`,
  };
}

const sum = (tally: Map<string, number>) => [...tally.values()].reduce((a, b) => a + b, 0);
