import { once } from 'node:events';
import net from 'node:net';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { type AccountInput, Accounts } from '../../src/access/accounts.ts';
import { type App, type AppOptions, buildApp, loadModel } from '../../src/app.ts';
import { type Clients, closeClients, createClients } from '../../src/clients.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';
import { TEST_PROFILE } from './dataset.ts';

/** Config pointing at the OpenSearch and Redis that test/global-setup.ts provides. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    OPENSEARCH_URL: inject('opensearchUrl'),
    REDIS_URL: inject('redisUrl'),
    RANKING_PROFILE: TEST_PROFILE,
    RANKING_PROFILE_POLL_MS: '0',
    ...env,
  });
}

export interface TestApp {
  app: App;
  config: Config;
  clients: Clients;
  /** Creates an account (unlimited unless told otherwise) and returns a key for it. */
  key: (account?: Partial<AccountInput>) => Promise<{ key: string; keyId: string; accountId: string }>;
  /** GET with this app's default key. */
  get: (url: string, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  close: () => Promise<void>;
}

let apps = 0;

/**
 * Builds the real app with real clients; the test adds routes before the first request if it needs to. Each app
 * gets Redis keys of its own (REDIS_KEY_PREFIX), so files and apps never share accounts or rate windows.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'now' | 'metrics'> = {},
): Promise<TestApp> {
  apps += 1;
  const config = testConfig({ REDIS_KEY_PREFIX: `t${process.pid}_${apps}_${Date.now()}:`, ...env });
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  const logger = createLogger(config, sink);
  await loadModel(config);
  const clients = createClients(config, logger);
  const app = await buildApp({ config, clients, logger, ...options });
  // The client queues nothing while it connects (by design); tests start once it is connected, or has failed to
  // (some tests point it at a closed port on purpose).
  if (clients.redis.status !== 'ready') await once(clients.redis, 'ready').catch(() => undefined);
  const accounts = new Accounts(clients.redis, config.redisKeyPrefix);
  const key: TestApp['key'] = async (account = {}) => {
    const accountId = await accounts.createAccount({ plan: 'user', allowance: 1000, unlimited: true, ...account });
    return { ...(await accounts.createApiKey(accountId, config.keyPrefix)), accountId };
  };
  let standard: string | undefined;
  return {
    app,
    config,
    clients,
    key,
    get: async (url, headers = {}) => {
      standard ??= (await key()).key;
      return app.inject({ url, headers: { authorization: `Bearer ${standard}`, ...headers } });
    },
    logs,
    close: async () => {
      await app.close();
      await closeClients(clients);
    },
  };
}

/** A loopback port nothing listens on. */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/** An app for metering tests: on `indexPrefix`, quiet, rate limits out of the way, periods on the test's clock. */
export function meteredTestApp(indexPrefix: string, now: () => Date, env: Record<string, string> = {}) {
  return createTestApp(
    {
      INDEX_PREFIX: indexPrefix,
      LOG_LEVEL: 'silent',
      IP_RATE_PER_MIN: '100000',
      PLAN_USER_RATE_PER_MIN: '100000',
      ...env,
    },
    { now },
  );
}

/** A GET with a key of the caller's choice. */
export const getWithKey = (t: TestApp, url: string, key: string) =>
  t.app.inject({ url, headers: { authorization: `Bearer ${key}` } });
