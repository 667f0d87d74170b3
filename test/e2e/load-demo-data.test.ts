import { rmSync } from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { officialClient } from '../../src/clients.ts';
import { closedPort } from '../support/app.ts';
import { creator, sponsor, writeDataset } from '../support/dataset.ts';
import { runTs } from '../support/run.ts';

// The compose stack's one-shot `indexer` service runs this script: it must end with searchable data, and only
// then exit 0 (the API starts on `service_completed_successfully`).
const prefix = `t${process.pid}_demo_`;
const dir = writeDataset([sponsor(1, 'Keyforge Labs')], [creator(1), creator(2)]);
const env = { ...process.env, OPENSEARCH_URL: inject('opensearchUrl'), INDEX_PREFIX: prefix, DATA_DIR: dir };
const client = officialClient({ nodes: [inject('opensearchUrl')] }, { requestTimeout: 30_000 });

afterAll(async () => {
  await client.indices.delete({ index: `${prefix}*` }, { ignore: [404] });
  await client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('scripts/load-demo-data.ts', () => {
  it('loads the data once, exits 0, and leaves a current version alone on the next run', async () => {
    const first = await runTs('scripts/load-demo-data.ts', [], env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Data: data version v\w+ \(2 creators, 1 sponsors, loaded now\)/);
    const { body } = await client.count({ index: `${prefix}creators` });
    expect(body.count).toBe(2);
    const again = await runTs('scripts/load-demo-data.ts', [], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/\(reused;/);
  });

  it('exits 1 with the reason, no stack trace, when OpenSearch cannot be reached', async () => {
    const run = await runTs('scripts/load-demo-data.ts', [], {
      ...env,
      OPENSEARCH_URL: `http://127.0.0.1:${await closedPort()}`,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^The demo data could not be loaded: .*ECONNREFUSED/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
