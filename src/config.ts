import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { authOverHttps, connectionOf, credentialsPaired, opensearchVariables } from './opensearch.ts';
import { redisConnectionOf, redisVariables } from './redis.ts';
import { DEFAULT_PROFILE } from './search/profile.ts';

const port = z.coerce.number().int().min(0).max(65_535);
const positiveMs = z.coerce.number().int().positive();
const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** What TRUST_PROXY means: no proxy, how many proxies stand in front of the API, or which addresses are proxies. */
export type TrustProxy = false | number | string[];

// proxy-addr's (and so Fastify's) names for ranges, besides addresses and CIDRs.
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function proxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry) || net.isIP(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = net.isIP(address);
  return version > 0 && !rest.length && /^\d{1,3}$/.test(bits ?? '') && Number(bits) <= (version === 4 ? 32 : 128);
}

// `true` is refused rather than mapped to 1: it used to trust every hop, and a deployment that relied on that
// should choose again knowing that a client can write the start of X-Forwarded-For itself.
const trustProxy = z
  .string()
  .trim()
  .transform((text, ctx): TrustProxy => {
    if (/^(false|0)$/i.test(text)) return false;
    if (/^true$/i.test(text)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'true would trust every X-Forwarded-For entry, so a client could choose its own address and escape the ' +
          'per-IP limit; give the number of proxies in front of the API (1, 2 …) or their addresses/CIDRs ' +
          '(10.0.0.1, 10.0.0.0/8)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops <= 10) return hops;
      ctx.addIssue({ code: 'custom', message: 'a hop count is at most 10' });
      return z.NEVER;
    }
    const proxies = text.split(',').map((entry) => entry.trim());
    const bad = proxies.filter((entry) => !proxyAddress(entry));
    if (!bad.length) return proxies;
    ctx.addIssue({
      code: 'custom',
      message: `false, a hop count (1, 2 …) or a comma-separated list of proxy addresses/CIDRs; not "${bad.join('", "').slice(0, 100)}"`,
    });
    return z.NEVER;
  });

/** The ranking profile: the API ranks with it, and the indexer works out what a profile lets it store. */
export const profileVariables = { RANKING_PROFILE: z.string().min(1).default(DEFAULT_PROFILE) };

/**
 * Semantic search, in the API and the indexer alike. The model folder is where the launcher puts it
 * (scripts/stack/model.ts; test/unit/semantic-config.test.ts keeps the two in step).
 */
export const semanticVariables = {
  SEMANTIC: z.stringbool().default(true),
  EMBEDDING_MODEL_DIR: z.string().min(1).default('.cache/stack/model/all-MiniLM-L6-v2-int8-fused'),
};

/** What names a model in the index's _meta and the vectors' cache: its folder's name (`all-MiniLM-L6-v2-int8-fused`). */
export const modelId = (dir: string) => path.basename(path.resolve(dir));

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
    // GET /metrics (Prometheus) listens apart from the API: only where operators can reach it. `off`: not served.
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    METRICS_PORT: z.union([z.literal('off'), port]).default(9464),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ...opensearchVariables,
    ...redisVariables,
    READINESS_TIMEOUT_MS: positiveMs.default(1000),
    SHUTDOWN_GRACE_MS: positiveMs.default(10_000),
    INDEX_PREFIX: indexPrefixSchema,
    PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
    OPENSEARCH_TIMEOUT_MS: positiveMs.default(2000),
    OPENSEARCH_MAX_PENDING: count(1, 100_000).default(256),
    // Load shedding (src/http/load-shedding.ts): a queue can stand at twice the searches in flight that keep one node
    // of this machine at its maximum (bench:api's closed loop: 8), and is held at those 8 while it stands (at most
    // at OPENSEARCH_SHED_PENDING, when it is set lower and this is not); a target well above the fastest search of a
    // quiet moment (about 2 ms at 20,000 creators, 5 ms at 1,000,000) and well below a second.
    OPENSEARCH_SHED_PENDING: count(1, 100_000).default(16),
    OPENSEARCH_SHED_KEEP: z.preprocess((v) => (v === '' ? undefined : v), count(1, 100_000).optional()),
    OPENSEARCH_SHED_AFTER_MS: positiveMs.default(25),
    PAGE_SIZE: count(1, 25).default(25),
    // OpenSearch's max_result_window (10,000) bounds it, so the result-window error can never happen.
    SEARCH_DEPTH_LIMIT: count(1, 10_000).default(1000),
    SPONSOR_RESULTS: count(1, 100).default(25),
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    KEY_PREFIX: z
      .string()
      .regex(/^[a-z][a-z0-9]{1,15}$/, '2-16 lowercase letters and digits')
      .default('csi'),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_:.-]*$/)
      .default(''),
    PLAN_USER_ALLOWANCE: count(0, 1e9).default(10_000),
    PLAN_USER_RATE_PER_MIN: count(1, 1e6).default(120),
    PLAN_FREE_TRIAL_ALLOWANCE: count(0, 1e9).default(100),
    PLAN_FREE_TRIAL_PAGE_SIZE: count(1, 25).default(10),
    PLAN_FREE_TRIAL_RATE_PER_MIN: count(1, 1e6).default(20),
    IP_RATE_PER_MIN: count(1, 1e7).default(600),
    // An IPv6 client is limited by its network of this many bits (a host can pick any address in its /64).
    IPV6_LIMIT_PREFIX: count(1, 128).default(64),
    TRUST_PROXY: trustProxy.default(false),
    ACCESS_DISABLED: z.stringbool().default(false),
    // The fast path of src/access/ahead.ts: a known, paying key's search goes out before its access check answers.
    ACCESS_AHEAD: z.stringbool().default(true),
    // Blocks of credits (src/access/blocks.ts): a key calling one process 160 times a second or more spends
    // credits reserved for several calls at once there, instead of a Redis round trip per call.
    ACCESS_BLOCKS: z.stringbool().default(true),
    // Settlement of reservations nobody confirmed (src/access/settle.ts); empty: derived from the call's time budget.
    RESERVATION_DEADLINE_MS: z.preprocess((v) => (v === '' ? undefined : v), count(100, 60_000).optional()),
    SETTLE_EVERY_MS: count(100, 60_000).default(5000),
    ...profileVariables,
    ...semanticVariables,
    // 0 turns the file watch off (SIGHUP still reloads).
    RANKING_PROFILE_POLL_MS: count(0, 3_600_000).default(1000),
  })
  .refine(...credentialsPaired)
  .refine(...authOverHttps)
  .refine((e) => (e.OPENSEARCH_SHED_KEEP ?? 0) <= e.OPENSEARCH_SHED_PENDING, {
    path: ['OPENSEARCH_SHED_KEEP'],
    message: 'must not exceed OPENSEARCH_SHED_PENDING: a standing queue is held at no more searches than start one',
  })
  .refine((e) => !(e.ACCESS_DISABLED && e.NODE_ENV === 'production'), {
    path: ['ACCESS_DISABLED'],
    message: 'is a benchmark-only switch and is refused when NODE_ENV=production',
  })
  .transform((e) => ({
    host: e.HOST,
    port: e.PORT,
    metrics: e.METRICS_PORT === 'off' ? undefined : { host: e.METRICS_HOST, port: e.METRICS_PORT },
    logLevel: e.LOG_LEVEL,
    opensearch: connectionOf(e),
    redis: redisConnectionOf(e),
    readinessTimeoutMs: e.READINESS_TIMEOUT_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    indexPrefix: e.INDEX_PREFIX,
    publicBaseUrl: e.PUBLIC_BASE_URL.replace(/\/+$/, ''),
    opensearchTimeoutMs: e.OPENSEARCH_TIMEOUT_MS,
    opensearchMaxPending: e.OPENSEARCH_MAX_PENDING,
    opensearchShedPending: e.OPENSEARCH_SHED_PENDING,
    opensearchShedKeep: e.OPENSEARCH_SHED_KEEP ?? Math.min(8, e.OPENSEARCH_SHED_PENDING),
    opensearchShedAfterMs: e.OPENSEARCH_SHED_AFTER_MS,
    pageSize: e.PAGE_SIZE,
    searchDepthLimit: e.SEARCH_DEPTH_LIMIT,
    sponsorResults: e.SPONSOR_RESULTS,
    production: e.NODE_ENV === 'production',
    semantic: e.SEMANTIC
      ? { modelDir: path.resolve(e.EMBEDDING_MODEL_DIR), model: modelId(e.EMBEDDING_MODEL_DIR) }
      : undefined,
    keyPrefix: e.KEY_PREFIX,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    // Plans: values in config, documented in docs/accounts.md. `free` is a plan without API access.
    plans: {
      user: { api: true, allowance: e.PLAN_USER_ALLOWANCE, pageSize: e.PAGE_SIZE, perMinute: e.PLAN_USER_RATE_PER_MIN },
      free_trial: {
        api: true,
        allowance: e.PLAN_FREE_TRIAL_ALLOWANCE,
        pageSize: Math.min(e.PLAN_FREE_TRIAL_PAGE_SIZE, e.PAGE_SIZE),
        perMinute: e.PLAN_FREE_TRIAL_RATE_PER_MIN,
      },
      free: { api: false, allowance: 0, pageSize: 0, perMinute: 1 },
    },
    ipPerMinute: e.IP_RATE_PER_MIN,
    ipv6LimitPrefix: e.IPV6_LIMIT_PREFIX,
    trustProxy: e.TRUST_PROXY,
    accessDisabled: e.ACCESS_DISABLED,
    accessAhead: e.ACCESS_AHEAD,
    accessBlocks: e.ACCESS_BLOCKS,
    // A reservation not confirmed by then is refunded by settlement (src/access/settle.ts): by default longer than
    // any call can run (its searches, a repeat, the shutdown grace) plus a margin, and at most a minute.
    reservationMs:
      e.RESERVATION_DEADLINE_MS ??
      Math.min(60_000, Math.max(e.SHUTDOWN_GRACE_MS, 3 * e.OPENSEARCH_TIMEOUT_MS) + 10_000),
    settleEveryMs: e.SETTLE_EVERY_MS,
    rankingProfile: path.resolve(e.RANKING_PROFILE),
    rankingProfilePollMs: e.RANKING_PROFILE_POLL_MS,
  }));

export type PlanName = keyof Config['plans'];
export type Plan = Config['plans'][PlanName];

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
