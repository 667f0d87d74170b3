// A CSV parser as lenient as the exports it reads: RFC 4180 quoting (doubled quotes, line breaks inside quotes), and
// what spreadsheets and scrapers write beside it, read the way Python's csv module reads it: text after a closing
// quote joins the field (`"a"|"b"` is the field `a|"b"`), quotes inside an unquoted field are kept. Fed a chunk at
// a time; it keeps only the record it is in the middle of.

export interface ParsedRecord {
  /** The line the record starts on, counting from 1. */
  line: number;
  fields: string[];
}

export class UnclosedQuote extends Error {
  constructor(readonly line: number) {
    super('a quoted field never closes: the row is truncated');
  }
}

export class CsvParser {
  private pending = '';
  /** The line the pending text starts on. */
  private line = 1;

  /** The records that end in the text received so far. */
  push(text: string): ParsedRecord[] {
    this.pending += text;
    const records: ParsedRecord[] = [];
    let at = 0;
    for (;;) {
      const parsed = parseRecord(this.pending, at, false);
      if (!parsed) break;
      if (!(parsed.fields.length === 1 && parsed.fields[0] === ''))
        records.push({ line: this.line, fields: parsed.fields });
      this.line += parsed.newlines;
      at = parsed.end;
    }
    this.pending = this.pending.slice(at);
    return records;
  }

  /** The last record, when the text does not end with a line break; throws when it ends inside quotes. */
  end(): ParsedRecord[] {
    if (this.pending === '') return [];
    const parsed = parseRecord(this.pending, 0, true);
    this.pending = '';
    if (!parsed) throw new UnclosedQuote(this.line);
    return parsed.fields.length === 1 && parsed.fields[0] === '' ? [] : [{ line: this.line, fields: parsed.fields }];
  }
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * One record from `from`, or undefined when the text ends before the record does (unless `atEnd`: then the text's
 * end ends it, and undefined means it ends inside quotes).
 */
function parseRecord(
  text: string,
  from: number,
  atEnd: boolean,
): { fields: string[]; end: number; newlines: number } | undefined {
  const fields: string[] = [];
  let newlines = 0;
  let i = from;
  for (;;) {
    let field = '';
    if (text.charCodeAt(i) === QUOTE) {
      i += 1;
      for (;;) {
        const close = text.indexOf('"', i);
        if (close === -1) return undefined;
        field += text.slice(i, close);
        newlines += count(text, i, close);
        if (text.charCodeAt(close + 1) === QUOTE) {
          field += '"';
          i = close + 2;
          continue;
        }
        if (close + 1 === text.length && !atEnd) return undefined;
        i = close + 1;
        break;
      }
    }
    // Unquoted text, or text after a closing quote: up to the next comma or line break.
    let stop = i;
    while (stop < text.length) {
      const code = text.charCodeAt(stop);
      if (code === COMMA || code === LF || code === CR) break;
      stop += 1;
    }
    field += text.slice(i, stop);
    fields.push(field);
    if (stop === text.length) return atEnd ? { fields, end: stop, newlines } : undefined;
    const code = text.charCodeAt(stop);
    if (code === COMMA) {
      i = stop + 1;
      continue;
    }
    // A line break: \r\n, \n or a lone \r. A \r at the chunk's end may be followed by \n in the next one.
    if (code === CR && stop + 1 === text.length && !atEnd) return undefined;
    const end = code === CR && text.charCodeAt(stop + 1) === LF ? stop + 2 : stop + 1;
    return { fields, end, newlines: newlines + 1 };
  }
}

function count(text: string, from: number, to: number): number {
  let lines = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) lines += 1;
  return lines;
}
