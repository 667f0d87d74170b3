// A ranking profile is a JSON file (relevance/profiles/*.json) that an analyst edits without reading TypeScript:
// the API and the relevance workbench both render their queries from it with the same functions. This schema
// checks a profile before it is used, so a typo is refused with the field it is in instead of ranking silently wrong.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { issuesLine } from '../contract/issues.ts';

const boost = z.number().positive();
const boosts = z.record(z.string(), boost);
/** The k-NN search's `ef_search` for a million creators (OpenSearch's `method_parameters`), scaled to the index. */
const efSearchPerMillion = z.int().min(1).max(100_000).optional();
const minimumShouldMatch = z.string().regex(/^[0-9<%\s-]+$/, 'a minimum_should_match such as "2<75%"');
const fuzziness = z.string().regex(/^(AUTO(:\d+,\d+)?|[012])$/, 'AUTO, AUTO:low,high, 0, 1 or 2');

const CreatorRanking = z.strictObject({
  about: z.string().optional(),
  text: z.strictObject({
    about: z.string().optional(),
    /** cross_fields: each word may match in any field; best_fields/most_fields: plain BM25 per field. */
    type: z.enum(['cross_fields', 'best_fields', 'most_fields']).default('cross_fields'),
    fields: boosts,
    minimumShouldMatch,
    /** A search analyzer of mappings/creators.json; omitted, each field's own. */
    analyzer: z.string().min(1).optional(),
  }),
  literal: z
    .strictObject({
      about: z.string().optional(),
      /** A search analyzer without synonyms: the words as typed score above their synonyms. */
      analyzer: z.string().min(1),
      boost,
    })
    .optional(),
  relaxed: z
    .strictObject({
      about: z.string().optional(),
      /** Fewer words than text.minimumShouldMatch, so one unknown word does not sink the rest; scored low. */
      minimumShouldMatch,
      boost,
    })
    .optional(),
  fuzzy: z
    .strictObject({
      about: z.string().optional(),
      fields: boosts,
      fuzziness,
      prefixLength: z.int().min(0).max(10),
      minimumShouldMatch,
    })
    .optional(),
  prefix: z.strictObject({ about: z.string().optional(), fields: boosts }).optional(),
  exact: z.strictObject({ about: z.string().optional(), fields: boosts }).optional(),
  ids: z.strictObject({ about: z.string().optional(), boost }).optional(),
  hints: z
    .strictObject({ about: z.string().optional(), language: boost.optional(), country: boost.optional() })
    .optional(),
  popularity: z
    .strictObject({
      about: z.string().optional(),
      signals: z.record(z.string(), z.strictObject({ boost, pivot: z.number().positive().optional() })),
    })
    .optional(),
  /**
   * Semantic search: a k-NN clause over the creators' sentence vectors beside the lexical ones. It adds to what the
   * words match the `k` creators nearest the query, or those whose score reaches `minScore` (filters applied), each
   * scored `boost` × (1 + cosine) / 2, for queries of `minWords` words or more. Absent: lexical search only. The
   * words' score grows with each word that matches, so `perWord` adds that much boost for each content word beyond
   * `minWords`: a long description would otherwise drown its meaning in incidental word matches.
   * `efSearchPerMillion` (with `k`) is how many candidates the HNSW graph search keeps before the k nearest are
   * taken, for an index of a million creators and in proportion to the index's size (efSearchOf): a larger graph
   * finds fewer of the true nearest at the same width (docs/semantic.md, "Recall"). `efSearchFilteredPerMillion`
   * replaces it under a filter, where each candidate must also pass the filter, so the search visits about
   * ef ÷ (share of creators kept) nodes and the same recall needs a much smaller value.
   */
  semantic: z
    .strictObject({
      about: z.string().optional(),
      boost,
      k: z.int().min(1).max(1000).optional(),
      efSearchPerMillion,
      efSearchFilteredPerMillion: efSearchPerMillion,
      minScore: z.number().gt(0.5).max(1).optional(),
      minWords: z.int().min(1).max(20).default(1),
      perWord: z.number().min(0).max(100).default(0),
    })
    .refine((s) => (s.k === undefined) !== (s.minScore === undefined), 'give either k or minScore')
    .refine(
      (s) => s.k !== undefined || (s.efSearchPerMillion ?? s.efSearchFilteredPerMillion) === undefined,
      'efSearchPerMillion and efSearchFilteredPerMillion need k (a search by minScore takes no width)',
    )
    .optional(),
  /**
   * Lookalikes (GET /creators/{id}/similar): the `k` creators nearest a creator's vector, each scored `content` ×
   * (1 + cosine) / 2, plus `niche` when it shares a niche, `size` when its subscribers are within `sizeBand` times
   * the creator's, `sponsors` when it shares a sponsor. Without vectors, the three signals alone.
   */
  similar: z
    .strictObject({
      about: z.string().optional(),
      k: z.int().min(1).max(1000),
      content: boost,
      niche: boost,
      size: boost,
      sizeBand: z.number().gt(1),
      sponsors: boost,
    })
    .optional(),
  /** A query that names a niche: the text match as a gate, and how much each creator matters (category-query.ts). */
  category: z
    .strictObject({
      about: z.string().optional(),
      /** The constant score of matching the text at all. */
      gate: boost,
      /** Creators whose primary niche is the one named. */
      primaryNiche: boost,
      /** rank_feature fields scored as boost * ln(1 + value). */
      signals: boosts,
      /** Verified channels. */
      verified: boost.optional(),
      /** The same, again, for the metric a floor in the request names (min_subscribers, min_engagement_rate…). */
      floor: boost,
      /** The query's words as written (no synonyms) in these fields. */
      mention: z.strictObject({ fields: boosts, boost }),
      /** The exact-name and id clauses (`exact`, `ids`) weigh this many times more, so a named creator stays first. */
      names: boost,
      /** The language and country hints weigh this many times more: "beauty in english" is about the language too. */
      hints: boost,
    })
    .optional(),
});

const SponsorRanking = z.strictObject({
  about: z.string().optional(),
  name: z.strictObject({ boost, fuzziness, prefixBoost: boost, exactBoost: boost }),
  domainBoost: boost,
  description: z.strictObject({ boost, minimumShouldMatch }),
});

export const ProfileSchema = z.strictObject({
  about: z.string().optional(),
  creators: CreatorRanking,
  sponsors: SponsorRanking,
});

export type Ranking = z.output<typeof ProfileSchema>;
export type CreatorRanking = Ranking['creators'];
export type SponsorRanking = Ranking['sponsors'];

/** A validated profile with what names it in logs and reports: its file name and a digest of its content. */
export interface Profile {
  name: string;
  file: string;
  /** The first 12 hex characters of the SHA-256 of the file: changes whenever the content does. */
  version: string;
  ranking: Ranking;
}

export const PROFILES_DIR = path.resolve(import.meta.dirname, '../../relevance/profiles');
export const DEFAULT_PROFILE = path.join(PROFILES_DIR, 'default.json');

export class ProfileError extends Error {
  override name = 'ProfileError';
}

/** Validates a profile's text; a ProfileError names the file and each wrong field (e.g. `creators.text.fields`). */
export function parseProfile(text: string, file: string): Profile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ProfileError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = ProfileSchema.safeParse(json);
  if (!parsed.success) throw new ProfileError(`${file}: ${issuesLine(parsed.error, '(top level)')}`);
  return {
    name: path.basename(file, '.json'),
    file,
    version: createHash('sha256').update(text).digest('hex').slice(0, 12),
    ranking: parsed.data,
  };
}

export function loadProfile(file = DEFAULT_PROFILE): Profile {
  const resolved = path.resolve(file);
  let text: string;
  try {
    text = readFileSync(resolved, 'utf8');
  } catch (error) {
    throw new ProfileError(`${resolved}: cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  return parseProfile(text, resolved);
}
