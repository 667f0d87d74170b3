import path from 'node:path';
import { z } from 'zod';
import { parseEnv, semanticVariables } from '../../src/config.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

const port = z.coerce.number().int().min(1).max(65_535);

// The launcher's own variables; the API's live in src/config.ts. Both are listed in .env.example.
const stackEnvSchema = z
  .object({
    STACK_CACHE_DIR: z.string().min(1).default('.cache/stack'),
    STACK_OPENSEARCH_PORT: port.default(9200),
    STACK_REDIS_PORT: port.default(6379),
    // `--cluster`: OpenSearch nodes on this port and the next two (transport ports 100 above), Redis nodes on this
    // port and the next five (cluster bus ports 10000 above).
    STACK_CLUSTER_OPENSEARCH_PORT: port.default(9201),
    STACK_CLUSTER_REDIS_PORT: port.default(7001),
    STACK_OPENSEARCH_HEAP: z
      .string()
      .regex(/^\d+[mMgG]$/, 'expected a JVM size such as 512m or 1g')
      .default('512m'),
    STACK_TIMEOUT_S: z.coerce.number().int().positive().default(180),
    // The API's variable (src/search/connection.ts checks it); the launcher checks its first node answers.
    OPENSEARCH_URL: z.string().optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    // The API's variable (src/config.ts): with semantic search on, `up` also fetches its model.
    SEMANTIC: semanticVariables.SEMANTIC,
  })
  .transform((e) => ({
    cacheDir: path.resolve(REPO_ROOT, e.STACK_CACHE_DIR),
    opensearchPort: e.STACK_OPENSEARCH_PORT,
    redisPort: e.STACK_REDIS_PORT,
    clusterOpensearchPort: e.STACK_CLUSTER_OPENSEARCH_PORT,
    clusterRedisPort: e.STACK_CLUSTER_REDIS_PORT,
    opensearchHeap: e.STACK_OPENSEARCH_HEAP,
    timeoutMs: e.STACK_TIMEOUT_S * 1000,
    opensearchUrl: e.OPENSEARCH_URL,
    redisUrl: e.REDIS_URL,
    semantic: e.SEMANTIC,
  }));

export type StackConfig = z.output<typeof stackEnvSchema>;

export const STACK_VARIABLES = Object.keys(stackEnvSchema.in.shape);

export function loadStackConfig(env: NodeJS.ProcessEnv = process.env): StackConfig {
  return parseEnv(stackEnvSchema, env);
}
