import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { loadStackConfig } from '../scripts/stack/config.ts';
import { dockerAnswers } from '../scripts/stack/docker.ts';
import { down, up } from '../scripts/stack/launcher.ts';
import { OPENSEARCH_IMAGE, REDIS_IMAGE } from '../scripts/stack/pins.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    opensearchUrl: string;
    redisUrl: string;
  }
}

/**
 * Provides a real OpenSearch and Redis: OPENSEARCH_URL/REDIS_URL when both are set, else testcontainers when a
 * Docker engine answers, else the local launcher (which reuses a stack that `npm run up` already runs). Teardown
 * stops only what this run started.
 */
export default async function setup(project: TestProject) {
  const { OPENSEARCH_URL, REDIS_URL } = process.env;
  if (OPENSEARCH_URL && REDIS_URL) {
    project.provide('opensearchUrl', OPENSEARCH_URL);
    project.provide('redisUrl', REDIS_URL);
    return;
  }
  if (await dockerAnswers()) {
    const { OpenSearchContainer } = await import('@testcontainers/opensearch');
    const { RedisContainer } = await import('@testcontainers/redis');
    const [opensearch, redis] = await Promise.all([
      new OpenSearchContainer(OPENSEARCH_IMAGE).withSecurityEnabled(false).start(),
      new RedisContainer(REDIS_IMAGE).start(),
    ]);
    project.provide('opensearchUrl', opensearch.getHttpUrl());
    project.provide('redisUrl', redis.getConnectionUrl());
    return async () => {
      await Promise.all([opensearch.stop(), redis.stop()]);
    };
  }
  const config = loadStackConfig();
  const stack = await up(config);
  project.provide('opensearchUrl', stack.opensearch.url);
  project.provide('redisUrl', stack.redis.url);
  return async () => {
    const startedHere = Object.values(stack)
      .filter((s) => !s.reused)
      .map((s) => s.name);
    if (startedHere.length) await down(config, startedHere);
  };
}
