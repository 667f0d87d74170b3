// The history an import leaves behind: snapshots.ndjson in the output folder keeps every earlier import's rows, and
// each import adds one per creator for the day its figures were read. A creator imported twice on one day keeps the
// later reading, never two rows. Rows go out grouped by creator, newest first, as the indexer reads them
// (indexer/growth.ts). Real imports hold thousands of creators, so the file is merged in memory.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { type SnapshotRecord, SnapshotRecordSchema } from '../indexer/records.ts';

export const SNAPSHOTS_FILE = 'snapshots.ndjson';

/** Earlier rows of `file` (if any) with this import's `added`, merged; throws on a row it cannot read. */
export async function mergeSnapshots(file: string, added: SnapshotRecord[]): Promise<SnapshotRecord[]> {
  const byKey = new Map<string, SnapshotRecord>();
  if (existsSync(file)) {
    for (const [index, line] of (await readFile(file, 'utf8')).split('\n').entries()) {
      if (!line.trim()) continue;
      const parsed = SnapshotRecordSchema.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${file}:${index + 1}: not a snapshot (${parsed.error.issues[0]?.message})`);
      byKey.set(`${parsed.data.creatorId}:${parsed.data.date}`, parsed.data);
    }
  }
  const newest = new Map<number, string>();
  for (const row of byKey.values())
    if (row.date > (newest.get(row.creatorId) ?? '')) newest.set(row.creatorId, row.date);
  for (const row of added) {
    const later = newest.get(row.creatorId);
    // The import's figures become the creator's; a reading older than its history would contradict them.
    if (later && later > row.date)
      throw new Error(
        `creator ${row.creatorId} already has a snapshot of ${later}, after this import's ${row.date}: import readings in date order (--as-of)`,
      );
    byKey.set(`${row.creatorId}:${row.date}`, row);
  }
  return [...byKey.values()].sort((a, b) => a.creatorId - b.creatorId || b.date.localeCompare(a.date));
}
