// The ranked searches as whole requests (index and body), rendered from a profile. The API's catalog sends
// them and the relevance workbench evaluates them, so what an analyst measures is what users get.
import type {
  CreatorHistoryParams,
  CreatorSponsorshipsParams,
  SearchCreatorsParams,
  SimilarCreatorsParams,
} from '../contract/params.ts';
import { addsStoredPopularity, creatorSearchBody, type Nearest, usesSemantic } from './creator-query.ts';
import { creatorHistoryBody } from './history-query.ts';
import { aliases } from './indices.ts';
import { pageWindow } from './pagination.ts';
import type { Ranking } from './profile.ts';
import { DEFAULT_SIMILAR, type SimilarTarget, similarCreatorsBody } from './similar-query.ts';
import { sponsorSearchBody } from './sponsor-query.ts';
import { creatorSponsorshipsBody } from './sponsorship-query.ts';

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
 * `indexedPopularity`: the popularity signals the creators index stores the sum of (live-index.ts); `nearest`: the
 * query's sentence vector and the index's size, when the index holds creators' vectors of the same model. The
 * request says whether it relies on what the index stores.
 */
export function creatorSearchRequest(
  params: SearchCreatorsParams,
  pageSize: number,
  ranking: Ranking,
  settings: SearchSettings,
  indexedPopularity?: string,
  nearest?: Nearest,
): SearchRequest & { storedPopularity: boolean; semantic: boolean } {
  const window = pageWindow({ page: params.page, pageSize, depthLimit: settings.depthLimit });
  return {
    index: aliases(settings.indexPrefix).creators,
    body: creatorSearchBody(params, ranking.creators, window, indexedPopularity, nearest),
    storedPopularity: addsStoredPopularity(params, ranking.creators, indexedPopularity),
    semantic: nearest !== undefined && usesSemantic(params, ranking.creators),
  };
}

/** A page of `target`'s lookalikes (similar-query.ts), by the profile's `similar` section or the default one. */
export function similarCreatorsRequest(
  target: SimilarTarget,
  params: SimilarCreatorsParams,
  pageSize: number,
  ranking: Ranking,
  settings: SearchSettings,
): SearchRequest {
  const window = pageWindow({ page: params.page, pageSize, depthLimit: settings.depthLimit });
  return {
    index: aliases(settings.indexPrefix).creators,
    body: similarCreatorsBody(target, params, ranking.creators.similar ?? DEFAULT_SIMILAR, window),
  };
}

export function sponsorSearchRequest(query: string, ranking: Ranking, settings: SearchSettings): SearchRequest {
  return {
    index: aliases(settings.indexPrefix).sponsors,
    body: sponsorSearchBody(query, ranking.sponsors, settings.sponsorResults),
  };
}

/** A page of a creator's sponsorship evidence (sponsorship-query.ts), paged as search is. */
export function creatorSponsorshipsRequest(
  creatorId: number,
  params: CreatorSponsorshipsParams,
  pageSize: number,
  settings: SearchSettings,
): SearchRequest {
  const window = pageWindow({ page: params.page, pageSize, depthLimit: settings.depthLimit });
  return {
    index: aliases(settings.indexPrefix).sponsorships,
    body: creatorSponsorshipsBody(creatorId, params, window),
  };
}

/** A page of a creator's snapshots (history-query.ts), paged as search is. */
export function creatorHistoryRequest(
  creatorId: number,
  params: CreatorHistoryParams,
  pageSize: number,
  settings: SearchSettings,
): SearchRequest {
  const window = pageWindow({ page: params.page, pageSize, depthLimit: settings.depthLimit });
  return { index: aliases(settings.indexPrefix).history, body: creatorHistoryBody(creatorId, params, window) };
}
