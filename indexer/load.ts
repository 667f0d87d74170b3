import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Client } from '@opensearch-project/opensearch';
import { countLines, createProgress } from '../common/progress.ts';
import { counts } from '../src/contract/confidence.ts';
import { NICHE_LIST } from '../src/contract/niches.ts';
import type { CreatorDocument } from '../src/search/documents.ts';
import { signalsKey } from '../src/search/indexed-popularity.ts';
import { loadProfile } from '../src/search/profile.ts';
import { BulkWriter, type Rejected } from './bulk.ts';
import type { IndexerConfig } from './config.ts';
import { creatorDocument, embeddingText, SponsorStats, sponsorshipDocument } from './documents.ts';
import { Embeddings } from './embeddings.ts';
import type { GrowthTracker } from './growth.ts';
import { loadHistory } from './history.ts';
import { definitionDigest, indexDefinition } from './mappings.ts';
import { readNdjson } from './ndjson.ts';
import {
  type CreatorRecord,
  CreatorRecordSchema,
  type SnapshotRecord,
  type SponsorRecord,
  SponsorRecordSchema,
  SponsorshipEvidenceSchema,
} from './records.ts';
import {
  type AliasName,
  cleanUp,
  deleteVersion,
  indexName,
  liveVersion,
  newVersion,
  previousOf,
  swapAliases,
  versions,
} from './versions.ts';

export class LoadError extends Error {
  override name = 'LoadError';
}

export interface BadRecord {
  file: string;
  line: number;
  reason: string;
}

export interface LoadSummary {
  version: string;
  previous: string | undefined;
  creators: number;
  sponsors: number;
  /** Evidence rows of detected sponsorships (sponsorships.ndjson); 0 for a dataset without the file. */
  sponsorships: number;
  /** Snapshot rows written to the history indices (snapshots.ndjson), and the creators they date. */
  snapshots: number;
  creatorsWithHistory: number;
  /** Records skipped with --skip-bad. */
  skipped: BadRecord[];
  /** Documents OpenSearch refused (reported; the load fails on them unless --skip-bad). */
  rejected: Rejected[];
  deleted: string[];
  seconds: number;
}

export interface LoadOptions {
  client: Client;
  config: IndexerConfig;
  /** Skip invalid records and rejected documents (reporting each) instead of aborting. */
  skipBad?: boolean;
  /** Where progress lines go; defaults to stdout. */
  out?: NodeJS.WriteStream;
}

const niches = new Map(NICHE_LIST.map((n) => [n.value, n]));
const EMBEDDING_GROUP = 64;

function indexBody(
  alias: AliasName,
  shards: number,
  previous: string | undefined,
  sorted: boolean,
  popularity?: string,
  embedding?: string,
) {
  const { settings, mappings } = indexDefinition(alias);
  if (!sorted) delete settings.index?.sort;
  // Without vectors the index needs no k-NN plugin: SEMANTIC=off loads into any OpenSearch.
  if (!embedding) {
    delete settings.index?.knn;
    delete mappings.properties?.embedding;
  }
  return {
    // Loading is fastest with no replicas and no refreshes; both are restored before the alias swap.
    settings: { ...settings, number_of_shards: shards, number_of_replicas: 0, refresh_interval: '-1' },
    // The version that was live when this one was built is what --rollback returns to.
    // Creators: the popularity signals whose sum they carry (src/search/indexed-popularity.ts), and the model whose
    // vectors they carry, if any: the API adds semantic clauses only for an index with its own model's vectors.
    mappings: {
      ...mappings,
      _meta: {
        previous: previous ?? null,
        definition: definitionDigest(alias),
        ...(alias === 'creators' && { popularity: popularity ?? null, embedding: embedding ?? null }),
      },
    },
  };
}

type Bad = (file: string, line: number, reason: string) => void;

/**
 * Streams the evidence rows into their index, each with its sponsor's name and website (a page of evidence is then
 * one request), and returns, per sponsor, how many rows count in the contract's figures (at or above the default
 * confidence). Memory grows with sponsors, not rows.
 */
async function loadEvidence(
  file: string,
  writer: BulkWriter,
  sponsors: Map<number, SponsorRecord>,
  bad: Bad,
): Promise<Map<number, number>> {
  const counted = new Map<number, number>();
  try {
    for await (const parsed of readNdjson(file, SponsorshipEvidenceSchema)) {
      if (!parsed.ok) {
        bad(file, parsed.line, parsed.reason);
        continue;
      }
      const row = parsed.record;
      const sponsor = sponsors.get(row.sponsorId);
      if (!sponsor) {
        bad(file, parsed.line, `unknown sponsorId ${row.sponsorId}`);
        continue;
      }
      if (counts(row.confidence)) counted.set(row.sponsorId, (counted.get(row.sponsorId) ?? 0) + 1);
      await writer.add(`${row.creatorId}:${row.sponsorId}:${row.videoId}`, sponsorshipDocument(row, sponsor));
    }
  } finally {
    await writer.close();
  }
  return counted;
}

/**
 * The contract's counts must be the evidence rows at or above the default confidence (indexer/evidence.ts): checked
 * per sponsor, which costs memory per sponsor only. Undefined when they agree, else what differs.
 */
function disagreement(fromCreators: Map<number, number>, fromRows: Map<number, number>): string | undefined {
  for (const id of new Set([...fromCreators.keys(), ...fromRows.keys()])) {
    const creators = fromCreators.get(id) ?? 0;
    const rows = fromRows.get(id) ?? 0;
    if (creators !== rows)
      return `sponsor ${id}: the creators' sponsorships count ${creators} videos, sponsorships.ndjson has ${rows} rows at or above the default confidence`;
  }
  return undefined;
}

/** A creator's newest snapshot is its figures: which one differs, if any (a stale or foreign snapshots file). */
function staleFigure(record: CreatorRecord, latest: SnapshotRecord): string | undefined {
  for (const field of ['subscribers', 'totalViews', 'videoCount', 'avgViews'] as const)
    if (record[field] !== latest[field])
      return `${field} is ${record[field]} but the creator's newest snapshot says ${latest[field]}`;
  return undefined;
}

/**
 * Loads data/sponsors.ndjson, data/sponsorships.ndjson (when there) and data/creators.ndjson into a fresh versioned
 * set of indices, then points the aliases at it in one atomic step. Any failure before the swap deletes the new
 * indices and leaves the live aliases as they were. data/snapshots.ndjson (when there) goes into the history indices,
 * which only grow (history.ts): a failed load may have added days to them, never removed any.
 */
export async function load({ client, config, skipBad = false, out }: LoadOptions): Promise<LoadSummary> {
  const started = Date.now();
  const prefix = config.indexPrefix;
  const sponsorsFile = path.join(config.dataDir, 'sponsors.ndjson');
  const creatorsFile = path.join(config.dataDir, 'creators.ndjson');
  const evidenceFile = path.join(config.dataDir, 'sponsorships.ndjson');
  const snapshotsFile = path.join(config.dataDir, 'snapshots.ndjson');
  const log = out ?? process.stdout;
  const skipped: BadRecord[] = [];
  const bad: Bad = (file, line, reason) => {
    if (!skipBad)
      throw new LoadError(`${file}:${line}: ${reason} (nothing was changed; --skip-bad skips such records)`);
    skipped.push({ file, line, reason });
  };

  const sponsors = new Map<number, SponsorRecord>();
  for await (const parsed of readNdjson(sponsorsFile, SponsorRecordSchema)) {
    if (!parsed.ok) bad(sponsorsFile, parsed.line, parsed.reason);
    else if (sponsors.has(parsed.record.id)) bad(sponsorsFile, parsed.line, `duplicate sponsor id ${parsed.record.id}`);
    else sponsors.set(parsed.record.id, parsed.record);
  }

  const signals = loadProfile(config.rankingProfile).ranking.creators.popularity?.signals;
  const popularity = signalsKey(signals);

  const version = newVersion();
  const previous = await liveVersion(client, prefix);
  const creatorsIndex = indexName(prefix, 'creators', version);
  const sponsorsIndex = indexName(prefix, 'sponsors', version);
  const evidenceIndex = indexName(prefix, 'sponsorships', version);
  try {
    await client.indices.create({
      index: creatorsIndex,
      body: indexBody('creators', config.shards, previous, config.sort, popularity, config.embedding?.model),
    });
    await client.indices.create({
      index: sponsorsIndex,
      body: indexBody('sponsors', config.shards, previous, config.sort),
    });
    await client.indices.create({
      index: evidenceIndex,
      body: indexBody('sponsorships', config.shards, previous, config.sort),
    });
    const bulk = { maxBytes: config.bulkMaxBytes, concurrency: config.bulkConcurrency };
    // A dataset written before evidence rows existed still loads: its counts are taken as they are.
    let rowCounts: Map<number, number> | undefined;
    let evidence: BulkWriter | undefined;
    if (existsSync(evidenceFile)) {
      const progress = createProgress('sponsorships', await countLines(evidenceFile), out);
      evidence = new BulkWriter(client, evidenceIndex, { ...bulk, onFlushed: (n) => progress.tick(n) });
      rowCounts = await loadEvidence(evidenceFile, evidence, sponsors, bad).finally(() => progress.stop());
    } else {
      log.write(
        `Note: ${evidenceFile} is missing (a dataset from before evidence rows): no sponsorship evidence is served, and the creators' sponsorship counts are loaded as they are.\n`,
      );
    }
    // Before the creators: their growth and asOf are derived from it (growth.ts). A dataset without the file loads
    // as before, its creators undated.
    let tracker: GrowthTracker | undefined;
    let historyRejected: Rejected[] = [];
    let snapshots = 0;
    if (existsSync(snapshotsFile)) {
      const progress = createProgress('snapshots', await countLines(snapshotsFile), out);
      const loaded = await loadHistory(
        client,
        prefix,
        config.replicas,
        snapshotsFile,
        { ...bulk, onFlushed: (n) => progress.tick(n) },
        (line, reason) => bad(snapshotsFile, line, reason),
      ).finally(() => progress.stop());
      ({ tracker, rows: snapshots, rejected: historyRejected } = loaded);
    }
    const progress = createProgress('creators', await countLines(creatorsFile), out);
    const creators = new BulkWriter(client, creatorsIndex, { ...bulk, onFlushed: (n) => progress.tick(n) });
    const stats = new SponsorStats();
    const embeddings = config.embedding && Embeddings.open(config.embedding);
    // With vectors, creators go out in groups, two at a time: the embedding threads start on a group as soon as it
    // is read, while the one before it is still being embedded or handed to OpenSearch, so they never wait for this
    // thread to read and build the next.
    let group: { id: string; doc: CreatorDocument; text: string }[] = [];
    let handedOver: Promise<void> = Promise.resolve();
    const send = async () => {
      const batch = group;
      group = [];
      const vectors = embeddings ? embeddings.vectors(batch.map(({ text }) => text)) : Promise.resolve([]);
      const before = handedOver;
      // Promise.all takes both at once, so a failed embedding is never an unhandled rejection while `before` runs.
      handedOver = Promise.all([vectors, before]).then(async ([found]) => {
        for (const [i, { id, doc }] of batch.entries()) await creators.add(id, { ...doc, embedding: found[i] });
      });
      await before;
    };
    try {
      for await (const parsed of readNdjson(creatorsFile, CreatorRecordSchema)) {
        if (!parsed.ok) {
          bad(creatorsFile, parsed.line, parsed.reason);
          continue;
        }
        const unknown = parsed.record.sponsorships.find((s) => !sponsors.has(s.sponsorId));
        if (unknown) {
          bad(creatorsFile, parsed.line, `sponsorships: unknown sponsorId ${unknown.sponsorId}`);
          continue;
        }
        const dated = tracker?.of(parsed.record.id);
        const stale = dated && staleFigure(parsed.record, dated.latest);
        if (stale) {
          bad(creatorsFile, parsed.line, `${stale} (snapshots.ndjson, ${dated.asOf})`);
          continue;
        }
        const doc = creatorDocument(parsed.record, sponsors, niches, popularity ? signals : undefined, dated);
        stats.add(parsed.record, doc);
        const text = embeddings ? embeddingText(doc, parsed.record.videoTitles, parsed.record.videoTags) : '';
        group.push({ id: String(parsed.record.id), doc, text });
        if (group.length >= EMBEDDING_GROUP) await send();
      }
      await send();
      await handedOver;
    } finally {
      await handedOver.catch(() => undefined); // failed already, and that failure is what this load throws
      await embeddings?.close();
      await creators.close().finally(() => progress.stop());
    }
    if (embeddings) log.write(`${embeddings.summary()}\n`);
    const mismatch = rowCounts && disagreement(stats.sponsorshipCounts(), rowCounts);
    // Skipped records leave the two sides apart by design: the check is for whole datasets.
    if (mismatch && !skipped.length) throw new LoadError(`${mismatch} (nothing was changed)`);

    const sponsorWriter = new BulkWriter(client, sponsorsIndex, bulk);
    for (const sponsor of sponsors.values())
      await sponsorWriter.add(String(sponsor.id), stats.document(sponsor, niches));
    await sponsorWriter.close();

    const rejected = [
      ...creators.rejected,
      ...sponsorWriter.rejected,
      ...(evidence?.rejected ?? []),
      ...historyRejected,
    ];
    if (rejected.length && !skipBad) {
      const shown = rejected
        .slice(0, 10)
        .map((r) => `  ${r.id}: ${r.status} ${r.reason}`)
        .join('\n');
      throw new LoadError(`OpenSearch rejected ${rejected.length} document(s); nothing was changed:\n${shown}`);
    }

    const all = `${creatorsIndex},${sponsorsIndex},${evidenceIndex}`;
    if (config.forceMerge) {
      // Before the replicas exist, so they copy the merged segments instead of merging again. Each segment is
      // searched on its own (term lookups, fuzzy and prefix expansion per segment): at 1,000,000 creators the
      // ~20 segments a load leaves cost a search far more OpenSearch CPU than one (bench/results/api-*.md).
      const merging = Date.now();
      log.write('Merging each index into one segment...\n');
      await client.indices.refresh({ index: all });
      await client.indices.forcemerge({ index: all, max_num_segments: 1 }, { requestTimeout: 3_600_000 });
      log.write(`Merged in ${((Date.now() - merging) / 1000).toFixed(1)} s.\n`);
    }
    await client.indices.putSettings({
      index: all,
      body: { index: { refresh_interval: '1s', number_of_replicas: config.replicas } },
    });
    await client.indices.refresh({ index: all });
    await client.cluster.health({ index: all, wait_for_status: 'yellow', timeout: '120s' });

    // Same id twice in the source would overwrite silently: the count in the index must match what was sent.
    for (const [index, expected] of [
      [creatorsIndex, creators.indexed],
      [sponsorsIndex, sponsorWriter.indexed],
      [evidenceIndex, evidence?.indexed ?? 0],
    ] as const) {
      const { body } = await client.count({ index });
      if (body.count !== expected) {
        throw new LoadError(`${index} holds ${body.count} documents but ${expected} were indexed: duplicate ids?`);
      }
    }

    await swapAliases(client, prefix, version);
    const deleted = await cleanUp(client, prefix, [version, previous]);
    return {
      version,
      previous,
      creators: creators.indexed,
      sponsors: sponsorWriter.indexed,
      sponsorships: evidence?.indexed ?? 0,
      snapshots,
      creatorsWithHistory: tracker?.size ?? 0,
      skipped,
      rejected,
      deleted,
      seconds: (Date.now() - started) / 1000,
    };
  } catch (error) {
    await deleteVersion(client, prefix, version);
    throw error;
  }
}

/** Points the aliases back at the version that was live before the live one was loaded. */
export async function rollback(client: Client, prefix: string): Promise<{ from: string; to: string }> {
  const live = await liveVersion(client, prefix);
  if (!live) throw new LoadError('Nothing is loaded yet, so there is nothing to roll back.');
  const target = await previousOf(client, prefix, live);
  if (!target || !(await versions(client, prefix)).includes(target)) {
    throw new LoadError(`There is no previous version of ${live} to roll back to.`);
  }
  await swapAliases(client, prefix, target);
  return { from: live, to: target };
}
