import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Client } from '@opensearch-project/opensearch';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type IndexerConfig, loadIndexerConfig } from '../../indexer/config.ts';
import { load } from '../../indexer/load.ts';
import { SearchCreatorsParams } from '../../src/contract/params.ts';
import { creatorSearchBody } from '../../src/search/creator-query.ts';
import { EMBEDDING_DIMENSIONS, type Embedder, loadEmbedder } from '../../src/search/embedder.ts';
import { LiveIndex } from '../../src/search/live-index.ts';
import { OpenSearchHttp } from '../../src/search/opensearch-http.ts';
import { loadProfile } from '../../src/search/profile.ts';
import { DESCRIBED_CREATORS, TEST_PROFILE, writeDataset } from '../support/dataset.ts';

// The real model (the global setup fetched it as the launcher does) and the real k-NN plugin (Lucene HNSW).
const prefix = `t${process.pid}_semantic_`;
const quiet = new Writable({ write: (_c, _e, done) => done() }) as unknown as NodeJS.WriteStream;
const client = new Client({ node: inject('opensearchUrl') });
const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'vectors-'));
let printed = '';
const out = new Writable({
  write: (chunk, _e, done) => {
    printed += String(chunk);
    done();
  },
}) as unknown as NodeJS.WriteStream;

const configFor = (dataDir: string, env: Record<string, string> = {}): IndexerConfig => ({
  ...loadIndexerConfig({
    OPENSEARCH_URL: inject('opensearchUrl'),
    INDEX_PREFIX: prefix,
    EMBEDDING_CACHE_DIR: cacheDir,
    ...env,
  }),
  dataDir,
});

const creators = DESCRIBED_CREATORS;

describe('semantic search in the index', () => {
  let embedder: Embedder;
  beforeAll(async () => {
    embedder = await loadEmbedder(loadIndexerConfig({}).embedding?.modelDir ?? '');
    await load({ client, config: configFor(writeDataset([], creators)), out });
  });
  afterAll(async () => {
    await embedder.close();
    await client.indices.delete({ index: `${prefix}*` }, { ignore: [404] });
    await client.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('embeds text into unit vectors where related sentences are closer than unrelated ones', async () => {
    const [a, b, c] = await embedder.embed([
      'A man is eating food.',
      'A man is eating a piece of bread.',
      'The girl is carrying a baby.',
    ]);
    const dot = (x?: Float32Array, y?: Float32Array) =>
      Array.from(x ?? [], (v, i) => v * (y?.[i] ?? 0)).reduce((a, b) => a + b, 0);
    expect(a).toHaveLength(EMBEDDING_DIMENSIONS);
    expect(dot(a, a)).toBeCloseTo(1, 4);
    expect(dot(a, b)).toBeGreaterThan(0.6);
    expect(dot(a, c)).toBeLessThan(0.2);
  });

  it('stores a vector for every creator and reports how many it embedded', async () => {
    const { body } = await client.search({ index: `${prefix}creators`, body: { size: 10, _source: ['embedding'] } });
    expect(body.hits.hits).toHaveLength(creators.length);
    for (const hit of body.hits.hits) expect((hit._source as { embedding: number[] }).embedding).toHaveLength(384);
    expect(printed).toContain(`Embedded ${creators.length} creator text(s)`);
  });

  it.each([
    ['channels that teach kids to code', 1],
    ['someone who reviews budget earbuds', 3],
    ['outdoor adventure walking for weeks', 4],
  ])('finds the creator a description with none of its words means: %s', async (query, expected) => {
    const [vector] = await embedder.embed([query]);
    const { body } = await client.search({
      index: `${prefix}creators`,
      body: { size: 1, query: { knn: { embedding: { vector: Array.from(vector ?? []), k: 4 } } } },
    });
    expect(body.hits.hits[0]?._id).toBe(String(expected));
  });

  it('learns how many creators the index holds, and OpenSearch takes the graph search width sized by it', async () => {
    const live = new LiveIndex(new OpenSearchHttp({ nodes: [inject('opensearchUrl')] }, 5000), `${prefix}creators`);
    expect(live.known).toBeUndefined();
    await vi.waitFor(() => expect(live.known?.creators).toBe(creators.length));
    const [vector] = await embedder.embed(['channels that teach kids to code']);
    const semantic = {
      boost: 1,
      k: 4,
      efSearchPerMillion: 4000,
      efSearchFilteredPerMillion: 400,
      minWords: 1,
      perWord: 0,
    };
    const ranking = { ...loadProfile(TEST_PROFILE).ranking.creators, semantic };
    // As wide as the API asks of a million creators: 4,000, and 400 under a filter.
    for (const filters of [{}, { min_subscribers: '1' }]) {
      const p = SearchCreatorsParams.parse({ query: 'channels that teach kids to code', ...filters });
      const body = creatorSearchBody(p, ranking, { from: 0, size: 4 }, undefined, {
        vector: Array.from(vector ?? []),
        creators: 1_000_000,
      });
      expect(JSON.stringify(body)).toContain(`"ef_search":${Object.keys(filters).length ? 400 : 4000}`);
      const { body: answer } = await client.search({ index: `${prefix}creators`, body });
      expect(answer.hits.hits[0]?._id).toBe('1');
    }
  });

  it('embeds nothing on a reload of the same texts, and only what changed after an edit', async () => {
    printed = '';
    await load({ client, config: configFor(writeDataset([], creators)), out });
    expect(printed).toContain(`Embedded 0 creator text(s); ${creators.length} from the cache.`);
    printed = '';
    const edited = creators.map((c) => (c.id === 2 ? { ...c, description: 'Hair styling for curly hair.' } : c));
    await load({ client, config: configFor(writeDataset([], edited)), out });
    expect(printed).toMatch(/Embedded 1 creator text\(s\).*; 3 from the cache\./);
  });

  it('loads without vectors or the k-NN setting when SEMANTIC=off', async () => {
    await load({ client, config: configFor(writeDataset([], creators), { SEMANTIC: 'off' }), out: quiet });
    const { body } = await client.indices.get({ index: `${prefix}creators` });
    const [definition] = Object.values(body) as {
      settings: { index: Record<string, unknown> };
      mappings: { properties: object };
    }[];
    expect(definition?.settings.index.knn).toBeUndefined();
    expect(definition?.mappings.properties).not.toHaveProperty('embedding');
  });
});
