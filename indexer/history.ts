// Creator snapshots (snapshots.ndjson) into the history indices: one per year of snapshot dates
// (`<prefix>history-2026`), all under the alias `<prefix>history` the API reads. They sit outside the versioned
// indices a load swaps: each row is a dated fact with a stable id (`<creatorId>:<date>`), so a load adds the days it
// has not seen, rewrites a day imported again, and never rebuilds the years before (README, "Decisions": history).
// While the rows stream by, each creator's growth is followed (growth.ts) for the creators a load writes next.
import type { Client } from '@opensearch-project/opensearch';
import { BulkWriter, type Rejected } from './bulk.ts';
import { GrowthTracker } from './growth.ts';
import { historyDefinition } from './mappings.ts';
import { readNdjson } from './ndjson.ts';
import { type SnapshotRecord, SnapshotRecordSchema } from './records.ts';

export const historyAlias = (prefix: string) => `${prefix}history`;
export const historyIndex = (prefix: string, year: string) => `${prefix}history-${year}`;

export interface HistoryLoad {
  tracker: GrowthTracker;
  /** Snapshot rows sent (each rewrites its day when it was loaded before). */
  rows: number;
  /** Rows OpenSearch refused. */
  rejected: Rejected[];
}

/** The year's index with its mapping and the alias, unless it exists already (a history only grows). */
async function ensureYear(client: Client, prefix: string, year: string, replicas: number): Promise<string> {
  const index = historyIndex(prefix, year);
  const { settings, mappings } = historyDefinition();
  await client.indices.create(
    {
      index,
      body: {
        settings: { ...settings, number_of_replicas: replicas },
        mappings,
        aliases: { [historyAlias(prefix)]: {} },
      },
    },
    { ignore: [400] }, // resource_already_exists_exception: an earlier load made it
  );
  const { body: exists } = await client.indices.exists({ index });
  if (!exists) throw new Error(`could not create the history index ${index}`);
  return index;
}

/**
 * Streams snapshots.ndjson into the history indices and follows each creator's growth. A row out of place (not
 * newest first for its creator, or a second row for one day) is reported like any bad record.
 */
export async function loadHistory(
  client: Client,
  prefix: string,
  replicas: number,
  file: string,
  bulk: { maxBytes: number; concurrency: number; onFlushed?: (docs: number) => void },
  bad: (line: number, reason: string) => void,
): Promise<HistoryLoad> {
  const tracker = new GrowthTracker();
  const writers = new Map<string, BulkWriter>();
  let rows = 0;
  try {
    for await (const parsed of readNdjson(file, SnapshotRecordSchema)) {
      if (!parsed.ok) {
        bad(parsed.line, parsed.reason);
        continue;
      }
      const row: SnapshotRecord = parsed.record;
      const problem = tracker.add(row);
      if (problem) {
        bad(parsed.line, problem);
        continue;
      }
      const year = row.date.slice(0, 4);
      let writer = writers.get(year);
      if (!writer) {
        writer = new BulkWriter(client, await ensureYear(client, prefix, year, replicas), bulk);
        writers.set(year, writer);
      }
      await writer.add(`${row.creatorId}:${row.date}`, row);
      rows += 1;
    }
  } finally {
    await Promise.all([...writers.values()].map((w) => w.close()));
  }
  const indices = [...writers.keys()].map((year) => historyIndex(prefix, year));
  if (indices.length) await client.indices.refresh({ index: indices.join(',') });
  return { tracker, rows, rejected: [...writers.values()].flatMap((w) => w.rejected) };
}
