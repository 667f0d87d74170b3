import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTs } from '../support/run.ts';
import { clusterEnv } from './support.ts';

// bench:api on the local cluster (issue 55's growth report is measured on one node and on the cluster): the data
// spread over 3 shards, OpenSearch's CPU summed over the 3 nodes, every node and every Redis server pinned in the
// split layout, and the API and the benchmark's own account on the Redis Cluster.

const out = mkdtempSync(path.join(os.tmpdir(), 'bench-api-cluster-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run bench:api on the local cluster', () => {
  it('measures direct search and the metered API on 3 nodes, split', { timeout: 480_000 }, async () => {
    const args = ['--sizes', '1000', '--before-up-to', '1000', '--layouts', 'split'];
    args.push('--duration', '1', '--rounds', '1', '--warmup', '1', '--open', '1', '--sequential', '10');
    const env = { ...process.env, ...clusterEnv(), INDEX_SHARDS: '3', INDEX_REPLICAS: '0' };
    const { code, stdout, stderr } = await runTs('bench/api.ts', [...args, '--out', out], env, 450_000);
    expect(code, stderr).toBe(0);
    const [name] = readdirSync(out);
    const report = readFileSync(path.join(out, name as string), 'utf8');
    expect(report).toMatch(/OpenSearch [\d.]+ \(3 nodes, 3 shards and 0 replicas per index,/);
    expect(report).toContain('split (OpenSearch (all 3 nodes) pinned to core');
    expect(report).toMatch(/the live shape returned the same top 25 \(ids and order\) and totalFound/);
    // Direct and the metered API measured in the closed loop, OpenSearch's CPU per search a number (every node's).
    expect(report).toMatch(/^\| 1,000 \| split \| \d+ \| \d+ \| [\d.]+ \([\d.]+–[\d.]+\) \|/m);
    // Its CPU per call, that CPU against the bare proxy's within rounds, and OpenSearch's CPU per call.
    expect(report).toMatch(
      /^\| 1,000 \| split \| API, metered key \| \d+ \| \d+ \| .* \| [\d.]+ \| [\d.]+ \([\d.]+–[\d.]+\) \| [\d.]+ \|$/m,
    );
    expect(report).toMatch(/every shed call free/);
    expect(stdout).not.toMatch(/NaN/);
  });
});
