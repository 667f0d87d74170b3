import net from 'node:net';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import { closeClients, createClients } from '../../src/clients.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';

/** Config pointing at the OpenSearch and Redis that test/global-setup.ts provides. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ OPENSEARCH_URL: inject('opensearchUrl'), REDIS_URL: inject('redisUrl'), ...env });
}

export interface TestApp {
  app: App;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  close: () => Promise<void>;
}

/** Builds the real app with real clients; the test adds routes before the first request if it needs to. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = testConfig(env);
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  const logger = createLogger(config, sink);
  const clients = createClients(config, logger);
  const app = await buildApp({ config, clients, logger });
  return {
    app,
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
