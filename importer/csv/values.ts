// How the cells of real exports are written, read into plain values. Each parser returns null for a missing value
// and throws BadValue for one it cannot read, which the reader reports with its file and line.

export class BadValue extends Error {}

const MISSING = new Set(['', 'nan', 'null', 'none', 'n/a', 'na', '-', '[none]']);

const isMissing = (cell: string | undefined): cell is undefined =>
  cell === undefined || MISSING.has(cell.trim().toLowerCase());

/**
 * A count as exports write it: `1234`, `"234,000,000"` (thousands separators), `2.28E+11` (a spreadsheet's
 * scientific notation), `1.00`. Fractions are rounded: a count of views cannot be 0.5, and `1.00` is a rank.
 */
export function count(cell: string | undefined): number | null {
  if (isMissing(cell)) return null;
  const text = cell.trim().replace(/[,\s_]/g, '');
  if (!/^\d+(\.\d+)?(e\+?\d+)?$/i.test(text)) throw new BadValue(`not a count: ${JSON.stringify(cell)}`);
  const value = Math.round(Number(text));
  if (!Number.isSafeInteger(value)) throw new BadValue(`count too large: ${JSON.stringify(cell)}`);
  return value;
}

/** Free text; the trending exports store line breaks as a literal backslash-n. */
export function text(cell: string | undefined): string | null {
  if (cell === undefined) return null;
  const value = cell.replace(/\\r\\n|\\n/g, '\n').trim();
  return value === '' ? null : value;
}

/** A plain label (a name, a category): missing markers such as `nan` read as null. */
export function label(cell: string | undefined): string | null {
  return isMissing(cell) ? null : cell.trim();
}

/** Tags as exports write them: `"a"|"b"|"c"` (pipe-separated, each quoted), a JSON array, or `[None]`. */
export function tags(cell: string | undefined): string[] {
  if (isMissing(cell)) return [];
  const trimmed = cell.trim();
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed.filter((t): t is string => typeof t === 'string' && t.trim() !== '');
    } catch {
      // Not JSON: read it as a pipe-separated list below.
    }
  }
  return trimmed
    .split('|')
    .map((t) =>
      t
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
    .filter(Boolean);
}

/** An instant: ISO 8601 (`2017-11-13T17:13:01.000Z`), or a date alone. Returned as ISO 8601 in UTC. */
export function instant(cell: string | undefined): string | null {
  if (isMissing(cell)) return null;
  const trimmed = cell.trim();
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? `${trimmed}T00:00:00Z` : trimmed);
  if (!/^\d{4}-\d{2}-\d{2}/.test(trimmed) || Number.isNaN(time))
    throw new BadValue(`not a date: ${JSON.stringify(cell)}`);
  return new Date(time).toISOString();
}

/** The trending exports' day, written `YY.DD.MM` (`17.14.11` is 2017-11-14). */
export function trendingDay(cell: string | undefined): string | null {
  if (isMissing(cell)) return null;
  const match = /^(\d{2})\.(\d{2})\.(\d{2})$/.exec(cell.trim());
  if (!match) return instant(cell)?.slice(0, 10) ?? null;
  const [, yy, dd, mm] = match;
  const day = `20${yy}-${mm}-${dd}`;
  if (Number.isNaN(Date.parse(day)) || new Date(day).toISOString().slice(0, 10) !== day)
    throw new BadValue(`not a YY.DD.MM day: ${JSON.stringify(cell)}`);
  return day;
}

/** `True`/`False` as spreadsheets write them. */
export function flag(cell: string | undefined): boolean | null {
  if (isMissing(cell)) return null;
  const value = cell.trim().toLowerCase();
  if (value === 'true' || value === '1' || value === 'yes') return true;
  if (value === 'false' || value === '0' || value === 'no') return false;
  throw new BadValue(`not true or false: ${JSON.stringify(cell)}`);
}

/** A two-letter country code, upper-cased; a longer cell (a country's name) is not a code and reads as null. */
export function countryCode(cell: string | undefined): string | null {
  if (isMissing(cell)) return null;
  const value = cell.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(value) ? value : null;
}
