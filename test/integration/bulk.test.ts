import { Client } from '@opensearch-project/opensearch';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BulkWriter } from '../../indexer/bulk.ts';

const index = `t${process.pid}_bulk`;
const client = new Client({ node: inject('opensearchUrl') });

describe('BulkWriter', () => {
  beforeAll(async () => {
    await client.indices.create({
      index,
      body: { mappings: { dynamic: 'strict', properties: { n: { type: 'integer' } } } },
    });
  });
  afterAll(async () => {
    await client.indices.delete({ index }, { ignore: [404] });
    await client.close();
  });

  it('sends every document across many small requests and reports each one OpenSearch rejects', async () => {
    let flushed = 0;
    // 1 MiB requests (the minimum the config allows) would hold everything at once, so shrink them for the test.
    const writer = new BulkWriter(client, index, { maxBytes: 2_000, concurrency: 3, onFlushed: (n) => (flushed += n) });
    for (let n = 0; n < 500; n++) await writer.add(String(n), n % 100 === 7 ? { n, unexpected: true } : { n });
    await writer.close();
    await client.indices.refresh({ index });

    expect(writer.indexed).toBe(495);
    expect(writer.rejected.map((r) => r.id).sort()).toEqual(['107', '207', '307', '407', '7']);
    expect(writer.rejected[0]).toMatchObject({ status: 400, reason: expect.stringMatching(/strict_dynamic_mapping/) });
    expect(flushed).toBe(500);
    expect((await client.count({ index })).body.count).toBe(495);
  });
});
