// Streams a CSV file as header-keyed rows with their line numbers, whatever its encoding: memory holds one row at a
// time, never the file. A row that cannot be parsed (a truncated last row, a wrong number of fields) is a BadRow,
// which stops the import or, with skipBad, is counted and reported.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { CsvParser, type ParsedRecord, UnclosedQuote } from './parse.ts';

export type Encoding = 'utf-8' | 'windows-1252';

export interface Row {
  /** The line the row starts on, counting from 1 with the header. */
  line: number;
  cells: Record<string, string>;
}

export class BadRow extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
  }
}

/**
 * UTF-8 (with or without a BOM) when every byte decodes as UTF-8, else Windows-1252, the superset of Latin-1 that
 * spreadsheets write. One pass over the bytes, before any row is read, so no row is decoded twice.
 */
export async function detectEncoding(file: string): Promise<Encoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(file)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return 'utf-8';
  } catch (error) {
    if (error instanceof TypeError) return 'windows-1252';
    throw error;
  }
}

export interface ReadOptions {
  encoding?: Encoding;
  /** Skip rows that cannot be parsed, calling onBad for each, instead of throwing BadRow. */
  skipBad?: boolean;
  onBad?: (bad: BadRow) => void;
  /** Called with the bytes read so far, for progress. */
  onBytes?: (bytes: number) => void;
}

export async function fileSize(file: string): Promise<number> {
  return (await stat(file)).size;
}

/** The file's rows as header-keyed cells; the header is its first row (BOM removed, names trimmed). */
export async function* readCsv(file: string, options: ReadOptions = {}): AsyncGenerator<Row> {
  const encoding = options.encoding ?? (await detectEncoding(file));
  const decoder = new TextDecoder(encoding);
  const parser = new CsvParser();
  let header: string[] | undefined;
  let bytes = 0;
  const rows = function* (records: ParsedRecord[]): Generator<Row> {
    for (const record of records) {
      if (!header) {
        header = record.fields.map((name) => name.trim());
        continue;
      }
      if (record.fields.length !== header.length) {
        const bad = new BadRow(
          file,
          record.line,
          `the row has ${record.fields.length} fields where the header has ${header.length}`,
        );
        if (!options.skipBad) throw bad;
        options.onBad?.(bad);
        continue;
      }
      const cells: Record<string, string> = {};
      for (const [index, name] of header.entries()) cells[name] = record.fields[index] as string;
      yield { line: record.line, cells };
    }
  };
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    bytes += (chunk as Buffer).length;
    yield* rows(parser.push(decoder.decode(chunk as Buffer, { stream: true })));
    options.onBytes?.(bytes);
  }
  try {
    yield* rows(parser.push(decoder.decode()));
    yield* rows(parser.end());
  } catch (error) {
    if (!(error instanceof UnclosedQuote)) throw error;
    const bad = new BadRow(file, error.line, error.message);
    if (!options.skipBad) throw bad;
    options.onBad?.(bad);
  }
}
