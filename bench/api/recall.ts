// bench:api --semantic: how many of the true nearest creators the approximate (HNSW) search finds.
import type { Client } from '@opensearch-project/opensearch';
import { EMBEDDING, efSearchOf } from '../../src/search/creator-query.ts';

export interface Recall {
  /**
   * Queries measured, the k and ef_search the API asks of the HNSW search at this size, plain and under the filter
   * (undefined: the index's, 100), and its mean share of the exact top 10 (with the worst query's).
   */
  queries: number;
  k: number;
  efSearch?: number | undefined;
  efSearchFiltered?: number | undefined;
  recallAt10: number;
  worst: number;
  /** The same under a filter that keeps about a fifth of the creators (`filter`), as a search with a country asks. */
  filtered: { filter: string; recallAt10: number; worst: number };
}

const TOP = 10;

/**
 * Recall@10 of the k-NN clause the API sends (`k` nearest) against exact search: the k-NN plugin's `knn_score`
 * script scores every creator by cosine, so its top 10 are the true nearest. Each query is asked both ways, plain
 * and under a filter, since Lucene searches a filtered graph differently (and exactly when the filter keeps few).
 */
export async function knnRecall(
  client: Client,
  index: string,
  vectors: Float32Array[],
  nearest: Parameters<typeof efSearchOf>[0] & { k: number },
  creators: number,
  filter: { field: string; value: string },
): Promise<Recall> {
  // The widths the API asks of an index this size (creator-query.ts).
  const width = (withFilter: boolean) => efSearchOf(nearest, withFilter, creators);
  const term = { term: { [filter.field]: filter.value } };
  const ids = async (body: object) => {
    const { body: answer } = await client.search({ index, body: { size: TOP, _source: false, ...body } });
    return (answer.hits.hits as { _id: string }[]).map((hit) => hit._id);
  };
  const recallOf = async (vector: number[], withFilter: boolean) => {
    const approximate = await ids({
      query: {
        knn: {
          [EMBEDDING]: {
            vector,
            k: nearest.k,
            ...width(withFilter),
            ...(withFilter && { filter: term }),
          },
        },
      },
    });
    const exact = await ids({
      query: {
        script_score: {
          query: withFilter ? term : { match_all: {} },
          script: {
            source: 'knn_score',
            lang: 'knn',
            params: { field: EMBEDDING, query_value: vector, space_type: 'cosinesimil' },
          },
        },
      },
    });
    const found = new Set(approximate);
    return exact.length ? exact.filter((id) => found.has(id)).length / exact.length : 1;
  };
  const plain: number[] = [];
  const filtered: number[] = [];
  for (const vector of vectors) {
    const values = Array.from(vector);
    plain.push(await recallOf(values, false));
    filtered.push(await recallOf(values, true));
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
  return {
    queries: vectors.length,
    k: nearest.k,
    efSearch: width(false).method_parameters?.ef_search,
    efSearchFiltered: width(true).method_parameters?.ef_search,
    recallAt10: mean(plain),
    worst: Math.min(...plain),
    filtered: { filter: `${filter.field}=${filter.value}`, recallAt10: mean(filtered), worst: Math.min(...filtered) },
  };
}
