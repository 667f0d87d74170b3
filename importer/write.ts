// Writes a dataset in the source format (creators.ndjson, sponsors.ndjson, sponsorships.ndjson, and snapshots.ndjson
// with the history before it) and, when asked, the per-video evidence file (--evidence). Each file is written beside
// its final name and renamed into place, so a failed import never leaves half a dataset.

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Dataset } from './dataset.ts';
import { mergeSnapshots, SNAPSHOTS_FILE } from './snapshots.ts';

async function writeLines(file: string, records: Iterable<unknown>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const out = createWriteStream(partial);
  for (const record of records) if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  await rename(partial, file);
}

export async function writeDataset(dir: string, dataset: Dataset, evidenceFile?: string): Promise<void> {
  // Merged first: a history that cannot take this import stops it before any file is replaced.
  const snapshots = await mergeSnapshots(path.join(dir, SNAPSHOTS_FILE), dataset.snapshots);
  await writeLines(path.join(dir, 'sponsors.ndjson'), dataset.sponsors);
  await writeLines(path.join(dir, 'sponsorships.ndjson'), dataset.sponsorships);
  await writeLines(path.join(dir, 'creators.ndjson'), dataset.creators);
  await writeLines(path.join(dir, SNAPSHOTS_FILE), snapshots);
  if (evidenceFile) await writeLines(evidenceFile, dataset.evidence);
}
