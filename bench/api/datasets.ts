// The benchmark's data at each size: generated once into .cache/bench/creators-<n> (the seed is fixed, so every
// machine gets the same documents) and loaded twice, under index prefixes of their own: as the indexer builds it
// now, and as it built it before the speed work (INDEX_FORCE_MERGE=false and INDEX_SORT=false: the segments a load
// leaves, in the order it sent them), which is what the "before" target searches. A load is reused while its
// document count and index definition are unchanged.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Client } from '@opensearch-project/opensearch';
import { z } from 'zod';
import { readJsonFile } from '../../importer/json-file.ts';
import { type IndexerConfig, loadIndexerConfig } from '../../indexer/config.ts';
import { generate } from '../../indexer/generate/dataset.ts';
import { load } from '../../indexer/load.ts';
import { definitionDigest } from '../../indexer/mappings.ts';
import { type Mappings, recordedIndex } from '../../src/search/live-index.ts';

export interface Dataset {
  creators: number;
  dir: string;
  /** Index prefix of the load as the indexer builds it now. */
  prefix: string;
  /** Index prefix of the load as it was built before (unmerged), or undefined above `beforeUpTo` (not loaded). */
  beforePrefix: string | undefined;
  /** The popularity signals the live load stores the sum of, as the API learns them (src/search/live-index.ts). */
  indexedPopularity: string | undefined;
  /** The live load's wall seconds (generation aside), kept from the run that loaded it when this one reused it. */
  loadSeconds: number | undefined;
  /** The live creators index on disk (primary store), read from OpenSearch now. */
  indexBytes: number;
}

const root = path.resolve(import.meta.dirname, '../..');

/** Whether `prefix` holds the dataset as the indexer would load it with `config` now. */
async function loaded(client: Client, prefix: string, creators: number, config: IndexerConfig): Promise<boolean> {
  const alias = `${prefix}creators`;
  const exists = await client.indices.existsAlias({ name: alias });
  if (!exists.body) return false;
  const { body: count } = await client.count({ index: alias });
  const { body: mapping } = await client.indices.getMapping({ index: alias });
  const meta = (Object.values(mapping)[0] as { mappings: { _meta?: { definition?: string; embedding?: string } } })
    .mappings._meta;
  const { body: settings } = await client.indices.getSettings({ index: alias, name: 'index.number_of_*' });
  const index = (Object.values(settings)[0] as { settings: { index: Record<string, string> } }).settings.index;
  return (
    count.count === creators &&
    meta?.definition === definitionDigest('creators') &&
    (meta.embedding ?? undefined) === config.embedding?.model &&
    Number(index.number_of_shards) === config.shards &&
    Number(index.number_of_replicas) === config.replicas
  );
}

export async function prepareDataset(
  client: Client,
  opensearchUrl: string,
  creators: number,
  log: (line: string) => void,
  /** The largest size the data is also loaded as before at: above it, the frozen shape is not measured. */
  beforeUpTo = Number.POSITIVE_INFINITY,
  /** Where the loads are, when not one node's one shard (`3 nodes, 3 shards and 0 replicas per index`): their
   * times are kept apart. */
  topology?: string,
): Promise<Dataset> {
  const dir = path.join(root, '.cache', 'bench', `creators-${creators}`);
  if (!existsSync(path.join(dir, 'creators.ndjson'))) {
    log(`Generating ${creators} creators into ${path.relative(root, dir)}...`);
    await generate({ creators, sponsors: 1500, seed: 42, out: dir, log: () => {} });
  }
  const prefix = `bench-${creators}-`;
  const beforePrefix = creators <= beforeUpTo ? `bench-${creators}-unmerged-` : undefined;
  const quiet = new Writable({ write: (_c, _e, done) => done() }) as unknown as NodeJS.WriteStream;
  // How long each load took, beside the data: a later run that reuses a load still reports it.
  const loadsFile = path.join(dir, 'loads.json');
  const loadKey = (into: string) => (topology ? `${into} on ${topology}` : into);
  const loads = existsSync(loadsFile) ? readJsonFile(loadsFile, z.record(z.string(), z.number()), 'load record') : {};
  for (const [into, now] of [[prefix, true] as const, ...(beforePrefix ? [[beforePrefix, false] as const] : [])]) {
    const config = loadIndexerConfig({
      // The lexical API's figures; SEMANTIC=true in the environment loads the live data's vectors too (bench:api
      // --semantic). The frozen shape's data never needs them.
      SEMANTIC: 'false',
      ...process.env,
      ...(!now && { SEMANTIC: 'false' }),
      OPENSEARCH_URL: opensearchUrl,
      INDEX_PREFIX: into,
      INDEX_FORCE_MERGE: String(now),
      INDEX_SORT: String(now),
      DATA_DIR: dir,
    });
    if (await loaded(client, into, creators, config)) continue;
    log(`Loading ${creators} creators under ${into} (${now ? 'as the indexer loads them now' : 'as before'})...`);
    const started = Date.now();
    await load({ client, config, out: quiet });
    const seconds = (Date.now() - started) / 1000;
    loads[loadKey(into)] = seconds;
    writeFileSync(loadsFile, `${JSON.stringify(loads)}\n`);
    log(`  loaded in ${seconds.toFixed(0)} s`);
  }
  const { body } = await client.indices.getMapping({ index: `${prefix}creators` });
  const { body: stats } = await client.indices.stats({ index: `${prefix}creators`, metric: 'store' });
  return {
    creators,
    dir,
    prefix,
    beforePrefix,
    indexedPopularity: recordedIndex(body as Mappings)?.popularity,
    loadSeconds: loads[loadKey(prefix)],
    indexBytes: stats._all.primaries?.store?.size_in_bytes ?? Number.NaN,
  };
}
