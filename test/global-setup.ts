import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { loadStackConfig } from '../scripts/stack/config.ts';
import { dockerAnswers } from '../scripts/stack/docker.ts';
import { down, up } from '../scripts/stack/launcher.ts';
import { ensureModel } from '../scripts/stack/model.ts';
import { OPENSEARCH_IMAGE, REDIS_IMAGE } from '../scripts/stack/pins.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    opensearchUrl: string;
    redisUrl: string;
  }
}

interface Stack {
  opensearchUrl: string;
  redisUrl: string;
  /** Stops what this run started; nothing when it reused a running stack. */
  stop?: () => Promise<unknown>;
}

/**
 * Several projects run this setup in one process, each loading its own copy of this module, in an order vitest
 * chooses. They share one stack (on globalThis, which they also share), and it is stopped when the last of them
 * tears down, never under another project's teardown that still needs it (the shared dataset's drop, say).
 */
const shared = globalThis as { csiTestStack?: { stack: Promise<Stack>; users: number } };

export default async function setup(project: TestProject) {
  // Semantic search's model, wherever the services come from: the indexer and the API load it from the launcher's cache.
  const config = loadStackConfig();
  if (config.semantic) await ensureModel(config);
  shared.csiTestStack ??= { stack: provide(), users: 0 };
  const entry = shared.csiTestStack;
  entry.users += 1;
  const { opensearchUrl, redisUrl } = await entry.stack;
  project.provide('opensearchUrl', opensearchUrl);
  project.provide('redisUrl', redisUrl);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    shared.csiTestStack = undefined;
    await (await entry.stack).stop?.();
  };
}

/**
 * A real OpenSearch and Redis: OPENSEARCH_URL/REDIS_URL when both are set, else testcontainers when a Docker engine
 * answers, else the local launcher (which reuses a stack that `npm run up` already runs).
 */
async function provide(): Promise<Stack> {
  const { OPENSEARCH_URL, REDIS_URL } = process.env;
  if (OPENSEARCH_URL && REDIS_URL) return { opensearchUrl: OPENSEARCH_URL, redisUrl: REDIS_URL };
  if (await dockerAnswers()) {
    const { OpenSearchContainer } = await import('@testcontainers/opensearch');
    const { RedisContainer } = await import('@testcontainers/redis');
    const [opensearch, redis] = await Promise.all([
      new OpenSearchContainer(OPENSEARCH_IMAGE).withSecurityEnabled(false).start(),
      new RedisContainer(REDIS_IMAGE).start(),
    ]);
    return {
      opensearchUrl: opensearch.getHttpUrl(),
      redisUrl: redis.getConnectionUrl(),
      stop: () => Promise.all([opensearch.stop(), redis.stop()]),
    };
  }
  const config = loadStackConfig();
  const stack = await up(config);
  const startedHere = Object.values(stack)
    .filter((s) => !s.reused)
    .map((s) => s.name);
  return {
    opensearchUrl: stack.opensearch.url,
    redisUrl: stack.redis.url,
    stop: startedHere.length ? () => down(config, startedHere) : undefined,
  };
}
