// `import-quepid FILE.csv --class NAME`: ratings made in Quepid (its "basic" CSV export, query,docid,rating) as a
// judgments file the workbench evaluates with everything else under relevance/judgments/.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readArgs, UsageError } from '../common/cli.ts';
import { formatJudgment, type JudgedQuery, JudgedQuerySchema } from '../common/judgments.ts';
import { issuesLine } from '../src/contract/issues.ts';
import { SearchCreatorsParams } from '../src/contract/params.ts';
import { JUDGMENTS_DIR, shownPath, type Workbench } from './context.ts';

const COLUMNS = ['query', 'docid', 'rating'] as const;
/** The grade judgments top out at (judgments.ts). */
const TOP = 3;
/** Warnings that list examples name this many and count the rest. */
const EXAMPLES = 3;

export class QuepidError extends Error {
  override name = 'QuepidError';
}

interface CsvRecord {
  /** Where the record starts (a quoted field may span lines). */
  line: number;
  fields: string[];
}

/** RFC 4180 records: comma-separated, double-quoted fields with "" for a quote, commas and line breaks inside. */
export function csvRecords(text: string, file: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const s = text.replace(/^\uFEFF/, ''); // spreadsheets save a byte-order mark first
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let quoteOpened = 0;
  const endRecord = () => {
    fields.push(field);
    records.push({ line: start, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      quoteOpened = line;
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else field += c;
  }
  if (quoted) throw new QuepidError(`${file}:${quoteOpened}: a quoted field is never closed`);
  if (field !== '' || fields.length) endRecord();
  return records;
}

export interface QuepidOptions {
  class: string;
  target: 'creators' | 'sponsors';
  /** Ratings run from 0 to this; mapped linearly onto 0–3. Without it ratings must already be 0–3. */
  scale?: number;
}

export interface QuepidImport {
  judgments: JudgedQuery[];
  ratings: number;
  warnings: string[];
}

const examples = (items: string[]) =>
  items.slice(0, EXAMPLES).join(', ') + (items.length > EXAMPLES ? ` and ${items.length - EXAMPLES} more` : '');

/**
 * Quepid's ratings CSV as judged queries, one per query in the order the file first names them. Quepid writes
 * ratings from a float column ("3.0"), puts a space before text starting with = + - @ (against spreadsheet
 * formulas: " @TechWithTina"), lists a query with no ratings as "query,," and, in a snapshot export, a document
 * nobody rated with an empty rating: those two are left out with a warning, anything else malformed stops the import.
 */
export function parseQuepidCsv(text: string, file: string, options: QuepidOptions): QuepidImport {
  const records = csvRecords(text, file).filter((r) => r.fields.some((f) => f.trim()));
  const header = records.shift();
  if (!header) throw new QuepidError(`${file}: empty; Quepid's ratings export starts with a query,docid,rating header`);
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const missing = COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) {
    throw new QuepidError(
      `${file}:${header.line}: no ${missing.join(', ')} column in the header (${names.join(',')}): Quepid writes query,docid,rating`,
    );
  }
  const [q, d, r] = COLUMNS.map((c) => names.indexOf(c)) as [number, number, number];
  const { scale } = options;
  const warnings: string[] = [];
  const queries = new Map<string, { line: number; ratings: Map<string, { grade: number; line: number }> }>();
  const unratedDocs: string[] = [];
  const numericIds: boolean[] = [];

  for (const { line, fields } of records) {
    const at = `${file}:${line}`;
    const [query, docid, rating] = [q, d, r].map((i) => (fields[i] ?? '').trim()) as [string, string, string];
    if (!query) throw new QuepidError(`${at}: empty query`);
    const entry = queries.get(query) ?? { line, ratings: new Map() };
    queries.set(query, entry);
    if (!docid && !rating) continue;
    if (!docid) throw new QuepidError(`${at}: empty docid`);
    if (!rating) {
      unratedDocs.push(`${docid} (line ${line})`);
      continue;
    }
    if (!/^\d+(\.0*)?$/.test(rating)) throw new QuepidError(`${at}: rating "${rating}" is not a whole number ≥ 0`);
    const value = Number.parseInt(rating, 10);
    if (scale === undefined && value > TOP) {
      throw new QuepidError(`${at}: rating ${value} is above ${TOP}; give --scale N for ratings from 0 to N`);
    }
    if (scale !== undefined && value > scale) throw new QuepidError(`${at}: rating ${value} is above --scale ${scale}`);
    const grade = scale === undefined ? value : Math.round((value * TOP) / scale);
    const previous = entry.ratings.get(docid);
    if (previous) {
      warnings.push(`${at}: "${query}" rates ${docid} again (first on line ${previous.line}); the last rating wins`);
    }
    entry.ratings.set(docid, { grade, line });
    numericIds.push(/^\d+$/.test(docid));
  }

  const judgments: JudgedQuery[] = [];
  const unratedQueries: string[] = [];
  let ratings = 0;
  for (const [query, { line, ratings: rated }] of queries) {
    if (!rated.size) {
      unratedQueries.push(`"${query}" (line ${line})`);
      continue;
    }
    const parsed = JudgedQuerySchema.safeParse({
      query,
      class: options.class,
      target: options.target,
      ratings: Object.fromEntries([...rated].map(([docid, { grade }]) => [docid, grade])),
    });
    if (!parsed.success) {
      throw new QuepidError(`${file}:${line}: ${issuesLine(parsed.error)}`);
    }
    if (options.target === 'creators') {
      // The same check the judgment files get when loaded: a query the API would refuse is no judgment.
      const params = SearchCreatorsParams.safeParse({ query });
      if (!params.success) throw new QuepidError(`${file}:${line}: ${issuesLine(params.error)}`);
    }
    judgments.push(parsed.data);
    ratings += rated.size;
  }
  if (unratedQueries.length) {
    const n = unratedQueries.length;
    warnings.push(`left out ${n} quer${n === 1 ? 'y' : 'ies'} without ratings: ${examples(unratedQueries)}`);
  }
  if (unratedDocs.length) {
    const n = unratedDocs.length;
    warnings.push(`left out ${n} document${n === 1 ? '' : 's'} listed without a rating: ${examples(unratedDocs)}`);
  }
  if (options.target === 'sponsors' && numericIds.some((n) => !n)) {
    warnings.push('some docids are not numbers: sponsor judgments rate the numeric sponsor id the API shows');
  }
  if (options.target === 'creators' && numericIds.length && numericIds.every(Boolean)) {
    warnings.push(
      "every docid is a number: creator judgments rate the slug the API shows, not OpenSearch's _id (Quepid's id field)",
    );
  }
  return { judgments, ratings, warnings };
}

function parseScale(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const scale = Number(text);
  if (!Number.isInteger(scale) || scale < 1)
    throw new UsageError(`--scale ${text}: the top rating, a whole number ≥ 1`);
  return scale;
}

export async function quepidCommand(_bench: Workbench, args: string[]) {
  const { values, positionals } = readArgs({
    args,
    allowPositionals: true,
    options: {
      class: { type: 'string' },
      target: { type: 'string', default: 'creators' },
      out: { type: 'string' },
      scale: { type: 'string' },
    },
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length || !values.class) throw new UsageError('import-quepid takes one file and --class NAME');
  const kind = JudgedQuerySchema.shape.class.safeParse(values.class);
  if (!kind.success) throw new UsageError(`--class ${values.class}: ${issuesLine(kind.error).replace(/^: /, '')}`);
  const target = values.target;
  if (target !== 'creators' && target !== 'sponsors') throw new UsageError(`--target ${target}: creators or sponsors`);
  if (!existsSync(file)) throw new QuepidError(`${file}: no such file`);

  const scale = parseScale(values.scale);
  const { judgments, ratings, warnings } = parseQuepidCsv(readFileSync(file, 'utf8'), shownPath(file), {
    class: kind.data,
    target,
    scale,
  });
  for (const warning of warnings) console.warn(`warning: ${warning}`);
  if (!judgments.length) throw new QuepidError(`${file}: no rated rows, nothing to write`);

  const out = values.out ?? path.join(JUDGMENTS_DIR, `quepid-${kind.data}.jsonl`);
  const replaced = existsSync(out);
  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  writeFileSync(out, `${judgments.map(formatJudgment).join('\n')}\n`);
  const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const scaled = scale === undefined ? '' : ` (0–${scale} mapped onto 0–${TOP})`;
  const written = `${counted(judgments.length, 'query', 'queries')}, ${counted(ratings, 'rating', 'ratings')}${scaled}`;
  console.log(`${replaced ? 'Replaced' : 'Wrote'} ${shownPath(out)}: ${written}, class ${kind.data}, ${target}`);
}
