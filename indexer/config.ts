import path from 'node:path';
import { z } from 'zod';
import { dataDirVariable, resolveDataDir } from '../common/data-dir.ts';
import { indexPrefixSchema, modelId, parseEnv, profileVariables, semanticVariables } from '../src/config.ts';
import { authOverHttps, connectionOf, credentialsPaired, opensearchVariables } from '../src/opensearch.ts';

// The indexer's variables (the API's are in src/config.ts, the launcher's in scripts/stack/config.ts).
const indexerEnvSchema = z
  .object({
    ...opensearchVariables,
    ...profileVariables,
    INDEX_PREFIX: indexPrefixSchema,
    INDEX_SHARDS: z.coerce.number().int().min(1).max(64).default(1),
    INDEX_REPLICAS: z.coerce.number().int().min(0).max(8).default(0),
    // A loaded version is never written again: one segment per shard is what searches cost least on.
    INDEX_FORCE_MERGE: z.stringbool().default(true),
    // Creators stored in the order of mappings/creators.json's index.sort (most subscribers first): a floor or a sort
    // on subscribers reads a run of documents, and the popularity signals compress and decode cheaper.
    INDEX_SORT: z.stringbool().default(true),
    BULK_MAX_BYTES: z.coerce.number().int().min(1_048_576).max(104_857_600).default(8_388_608),
    BULK_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    ...dataDirVariable,
    ...semanticVariables,
    // Vectors already computed, by model and text (indexer/embeddings.ts): a reload embeds only what changed.
    EMBEDDING_CACHE_DIR: z.string().min(1).default('.cache/embeddings'),
    // Threads that embed, one core each; OpenSearch indexes meanwhile.
    EMBEDDING_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  })
  .refine(...credentialsPaired)
  .refine(...authOverHttps)
  .transform((e) => ({
    opensearch: connectionOf(e),
    indexPrefix: e.INDEX_PREFIX,
    shards: e.INDEX_SHARDS,
    replicas: e.INDEX_REPLICAS,
    forceMerge: e.INDEX_FORCE_MERGE,
    sort: e.INDEX_SORT,
    bulkMaxBytes: e.BULK_MAX_BYTES,
    bulkConcurrency: e.BULK_CONCURRENCY,
    dataDir: resolveDataDir(e.DATA_DIR),
    rankingProfile: path.resolve(e.RANKING_PROFILE),
    embedding: e.SEMANTIC
      ? {
          modelDir: path.resolve(e.EMBEDDING_MODEL_DIR),
          model: modelId(e.EMBEDDING_MODEL_DIR),
          cacheDir: path.resolve(e.EMBEDDING_CACHE_DIR),
          threads: e.EMBEDDING_THREADS,
        }
      : undefined,
  }));

export type IndexerConfig = z.output<typeof indexerEnvSchema>;
export const INDEXER_VARIABLES = Object.keys(indexerEnvSchema.in.shape);

export function loadIndexerConfig(env: NodeJS.ProcessEnv = process.env): IndexerConfig {
  return parseEnv(indexerEnvSchema, env);
}
