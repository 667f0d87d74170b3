// One source file's bytes (gzipped or not) to the videos its rows state, whatever its format: the CSV layouts through
// the importer's CSV parser and column aliases, and the JSON shapes (API responses, flat records, objects keyed by
// video id) flattened into the same header-keyed cells, so every format goes through `videoFromRow`. A row that
// cannot be read is yielded as a BadRecord with its reason; the build counts them.
import { gunzipSync } from 'node:zlib';
import { columnsOf, type VideoField } from '../csv/columns.ts';
import { CsvParser, UnclosedQuote } from '../csv/parse.ts';
import { videoFromRow } from '../csv/rows.ts';
import { BadValue, countryCode } from '../csv/values.ts';
import type { VideoFacts } from '../model.ts';
import type { Format, Source } from './manifest.ts';

export interface CorpusRow {
  video: VideoFacts;
  /** Where the row charted: its own region column, else the source's region. */
  region: string | null;
  /** The chart day: the row's trending date, else the source's snapshot day, else none (an upload list). */
  charted: string | null;
}

export interface BadRecord {
  bad: string;
}

type Cells = Record<string, string>;

/** Headers a layout must have, so a file listed under the wrong format is an error, not a quiet misreading. */
const LAYOUT: Partial<Record<Format, string[]>> = {
  'datasnaek-csv': ['video_id', 'trending_date', 'channel_title', 'publish_time'],
  'rsrishav-csv': ['video_id', 'channelId', 'publishedAt'],
};

/** The header under which a source's `channel` joins rows that have no channel column: no file writes it. */
const SOURCE_CHANNEL = '\u0000channel of the source';

export function* recordsOf(
  bytes: Uint8Array,
  source: Pick<Source, 'format' | 'region' | 'charted' | 'channel'>,
): Generator<CorpusRow | BadRecord> {
  const text = decode(bytes);
  const cells = source.format.endsWith('-csv') ? csvCells(text, source.format) : jsonCells(text, source.format);
  const columnsByHeader = new Map<string, Partial<Record<VideoField, string>>>();
  for (const item of cells) {
    if ('bad' in item) {
      yield item;
      continue;
    }
    const { cells: row } = item;
    const headers = Object.keys(row);
    const key = headers.join('\u0000');
    let columns = columnsByHeader.get(key);
    if (!columns) {
      try {
        columns = columnsFor(headers, source.channel);
      } catch {
        yield { bad: 'no video id, title, publish time or channel' };
        continue;
      }
      columnsByHeader.set(key, columns);
    }
    try {
      const cellsOfRow =
        columns.channelTitle === SOURCE_CHANNEL ? { ...row, [SOURCE_CHANNEL]: source.channel ?? '' } : row;
      const video = videoFromRow(cellsOfRow, columns, '');
      const region = countryCode(row.country_code ?? row.regionCode ?? row.region) ?? source.region;
      yield { video, region, charted: video.seenOn ?? source.charted };
    } catch (error) {
      if (!(error instanceof BadValue)) throw error;
      yield { bad: error.message };
    }
  }
}

/**
 * The columns of a header; a file without a channel column takes the source's `channel`, when the manifest names one,
 * as its channel title.
 */
function columnsFor(headers: string[], channel: string | undefined): Partial<Record<VideoField, string>> {
  try {
    return columnsOf<VideoField>('videos', headers, 'row');
  } catch (error) {
    if (channel === undefined) throw error;
    return columnsOf<VideoField>('videos', [...headers, SOURCE_CHANNEL], 'row', { channelTitle: SOURCE_CHANNEL });
  }
}

/**
 * Gunzipped when the bytes start with gzip's magic number; then UTF-8 when every byte decodes as UTF-8, else
 * Windows-1252 (what spreadsheets write), as `readCsv` decides.
 */
function decode(stored: Uint8Array): string {
  const bytes = stored[0] === 0x1f && stored[1] === 0x8b ? gunzipSync(stored) : stored;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function* csvCells(text: string, format: Format): Generator<{ cells: Cells } | BadRecord> {
  const parser = new CsvParser();
  const records = parser.push(text);
  try {
    records.push(...parser.end());
  } catch (error) {
    if (!(error instanceof UnclosedQuote)) throw error;
    // A truncated last row: the rows before it are whole, the last is counted as bad.
    yield { bad: error.message };
  }
  const header = records.shift()?.fields.map((name) => name.trim()) ?? [];
  const missing = (LAYOUT[format] ?? []).filter((name) => !header.includes(name));
  if (missing.length > 0) throw new Error(`not a ${format} file: its header lacks ${missing.join(', ')}`);
  for (const record of records) {
    // Scrapers that append a run to the same file write its header again.
    if (record.fields.every((field, index) => field.trim() === header[index])) {
      yield { bad: 'a repeated header row' };
      continue;
    }
    if (record.fields.length !== header.length) {
      yield { bad: `a row with ${record.fields.length} fields where the header has ${header.length}` };
      continue;
    }
    yield { cells: Object.fromEntries(header.map((name, index) => [name, record.fields[index] as string])) };
  }
}

function* jsonCells(text: string, format: Format): Generator<{ cells: Cells }> {
  let json: unknown;
  try {
    // Some saved responses start with a byte-order mark, which JSON.parse refuses.
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new Error(`not JSON (${(error as Error).message})`);
  }
  for (const item of itemsOf(json, format)) yield { cells: flatten(item) };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The video objects of a JSON file, each with its id where the file keeps the id as the key. */
function itemsOf(json: unknown, format: Format): Record<string, unknown>[] {
  if (format === 'keyed-json') {
    if (!isObject(json)) throw new Error('not an object keyed by video id');
    return Object.entries(json)
      .filter((entry): entry is [string, Record<string, unknown>] => isObject(entry[1]))
      .map(([id, value]) => ({ video_id: id, ...value }));
  }
  // An API response (`{items: […]}`), a list of responses, or a list of items or flat records.
  const list = Array.isArray(json) ? json : isObject(json) && Array.isArray(json.items) ? json.items : undefined;
  if (!list) throw new Error(`not a ${format} file: neither a list nor an object with items`);
  return list.flatMap((entry) =>
    isObject(entry) && Array.isArray(entry.items) ? entry.items.filter(isObject) : isObject(entry) ? [entry] : [],
  );
}

/** Images and translations are not read; `localized.title` would otherwise stand beside `snippet.title`. */
const SKIPPED = new Set(['thumbnails', 'localized']);

/**
 * Nested objects to dotted headers (`snippet.channelId`), which the column aliases fold to their last part; lists
 * (tags) stay JSON, which the tags reader reads.
 */
function flatten(item: Record<string, unknown>, prefix = '', cells: Cells = {}): Cells {
  for (const [key, value] of Object.entries(item)) {
    if (SKIPPED.has(key) || value === null || value === undefined) continue;
    if (isObject(value)) flatten(value, `${prefix}${key}.`, cells);
    else cells[`${prefix}${key}`] = Array.isArray(value) ? JSON.stringify(value) : String(value);
  }
  return cells;
}
