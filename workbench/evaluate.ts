// Runs judged queries through OpenSearch's _rank_eval with exactly the requests the API sends (src/search/
// requests.ts renders both), and turns its per-query details into the workbench's figures per class and overall.
import type { Client } from '@opensearch-project/opensearch';
import { type Judgment, searchParams } from '../common/judgments.ts';
import { SimilarCreatorsParams } from '../src/contract/params.ts';
import { creatorLookupBody, EMBEDDING, type Nearest, usesSemantic } from '../src/search/creator-query.ts';
import { aliases } from '../src/search/indices.ts';
import type { Profile } from '../src/search/profile.ts';
import type { QueryVectors } from '../src/search/query-vectors.ts';
import {
  creatorSearchRequest,
  type SearchRequest,
  type SearchSettings,
  similarCreatorsRequest,
  sponsorSearchRequest,
} from '../src/search/requests.ts';
import { SIMILAR_SOURCE, type SimilarTarget } from '../src/search/similar-query.ts';

/** Results a metric looks at (the first page a user reads). */
export const K = 10;
/** Grades at or above this count as relevant for P@10 and MRR; nDCG uses every grade. */
export const RELEVANT = 2;
/** Judged queries per _rank_eval call: the progress line moves at this step. */
const CHUNK = 50;

export interface Metrics {
  /** nDCG@10 as _rank_eval computes it. */
  ndcg: number;
  /** P@10: share of the first 10 results graded ≥ 2 (unrated results count as not relevant). */
  precision: number;
  /** Reciprocal rank of the first result graded ≥ 2 within the first 10, else 0. */
  mrr: number;
  /** 1 when a result with the query's best grade is first (navigational: the creator asked for). */
  hit1: number;
  /** 1 when a result with the query's best grade is among the first 3. */
  hit3: number;
  /** 1 when the search finds nothing. */
  zero: number;
  /**
   * Share of the query's best-graded creators among the first 10 (of at most 10 of them): "8 of a niche's 10
   * biggest on page 1" is 0.8; for a navigational query, whether the creator is on it.
   */
  best10: number;
}
export const METRICS: (keyof Metrics)[] = ['ndcg', 'precision', 'mrr', 'hit1', 'hit3', 'best10', 'zero'];
export const METRIC_LABELS: Record<keyof Metrics, string> = {
  ndcg: 'nDCG@10',
  precision: 'P@10',
  mrr: 'MRR',
  hit1: 'hit@1',
  hit3: 'hit@3',
  best10: 'best@10',
  zero: 'zero-result',
};

export interface QueryOutcome {
  /** Position in the judgment files, from 0; the same query keeps its key across profiles. */
  key: string;
  source: string;
  class: string;
  target: Judgment['target'];
  query: string;
  filters?: Record<string, string | number | boolean>;
  metrics: Metrics;
  /** The first 10 results: shown id, name, and grade (null: not judged). */
  top: { id: string; name: string; grade: number | null }[];
  /** Rated ids that name nothing in the loaded data (judgments for another dataset). */
  unknownIds: string[];
}

export interface Summary extends Metrics {
  queries: number;
}

export interface Evaluation {
  profile: { name: string; version: string; file: string };
  at: string;
  seconds: number;
  queries: QueryOutcome[];
  classes: Record<string, Summary>;
  overall: Summary;
}

export interface EvaluateOptions {
  client: Client;
  profile: Profile;
  judgments: Judgment[];
  settings: SearchSettings;
  /** Creators per page, as the API serves them (PAGE_SIZE). */
  pageSize: number;
  /** Queries' sentence vectors, as the API embeds them, when the index holds creators' vectors of that model. */
  vectors?: LiveVectors;
  onProgress?: (done: number, total: number) => void;
}

/**
 * The request the API would send for a judged query. A lookalike judgment's needs the creator it names as the API
 * reads it (similarTargetFor); without one (not in the loaded data) it matches nothing.
 */
export function renderRequest(
  judgment: Judgment,
  profile: Profile,
  settings: SearchSettings,
  pageSize: number,
  nearest?: Nearest,
  similar?: SimilarTarget,
): SearchRequest {
  if (judgment.target === 'sponsors') return sponsorSearchRequest(judgment.query, profile.ranking, settings);
  if (judgment.target === 'creators')
    return creatorSearchRequest(searchParams(judgment), pageSize, profile.ranking, settings, undefined, nearest);
  const firstPage = SimilarCreatorsParams.parse({ page: 1 });
  return similar
    ? similarCreatorsRequest(similar, firstPage, pageSize, profile.ranking, settings)
    : { index: aliases(settings.indexPrefix).creators, body: { query: { match_none: {} } } };
}

/** The creator a lookalike judgment names, read as the API reads it: its vector too when the API would use it. */
export async function similarTargetFor(
  client: Client,
  judgment: Judgment,
  settings: SearchSettings,
  withVector: boolean,
): Promise<SimilarTarget | undefined> {
  if (judgment.target !== 'similar') return undefined;
  const lookup = creatorLookupBody(judgment.query, [...SIMILAR_SOURCE, ...(withVector ? [EMBEDDING] : [])]);
  if (!lookup) return undefined;
  const { body } = await client.search({ index: aliases(settings.indexPrefix).creators, body: lookup });
  return (body.hits.hits[0]?._source as SimilarTarget | undefined) ?? undefined;
}

/** The API's query vectors, and how many creators the live index holds (the k-NN search's width follows it). */
export interface LiveVectors {
  embed: QueryVectors;
  creators: number;
}

/** The query's vector when the API would embed it (live-index.ts and catalog.ts decide the same way). */
export async function nearestFor(
  judgment: Judgment,
  profile: Profile,
  vectors: LiveVectors | undefined,
): Promise<Nearest | undefined> {
  const semantic = judgment.target === 'creators' && usesSemantic(searchParams(judgment), profile.ranking.creators);
  return vectors && semantic
    ? { vector: await vectors.embed.vectorOf(judgment.query), creators: vectors.creators }
    : undefined;
}

interface Doc {
  index: string;
  id: string;
  shown: string;
  name: string;
}

/** The field that holds what the API shows as a document's id: a creator's slug, a sponsor's number. */
export const SHOWN_ID = { creators: 'slug', sponsors: 'sponsorId' } as const;
type Kind = keyof typeof SHOWN_ID;

/** Resolves shown ids (any case) to documents of the concrete index behind the alias. */
async function resolveIds(client: Client, alias: string, kind: Kind, ids: string[]) {
  const found = new Map<string, Doc>();
  const field = SHOWN_ID[kind];
  const values = kind === 'sponsors' ? ids.filter((id) => /^\d{1,15}$/.test(id)).map(Number) : ids;
  for (let i = 0; i < values.length; i += 5000) {
    const chunk = values.slice(i, i + 5000);
    const { body } = await client.search({
      index: alias,
      body: { size: chunk.length, _source: [field, 'name'], query: { terms: { [field]: chunk } } },
    });
    for (const hit of body.hits.hits as { _index: string; _id: string; _source: Record<string, unknown> }[]) {
      const id = String(hit._source[field]);
      found.set(id.toLowerCase(), { index: hit._index, id: hit._id, shown: id, name: String(hit._source.name) });
    }
  }
  return found;
}

/** Shown ids and names of the documents a search returned that no judgment rated. */
async function describeDocs(client: Client, kind: Kind, keys: { index: string; id: string }[]) {
  const docs = new Map<string, Doc>();
  const field = SHOWN_ID[kind];
  for (let i = 0; i < keys.length; i += 5000) {
    const chunk = keys.slice(i, i + 5000);
    const { body } = await client.mget({
      body: { docs: chunk.map((k) => ({ _index: k.index, _id: k.id, _source: [field, 'name'] })) },
    });
    for (const d of body.docs as { _index: string; _id: string; found: boolean; _source?: Record<string, unknown> }[]) {
      if (d.found && d._source) {
        docs.set(`${d._index}/${d._id}`, {
          index: d._index,
          id: d._id,
          shown: String(d._source[field]),
          name: String(d._source.name),
        });
      }
    }
  }
  return docs;
}

interface RankEvalHit {
  hit: { _index: string; _id: string };
  rating: number | null;
}
interface RankEvalResponse {
  details: Record<string, { metric_score: number; hits: RankEvalHit[] }>;
  failures: Record<string, unknown>;
}

const METRIC_BODIES = {
  ndcg: { dcg: { k: K, normalize: true } },
  precision: { precision: { k: K, relevant_rating_threshold: RELEVANT, ignore_unlabeled: false } },
  mrr: { mean_reciprocal_rank: { k: K, relevant_rating_threshold: RELEVANT } },
};

async function rankEval(
  client: Client,
  index: string,
  requests: unknown[],
  metric: keyof typeof METRIC_BODIES,
): Promise<RankEvalResponse> {
  const { body } = await client.transport.request({
    method: 'POST',
    path: `/${index}/_rank_eval`,
    body: { requests, metric: METRIC_BODIES[metric] },
  });
  const response = body as RankEvalResponse;
  const failed = Object.entries(response.failures ?? {});
  if (failed.length) {
    const [id, reason] = failed[0] as [string, unknown];
    throw new Error(
      `_rank_eval failed for ${failed.length} quer${failed.length === 1 ? 'y' : 'ies'}, e.g. ${id}: ${JSON.stringify(reason).slice(0, 300)}`,
    );
  }
  return response;
}

export function summarise(outcomes: QueryOutcome[]): Summary {
  const summary: Summary = {
    queries: outcomes.length,
    ndcg: 0,
    precision: 0,
    mrr: 0,
    hit1: 0,
    hit3: 0,
    best10: 0,
    zero: 0,
  };
  if (!outcomes.length) return summary;
  for (const metric of METRICS) {
    summary[metric] = outcomes.reduce((sum, o) => sum + o.metrics[metric], 0) / outcomes.length;
  }
  return summary;
}

export function byClass(outcomes: QueryOutcome[]): Record<string, Summary> {
  const groups = new Map<string, QueryOutcome[]>();
  for (const o of outcomes) groups.set(o.class, [...(groups.get(o.class) ?? []), o]);
  return Object.fromEntries([...groups.keys()].sort().map((name) => [name, summarise(groups.get(name) ?? [])]));
}

/** Where the first result with the query's best grade stands (1-based), or Infinity. */
function bestRank(hits: RankEvalHit[], best: number): number {
  const index = hits.findIndex((h) => h.rating !== null && h.rating >= best);
  return index < 0 ? Number.POSITIVE_INFINITY : index + 1;
}

export async function evaluate(options: EvaluateOptions): Promise<Evaluation> {
  const { client, profile, judgments, settings, pageSize } = options;
  const started = Date.now();
  const outcomes: QueryOutcome[] = [];
  const progress = { done: 0, total: judgments.length };
  for (const target of ['creators', 'sponsors', 'similar'] as const) {
    const judged = judgments.map((j, i) => ({ j, key: `q${i}` })).filter(({ j }) => j.target === target);
    if (!judged.length) continue;
    const kind = target === 'sponsors' ? 'sponsors' : 'creators';
    const alias = renderRequest(judged[0]?.j as Judgment, profile, settings, pageSize).index;
    const rated = [...new Set(judged.flatMap(({ j }) => Object.keys(j.ratings)))];
    const known = await resolveIds(client, alias, kind, rated);
    const unrated = new Map<string, { index: string; id: string }>();
    for (let start = 0; start < judged.length; start += CHUNK) {
      const chunk = judged.slice(start, start + CHUNK);
      const nearest = await Promise.all(chunk.map(({ j }) => nearestFor(j, profile, options.vectors)));
      const similar = await Promise.all(
        chunk.map(({ j }) => similarTargetFor(client, j, settings, options.vectors !== undefined)),
      );
      const requests = chunk.map(({ j, key }, i) => ({
        id: key,
        request: renderRequest(j, profile, settings, pageSize, nearest[i], similar[i]).body,
        ratings: Object.entries(j.ratings).flatMap(([id, grade]) => {
          const doc = known.get(id.toLowerCase());
          return doc ? [{ _index: doc.index, _id: doc.id, rating: grade }] : [];
        }),
      }));
      const [ndcg, precision, mrr] = await Promise.all(
        (['ndcg', 'precision', 'mrr'] as const).map((m) => rankEval(client, alias, requests, m)),
      );
      for (const { j, key } of chunk) {
        const hits = ndcg?.details[key]?.hits ?? [];
        const best = Math.max(...Object.values(j.ratings));
        const rank = bestRank(hits, best);
        const bestKnown = Object.entries(j.ratings).filter(
          ([id, g]) => g === best && known.has(id.toLowerCase()),
        ).length;
        const bestFound = hits.filter((h) => h.rating === best).length;
        for (const h of hits)
          if (h.rating === null) unrated.set(`${h.hit._index}/${h.hit._id}`, { index: h.hit._index, id: h.hit._id });
        outcomes.push({
          key,
          source: j.source,
          class: j.class,
          target,
          query: j.query,
          ...(j.filters && { filters: j.filters }),
          metrics: {
            ndcg: ndcg?.details[key]?.metric_score ?? 0,
            precision: precision?.details[key]?.metric_score ?? 0,
            mrr: mrr?.details[key]?.metric_score ?? 0,
            hit1: rank <= 1 ? 1 : 0,
            hit3: rank <= 3 ? 1 : 0,
            best10: bestKnown === 0 ? 0 : bestFound / Math.min(K, bestKnown),
            zero: hits.length === 0 ? 1 : 0,
          },
          // Filled below, once the unrated documents are known.
          top: hits.map((h) => ({ id: `${h.hit._index}/${h.hit._id}`, name: '', grade: h.rating })),
          unknownIds: Object.keys(j.ratings).filter((id) => !known.has(id.toLowerCase())),
        });
      }
      progress.done += chunk.length;
      options.onProgress?.(progress.done, progress.total);
    }
    const byKey = new Map([...known.values()].map((d) => [`${d.index}/${d.id}`, d]));
    for (const [k, d] of await describeDocs(client, kind, [...unrated.values()])) byKey.set(k, d);
    for (const o of outcomes.filter((o) => o.target === target)) {
      o.top = o.top.map((t) => {
        const doc = byKey.get(t.id);
        return { id: doc?.shown ?? t.id, name: doc?.name ?? '', grade: t.grade };
      });
    }
  }
  outcomes.sort((a, b) => Number(a.key.slice(1)) - Number(b.key.slice(1)));
  return {
    profile: { name: profile.name, version: profile.version, file: profile.file },
    at: new Date().toISOString(),
    seconds: (Date.now() - started) / 1000,
    queries: outcomes,
    classes: byClass(outcomes),
    overall: summarise(outcomes),
  };
}
