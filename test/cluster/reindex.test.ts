import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadIndexerConfig } from '../../indexer/config.ts';
import { generate } from '../../indexer/generate/dataset.ts';
import { load } from '../../indexer/load.ts';
import { liveVersion } from '../../indexer/versions.ts';
import type { TestApp } from '../support/app.ts';
import { clusterApp, opensearch, steadyStream } from './support.ts';

// A full reindex on the cluster (new indices, 1 replica, alias swap) while searches run: none fails.
const prefix = `t${process.pid}_reindex_`;
const dir = mkdtempSync(path.join(os.tmpdir(), 'reindex-'));
const client = opensearch();
const config = {
  ...loadIndexerConfig({
    INDEX_PREFIX: prefix,
    OPENSEARCH_URL: inject('clusterOpensearchUrl'),
    INDEX_REPLICAS: '1',
    SEMANTIC: 'false',
  }),
  dataDir: dir,
};
const quiet = new Writable({ write: (_c, _e, done) => done() }) as unknown as NodeJS.WriteStream;
let t: TestApp;

beforeAll(async () => {
  await generate({ creators: 3000, sponsors: 150, seed: 11, out: dir });
  await load({ client, config, out: quiet });
  t = await clusterApp({ INDEX_PREFIX: prefix });
});
afterAll(async () => {
  await t?.close();
  await client.indices.delete({ index: `${prefix}*` }, { ignore: [404] });
  await client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a full reindex on the cluster', () => {
  it('swaps the aliases to the new version without a failed search', async () => {
    const first = await liveVersion(client, prefix);
    const queries = ['cooking', 'gaming channel', 'fitness', 'crypto'];
    let n = 0;
    const stream = steadyStream(async () => {
      const query = queries[n++ % queries.length] as string;
      const response = await t.get(`/api/v1/creators?query=${encodeURIComponent(query)}&page=${1 + (n % 2)}`);
      return response.statusCode;
    }, 100);
    await sleep(1000);
    const summary = await load({ client, config, out: quiet });
    await sleep(2000); // searches on the new version, and on the old one's last moments
    const samples = await stream.stop();

    console.log(
      JSON.stringify({
        figure: 'reindex',
        searches: samples.length,
        failed: samples.filter((s) => s.status !== 200).length,
        seconds: summary.seconds,
      }),
    );
    expect(summary.version).not.toBe(first);
    expect(await liveVersion(client, prefix)).toBe(summary.version);
    expect(samples.length).toBeGreaterThan(30);
    expect(samples.filter((s) => s.status !== 200)).toEqual([]);
  });
});
