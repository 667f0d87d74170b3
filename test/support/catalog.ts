import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Client } from '@opensearch-project/opensearch';
import { inject } from 'vitest';
import { loadIndexerConfig } from '../../indexer/config.ts';
import { generate } from '../../indexer/generate/dataset.ts';
import { load } from '../../indexer/load.ts';
import type { CreatorRecord, SnapshotRecord, SponsorRecord, SponsorshipEvidence } from '../../indexer/records.ts';
import { officialClient } from '../../src/clients.ts';
import { writeDataset } from './dataset.ts';

export interface LoadedDataset {
  prefix: string;
  creators: CreatorRecord[];
  sponsors: SponsorRecord[];
  /** The generator's judgments for this dataset (judgments.jsonl). */
  judgments: string;
  /** Its snapshots (snapshots.ndjson), empty without them. */
  snapshots: SnapshotRecord[];
  client: Client;
  /** Deletes the indices and the files. */
  drop: () => Promise<void>;
}

const readLines = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);

/** Where a dataset is loaded: the global setup's OpenSearch by default; the cluster tests give theirs. */
export interface Target {
  /** OPENSEARCH_URL: one node or several, comma-separated. */
  opensearchUrl: string;
  replicas: number;
  shards?: number;
}

/** How a dataset is loaded: with creators' vectors (semantic search) only when a test needs them. */
export interface LoadOptions {
  semantic?: boolean;
  /** Evidence rows (sponsorships.ndjson); without them the folder is one from before evidence rows. */
  evidence?: SponsorshipEvidence[];
  /** Snapshots (snapshots.ndjson), each creator's newest first; without them every creator is undated. */
  snapshots?: SnapshotRecord[];
}

/** Loads a data folder under an index prefix of its own; `drop` deletes the indices and the folder. */
async function loadFolder(name: string, dir: string, target?: Target, { semantic = false }: LoadOptions = {}) {
  const prefix = `t${process.pid}_${name}_`;
  const { opensearchUrl, replicas, shards = 1 } = target ?? { opensearchUrl: inject('opensearchUrl'), replicas: 0 };
  const config = {
    ...loadIndexerConfig({
      INDEX_PREFIX: prefix,
      OPENSEARCH_URL: opensearchUrl,
      INDEX_REPLICAS: String(replicas),
      INDEX_SHARDS: String(shards),
      SEMANTIC: String(semantic),
    }),
    dataDir: dir,
  };
  const client = officialClient(config.opensearch, { requestTimeout: 60_000 });
  const quiet = new Writable({ write: (_c, _e, done) => done() }) as unknown as NodeJS.WriteStream;
  await load({ client, config, out: quiet });
  return {
    prefix,
    client,
    drop: async () => {
      await client.indices.delete({ index: `${prefix}*` }, { ignore: [404] });
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Generates a dataset and loads it under its own index prefix; the records come back for expectations. */
export async function loadGeneratedDataset(name: string, size = SHARED_SIZE, target?: Target): Promise<LoadedDataset> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  await generate({ ...size, seed: 7, out: dir });
  return { ...(await loadFolder(name, dir, target)), ...readDataset(dir) };
}

const SHARED_SIZE = { creators: 2000, sponsors: 150 };

const readDataset = (dir: string) => ({
  creators: readLines<CreatorRecord>(path.join(dir, 'creators.ndjson')),
  sponsors: readLines<SponsorRecord>(path.join(dir, 'sponsors.ndjson')),
  judgments: path.join(dir, 'judgments.jsonl'),
  snapshots: existsSync(path.join(dir, 'snapshots.ndjson'))
    ? readLines<SnapshotRecord>(path.join(dir, 'snapshots.ndjson'))
    : [],
});

/**
 * The dataset the files that only read share (test/shared-dataset.ts loads it once per run, the size and seed
 * loadGeneratedDataset gives by default). `drop` closes the client and leaves the data to the global teardown.
 */
export function sharedDataset(): LoadedDataset {
  const { prefix, dir } = inject('sharedDataset');
  const client = officialClient(loadIndexerConfig({ OPENSEARCH_URL: inject('opensearchUrl') }).opensearch, {
    requestTimeout: 60_000,
  });
  return { prefix, client, drop: () => client.close(), ...readDataset(dir) };
}

/** Generates and loads the shared dataset: for the global setup, where `inject` does not reach. */
export async function loadSharedDataset(opensearchUrl: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shared-'));
  await generate({ ...SHARED_SIZE, seed: 7, out: dir });
  const { prefix, drop } = await loadFolder('shared', dir, { opensearchUrl, replicas: 0 });
  return { prefix, dir, drop };
}

/** Loads a folder in the source format (one the importer wrote) under its own index prefix. */
export async function loadDataFolder(name: string, dir: string): Promise<LoadedDataset> {
  return { ...(await loadFolder(name, dir)), ...readDataset(dir) };
}

/** Loads hand-made records (test/support/dataset.ts) under their own index prefix. */
export function loadRecords(
  name: string,
  sponsors: SponsorRecord[],
  creators: CreatorRecord[],
  options: LoadOptions = {},
) {
  const dir = writeDataset(sponsors, creators, undefined, options.evidence, options.snapshots);
  return loadFolder(name, dir, undefined, options);
}
