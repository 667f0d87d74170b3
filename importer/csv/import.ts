// `npm run import -- csv`: channel lists first (so videos find the channels they name), then video exports, each
// file streamed row by row into the catalog. A row that cannot be read stops the import with its file and line,
// or, with skipBad, is counted and listed in the summary.
import path from 'node:path';
import type { Catalog } from '../catalog.ts';
import { type ChannelField, columnsOf, type Kind, type MappingFile, type VideoField } from './columns.ts';
import { BadRow, type Encoding, readCsv } from './read.ts';
import { channelFromRow, videoFromRow } from './rows.ts';
import { BadValue } from './values.ts';

export interface CsvImport {
  videos: string[];
  channels: string[];
  mapping?: MappingFile;
  encoding?: Encoding;
  skipBad: boolean;
  /** Bytes read so far over all files, for progress. */
  onBytes?: (bytes: number) => void;
}

export interface CsvResult {
  rows: number;
  bad: BadRow[];
}

export async function importCsv(catalog: Catalog, options: CsvImport): Promise<CsvResult> {
  const bad: BadRow[] = [];
  let rows = 0;
  let before = 0;
  const files: [Kind, string][] = [
    ...options.channels.map((f): [Kind, string] => ['channels', f]),
    ...options.videos.map((f): [Kind, string] => ['videos', f]),
  ];
  for (const [kind, file] of files) {
    let columns: Partial<Record<string, string>> | undefined;
    let last = 0;
    const rowsOf = readCsv(file, {
      ...(options.encoding && { encoding: options.encoding }),
      skipBad: options.skipBad,
      onBad: (row) => bad.push(row),
      onBytes: (bytes) => {
        last = bytes;
        options.onBytes?.(before + bytes);
      },
    });
    for await (const row of rowsOf) {
      columns ??= columnsOf(kind, Object.keys(row.cells), file, options.mapping?.[kind]);
      const source = `${path.basename(file)}:${row.line}`;
      try {
        if (kind === 'videos')
          catalog.addVideo(videoFromRow(row.cells, columns as Partial<Record<VideoField, string>>, source), file);
        else
          catalog.addChannel(channelFromRow(row.cells, columns as Partial<Record<ChannelField, string>>, source), file);
        rows += 1;
      } catch (error) {
        if (!(error instanceof BadValue)) throw error;
        const badRow = new BadRow(file, row.line, error.message);
        if (!options.skipBad) throw badRow;
        bad.push(badRow);
      }
    }
    before += last;
  }
  return { rows, bad };
}
