// What a drill runs against: the real app built in-process on real clients, with Redis keys of its own, over a small
// generated dataset under the run's own index prefix. The context carries what the entry point set up once, so no
// drill reaches for module state.
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Client } from '@opensearch-project/opensearch';
import type { Redis } from 'ioredis';
import { loadIndexerConfig } from '../../indexer/config.ts';
import { generate } from '../../indexer/generate/dataset.ts';
import { load } from '../../indexer/load.ts';
import { buildApp, loadModel } from '../../src/app.ts';
import { closeClients, createClients } from '../../src/clients.ts';
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';
import { type Account, accountsIn } from './accounts.ts';
import type { Ledger } from './ledger.ts';

/** What the drills share, set up once by bench/drills.ts. */
export interface Context {
  /** The repository's root. */
  root: string;
  /** The one local OpenSearch node; the drills put proxies of their own in front of it. */
  opensearchUrl: string;
  /** The one Redis server the drills pause, kill and watch (REDIS_URL). */
  redisUrl: string;
  /** The API keys' prefix (KEY_PREFIX). */
  keyPrefix: string;
  /** Every Redis key of this run starts with it (each drill adds its name); all are deleted at the end. */
  runPrefix: string;
  /** The drills' dataset's index prefix; its indices are deleted at the end. */
  indexPrefix: string;
  /** The drills' own Redis connection: accounts, pauses, kills, INFO. */
  admin: Redis;
  opensearch: Client;
  ledger: Ledger;
}

/** The drills' dataset (1000 generated creators) loaded under the run's index prefix, one shard unless told. */
export async function loadDataset(
  { indexPrefix, opensearchUrl, opensearch }: Pick<Context, 'indexPrefix' | 'opensearchUrl' | 'opensearch'>,
  layout: { shards?: number; replicas?: number } = {},
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'drills-'));
  await generate({ creators: 1000, sponsors: 50, seed: 7, out: dir });
  const quiet = new Writable({ write: (_c, _e, done) => done() }) as unknown as NodeJS.WriteStream;
  const env = {
    INDEX_PREFIX: indexPrefix,
    OPENSEARCH_URL: opensearchUrl,
    INDEX_SHARDS: String(layout.shards ?? 1),
    INDEX_REPLICAS: String(layout.replicas ?? 0),
    // Metering does not depend on how creators are ranked.
    SEMANTIC: 'false',
  };
  const config = { ...loadIndexerConfig(env), dataDir: dir };
  await load({ client: opensearch, config, out: quiet });
  const first = JSON.parse(readFileSync(path.join(dir, 'creators.ndjson'), 'utf8').split('\n')[0] ?? '{}');
  rmSync(dir, { recursive: true, force: true });
  return { lookup: `/api/v1/creators/${first.channelId}`, search: '/api/v1/creators?query=makeup' };
}
/** The URLs the drills call: a creator lookup and a creator search on the generated dataset. */
export type Paths = Awaited<ReturnType<typeof loadDataset>>;

/**
 * What every drill's API runs with (in-process or as src/server.ts): the drills' backends and dataset, Redis keys
 * under `prefix`, quiet, limits out of reach unless a drill sets them.
 */
export const drillEnv = (ctx: Context, prefix: string) => ({
  OPENSEARCH_URL: ctx.opensearchUrl,
  REDIS_URL: ctx.redisUrl,
  REDIS_KEY_PREFIX: prefix,
  INDEX_PREFIX: ctx.indexPrefix,
  LOG_LEVEL: 'silent',
  RANKING_PROFILE_POLL_MS: '0',
  IP_RATE_PER_MIN: '1000000',
  PLAN_USER_RATE_PER_MIN: '1000000',
});

/** The real app on real clients, with Redis keys of its own (drillEnv). */
export async function lab(ctx: Context, name: string, env: Record<string, string> = {}) {
  const config = loadConfig({ ...drillEnv(ctx, `${ctx.runPrefix}${name}:`), ...env });
  const logger = createLogger(config);
  await loadModel(config);
  const clients = createClients(config, logger);
  const app = await buildApp({ config, clients, logger });
  if (clients.redis.status !== 'ready') await once(clients.redis, 'ready');
  return {
    clients,
    accounts: accountsIn(ctx.admin, config.redisKeyPrefix, ctx.keyPrefix),
    call: async (url: string, a: Account) =>
      (await app.inject({ url, headers: { authorization: `Bearer ${a.key}` } })).statusCode,
    close: async () => {
      await app.close();
      await closeClients(clients);
    },
  };
}
export type Lab = Awaited<ReturnType<typeof lab>>;

/** `make(0)` … `make(n − 1)`: the calls a drill sends at once. */
export const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
