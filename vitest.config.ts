import { defineConfig } from 'vitest/config';

// API processes that tests start listen for metrics on a free port each, not all on 9464 at once. Datasets load
// without creators' vectors unless a test asks for them (test/support/catalog.ts): embedding thousands of creators
// in every file would take the cores the other files' timings need.
const TEST_ENV = { METRICS_PORT: '0', SEMANTIC: 'false' };

export default defineConfig({
  test: {
    // Most of the services tests' time is spent waiting on OpenSearch, Redis and the processes they start: three
    // files at once keep two cores busy (vitest's default on two cores is one).
    maxWorkers: 3,
    projects: [
      {
        // Pure logic without state between files: one module graph for all of them (a third of the time otherwise).
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], isolate: false },
      },
      {
        // Integration and end-to-end tests run against a real OpenSearch and Redis that the global setup provides.
        test: {
          name: 'services',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts', 'test/shared-dataset.ts'],
          env: TEST_ENV,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The benchmarks at a tiny size: they load the machine, so they run after the services tests, not beside them.
        test: {
          name: 'bench',
          include: ['test/bench/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          env: TEST_ENV,
          sequence: { groupOrder: 1 },
          // They share bench:api's data, which the first of them generates and loads.
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The cluster topology (3 OpenSearch nodes, a Redis Cluster of 3 masters and 3 replicas) started by the
        // launcher; its tests kill nodes, so they run one file at a time, after the other projects.
        test: {
          name: 'cluster',
          include: ['test/cluster/**/*.test.ts'],
          globalSetup: ['test/cluster/setup.ts'],
          env: TEST_ENV,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
