import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { clusterDown, clusterRunning, clusterUp } from '../../scripts/stack/cluster.ts';
import { loadStackConfig } from '../../scripts/stack/config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** OPENSEARCH_URL of the local 3-node cluster: every node, comma-separated. */
    clusterOpensearchUrl: string;
    /** REDIS_CLUSTER_NODES of the local Redis Cluster, password included. */
    clusterRedisNodes: string;
  }
}

/**
 * The cluster topology of `npm run up -- --cluster`, started by the same launcher (or reused when it runs). The
 * tests kill and restart its nodes through the launcher, so `npm run down` still stops what runs. Teardown stops
 * the cluster only when this run started it.
 */
export default async function setup(project: TestProject) {
  const config = loadStackConfig();
  const wasRunning = clusterRunning(config);
  const cluster = await clusterUp(config);
  project.provide('clusterOpensearchUrl', cluster.opensearchUrl);
  project.provide('clusterRedisNodes', cluster.redisNodes);
  return async () => {
    if (!wasRunning) await clusterDown(config);
  };
}
