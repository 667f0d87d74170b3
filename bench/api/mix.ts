// What the benchmark sends. Creator searches: each judged query of the dataset plain, with a country, sorted with
// a floor, and on page 2 with a filter, as the API's URL and as the exact _search request behind it, in the frozen
// "before" shape (bench/before-query.ts) and the live one. Lookups: creators and sponsors picked at random.
import path from 'node:path';
import type autocannon from 'autocannon';
import { loadJudgments } from '../../common/judgments.ts';
import {
  type SearchCreatorsParams as Params,
  SearchCreatorsParams,
  SimilarCreatorsParams,
} from '../../src/contract/params.ts';
import { creatorSearchBody } from '../../src/search/creator-query.ts';
import { aliases, searchPath } from '../../src/search/indices.ts';
import { pageWindow } from '../../src/search/pagination.ts';
import type { CreatorRanking, Ranking } from '../../src/search/profile.ts';
import { similarCreatorsRequest } from '../../src/search/requests.ts';
import type { SimilarTarget } from '../../src/search/similar-query.ts';
import { beforeSearchBody } from '../before-query.ts';

export type Case = Record<string, string>;

/**
 * The mix, from a dataset's judgments: the same for every size, so the sizes differ only in their data. Shuffled
 * (with a fixed seed), so that the part of it a short run gets through is a sample of the whole.
 */
export function searchMix(dir: string, extra: string[] = []): Case[] {
  const judged = loadJudgments([path.join(dir, 'judgments.jsonl')]).filter((j) => j.target === 'creators');
  const cases = [...new Set([...judged.map((j) => j.query), ...extra])].flatMap((query): Case[] => [
    { query },
    { query, country: 'United States' },
    { query, sort: 'subs_desc', min_subscribers: '10000' },
    { query, has_sponsors: 'true', page: '2' },
  ]);
  let seed = 42;
  const random = () => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = cases.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [cases[i], cases[j]] = [cases[j] as Case, cases[i] as Case];
  }
  return cases;
}

export interface Shapes {
  ranking: CreatorRanking;
  /** The popularity signals the live data stores the sum of (src/search/live-index.ts), as the API learns them. */
  indexedPopularity?: string;
  pageSize: number;
  depthLimit: number;
  authorization: Record<string, string>;
}

type Shape = (
  p: Params,
  ranking: CreatorRanking,
  window: { from: number; size: number },
  indexedPopularity?: string,
) => Record<string, unknown>;

function direct(cases: Case[], prefix: string, shape: Shape, s: Shapes): autocannon.Request[] {
  return cases.map((c) => {
    const params = SearchCreatorsParams.parse(c);
    const window = pageWindow({ page: params.page, pageSize: s.pageSize, depthLimit: s.depthLimit });
    return {
      method: 'POST',
      path: searchPath(aliases(prefix).creators),
      headers: { 'content-type': 'application/json', ...s.authorization },
      body: JSON.stringify(shape(params, s.ranking, window, s.indexedPopularity)),
    };
  });
}

/** The replaced shape, as it was sent before the speed work. */
export const beforeRequests = (cases: Case[], prefix: string, s: Shapes) => direct(cases, prefix, beforeSearchBody, s);
/** The live shape: what the API sends now. */
export const liveRequests = (cases: Case[], prefix: string, s: Shapes) => direct(cases, prefix, creatorSearchBody, s);

export const apiRequests = (cases: Case[], key: string | undefined, extra: Case = {}): autocannon.Request[] =>
  cases.map((c) => ({
    method: 'GET',
    path: `/api/v1/creators?${new URLSearchParams({ ...c, ...extra })}`,
    headers: key ? { authorization: `Bearer ${key}` } : {},
  }));

export interface Lookup {
  kind: 'creator' | 'audience' | 'sponsor' | 'similar';
  /** The API's path, and the direct request for the same: a GET of the document, or the lookalikes' search. */
  api: string;
  direct: Pick<autocannon.Request, 'method' | 'path' | 'body'>;
}

/** The descriptive queries written for semantic search (relevance/README.md): what bench:api --semantic adds. */
export function descriptiveQueries(root: string): string[] {
  const dir = path.join(root, 'relevance', 'judgments');
  const files = ['descriptive-tune.jsonl', 'descriptive-heldout.jsonl'].map((f) => path.join(dir, f));
  return loadJudgments(files).map((j) => j.query);
}

/** A creator's lookalikes as the API asks for them, and as the search OpenSearch answers (its vector read first). */
export function similarLookups(
  prefix: string,
  creators: (SimilarTarget & { slug: string })[],
  pageSize: number,
  ranking: Ranking,
): Lookup[] {
  const firstPage = SimilarCreatorsParams.parse({});
  const settings = { indexPrefix: prefix, depthLimit: 1000, sponsorResults: 25 };
  return creators.map((c) => {
    const { index, body } = similarCreatorsRequest(c, firstPage, pageSize, ranking, settings);
    return {
      kind: 'similar',
      api: `/api/v1/creators/${c.slug}/similar`,
      direct: { method: 'POST', path: searchPath(index), body: JSON.stringify(body) },
    };
  });
}

/** Creators and sponsors at random (a fixed seed): each as the API's lookup and OpenSearch's GET by id. */
export function lookups(
  prefix: string,
  creators: { creatorId: number; slug: string }[],
  sponsorIds: number[],
): Lookup[] {
  const index = aliases(prefix);
  return [
    ...creators.flatMap((c): Lookup[] => [
      {
        kind: 'creator',
        api: `/api/v1/creators/${c.slug}`,
        direct: { path: `/${index.creators}/_doc/${c.creatorId}` },
      },
      {
        kind: 'audience',
        api: `/api/v1/creators/${c.slug}/audience`,
        direct: { path: `/${index.creators}/_doc/${c.creatorId}` },
      },
    ]),
    ...sponsorIds.map(
      (id): Lookup => ({
        kind: 'sponsor',
        api: `/api/v1/sponsors/${id}`,
        direct: { path: `/${index.sponsors}/_doc/${id}` },
      }),
    ),
  ];
}
