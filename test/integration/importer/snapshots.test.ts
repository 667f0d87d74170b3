import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeSnapshots } from '../../../importer/snapshots.ts';
import type { SnapshotRecord } from '../../../indexer/records.ts';

// An import's snapshots added to the history already in its output folder (importer/snapshots.ts).

const row = (creatorId: number, date: string, subscribers = 100): SnapshotRecord => ({
  creatorId,
  date,
  subscribers,
  totalViews: 1000,
  videoCount: 10,
  avgViews: 100,
});
const fileWith = (rows: SnapshotRecord[]) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'snapshots-')), 'snapshots.ndjson');
  writeFileSync(file, rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
  return file;
};

describe('merging an import into the history', () => {
  it('starts a history where there is none, grouped by creator, newest first', async () => {
    const merged = await mergeSnapshots('/nonexistent/snapshots.ndjson', [row(2, '2026-11-01'), row(1, '2026-11-01')]);
    expect(merged).toEqual([row(1, '2026-11-01'), row(2, '2026-11-01')]);
  });

  it("adds a new day before each creator's older ones, and keeps creators this import did not read", async () => {
    const file = fileWith([row(1, '2026-10-01'), row(3, '2026-09-01')]);
    expect(await mergeSnapshots(file, [row(1, '2026-11-01', 120), row(2, '2026-11-01')])).toEqual([
      row(1, '2026-11-01', 120),
      row(1, '2026-10-01'),
      row(2, '2026-11-01'),
      row(3, '2026-09-01'),
    ]);
  });

  it('replaces the same day read again, never doubles it', async () => {
    const file = fileWith([row(1, '2026-11-01', 100), row(1, '2026-10-01')]);
    expect(await mergeSnapshots(file, [row(1, '2026-11-01', 150)])).toEqual([
      row(1, '2026-11-01', 150),
      row(1, '2026-10-01'),
    ]);
  });

  it('refuses a reading older than the history it would head, and a file it cannot read', async () => {
    const file = fileWith([row(1, '2026-11-01')]);
    await expect(mergeSnapshots(file, [row(1, '2026-10-01')])).rejects.toThrowError(
      /creator 1 already has a snapshot of 2026-11-01, after this import's 2026-10-01: import readings in date order \(--as-of\)/,
    );
    const broken = fileWith([]);
    writeFileSync(broken, '{"creatorId":1,"date":"yesterday"}\n');
    await expect(mergeSnapshots(broken, [])).rejects.toThrowError(/snapshots\.ndjson:1: not a snapshot/);
    expect(readFileSync(file, 'utf8')).toBe(`${JSON.stringify(row(1, '2026-11-01'))}\n`);
  });
});
