import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65_535);
const positiveMs = z.coerce.number().int().positive();
const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Shared with the indexer (indexer/config.ts): the API reads the aliases the indexer writes. */
export const indexPrefixSchema = z
  .string()
  .regex(/^[a-z0-9_-]*$/, 'lowercase letters, digits, _ and - only')
  .default('');

// Every variable the API reads, with its default. .env.example lists the same names (a unit test checks it).
const envSchema = z
  .object({
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: port.default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    OPENSEARCH_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:9200'),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
    READINESS_TIMEOUT_MS: positiveMs.default(1000),
    SHUTDOWN_GRACE_MS: positiveMs.default(10_000),
    INDEX_PREFIX: indexPrefixSchema,
    PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
    OPENSEARCH_TIMEOUT_MS: positiveMs.default(2000),
    PAGE_SIZE: count(1, 25).default(25),
    // OpenSearch's max_result_window (10,000) bounds it, so the result-window error can never happen.
    SEARCH_DEPTH_LIMIT: count(1, 10_000).default(1000),
    SPONSOR_RESULTS: count(1, 100).default(25),
  })
  .transform((e) => ({
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    opensearchUrl: e.OPENSEARCH_URL,
    redisUrl: e.REDIS_URL,
    readinessTimeoutMs: e.READINESS_TIMEOUT_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    indexPrefix: e.INDEX_PREFIX,
    publicBaseUrl: e.PUBLIC_BASE_URL.replace(/\/+$/, ''),
    opensearchTimeoutMs: e.OPENSEARCH_TIMEOUT_MS,
    pageSize: e.PAGE_SIZE,
    searchDepthLimit: e.SEARCH_DEPTH_LIMIT,
    sponsorResults: e.SPONSOR_RESULTS,
  }));

export type Config = z.output<typeof envSchema>;

export const CONFIG_VARIABLES = Object.keys(envSchema.in.shape);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; a bad value throws a ConfigError that names each offending variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return parseEnv(envSchema, env);
}

/** Shared by the API and the launcher. An empty variable means "not set", as in most .env tooling. */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
