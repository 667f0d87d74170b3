// The two ranked searches as whole requests (index and body), rendered from a profile. The API's catalog sends
// them and the relevance workbench evaluates them, so what an analyst measures is what users get.
import type { SearchCreatorsParams } from '../contract/params.ts';
import { creatorSearchBody } from './creator-query.ts';
import { aliases } from './indices.ts';
import { pageWindow } from './pagination.ts';
import type { Ranking } from './profile.ts';
import { sponsorSearchBody } from './sponsor-query.ts';

export interface SearchSettings {
  indexPrefix: string;
  depthLimit: number;
  sponsorResults: number;
}

export interface SearchRequest {
  index: string;
  body: Record<string, unknown>;
}

/**
 * `indexedPopularity`: the popularity signals the creators index stores the sum of (live-index.ts); the request
 * says whether it relies on them.
 */
export function creatorSearchRequest(
  params: SearchCreatorsParams,
  pageSize: number,
  ranking: Ranking,
  settings: SearchSettings,
  indexedPopularity?: string,
): SearchRequest & { storedPopularity: boolean } {
  const window = pageWindow({ page: params.page, pageSize, depthLimit: settings.depthLimit });
  const body = creatorSearchBody(params, ranking.creators, window, indexedPopularity);
  return {
    index: aliases(settings.indexPrefix).creators,
    body,
    storedPopularity: 'script_score' in (body.query as object),
  };
}

export function sponsorSearchRequest(query: string, ranking: Ranking, settings: SearchSettings): SearchRequest {
  return {
    index: aliases(settings.indexPrefix).sponsors,
    body: sponsorSearchBody(query, ranking.sponsors, settings.sponsorResults),
  };
}
