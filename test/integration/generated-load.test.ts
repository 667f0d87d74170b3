import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Client } from '@opensearch-project/opensearch';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadIndexerConfig } from '../../indexer/config.ts';
import { generate } from '../../indexer/generate/dataset.ts';
import { load } from '../../indexer/load.ts';
import type { CreatorRecord } from '../../indexer/records.ts';
import type { CreatorDocument, SponsorDocument } from '../../src/search/documents.ts';

// A generated dataset, loaded: what the API will show about sponsors must agree with their creators.
const dirs: string[] = [];
let data: { creators: CreatorRecord[] };

describe('a generated dataset in OpenSearch', () => {
  beforeAll(async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'generated-'));
    dirs.push(out);
    await generate({ creators: 2000, sponsors: 150, seed: 42, out });
    const lines = readFileSync(path.join(out, 'creators.ndjson'), 'utf8').trimEnd().split('\n');
    data = { creators: lines.map((line) => JSON.parse(line)) };
  }, 30_000);
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('loads into OpenSearch with sponsor numbers that agree with the creators on the other side', async () => {
    const prefix = `t${process.pid}_generated_`;
    const client = new Client({ node: inject('opensearchUrl') });
    const quiet = new Writable({ write: (_c, _e, done) => done() }) as unknown as NodeJS.WriteStream;
    try {
      const config = {
        ...loadIndexerConfig({ INDEX_PREFIX: prefix, OPENSEARCH_URL: inject('opensearchUrl'), SEMANTIC: 'false' }),
        dataDir: dirs[0] ?? '',
      };
      const summary = await load({ client, config, out: quiet });
      expect(summary).toMatchObject({ creators: 2000, sponsors: 150, skipped: [], rejected: [] });
      const { body } = await client.search({
        index: `${prefix}sponsors`,
        body: { size: 5, sort: [{ creatorCount: 'desc' }], query: { match_all: {} } },
      });
      for (const hit of body.hits.hits as { _source: SponsorDocument }[]) {
        const sponsor = hit._source;
        const expected = data.creators.filter((c) => c.sponsorships.some((s) => s.sponsorId === sponsor.sponsorId));
        const creators = await client.search({
          index: `${prefix}creators`,
          body: { size: 1000, query: { term: { 'sponsorNames.exact': sponsor.name } } },
        });
        const docs = creators.body.hits.hits.map((h) => h._source as CreatorDocument);
        expect(docs.length).toBe(sponsor.creatorCount);
        expect(docs.length).toBe(expected.length);
        const deals = docs.flatMap((d) => d.sponsors.filter((s) => s.sponsorId === sponsor.sponsorId));
        expect(deals.reduce((n, s) => n + s.sponsorshipCount, 0)).toBe(sponsor.sponsorshipCount);
        expect(docs.reduce((n, d) => n + d.subscribers, 0)).toBe(sponsor.totalReach);
        expect(
          deals
            .map((s) => s.lastSeen)
            .sort()
            .at(-1),
        ).toBe(sponsor.lastSponsorshipDate);
      }
    } finally {
      await client.indices.delete({ index: `${prefix}*` }, { ignore: [404] });
      await client.close();
    }
  });
});
