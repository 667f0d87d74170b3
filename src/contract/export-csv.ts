// The CSV of a creator export (GET /creators/export): its documented columns, one row per CreatorSummary, written so
// that Excel opens it as is (UTF-8 with a byte order mark, every field quoted, CRLF) and so that no cell of creator
// text can run as a spreadsheet formula.
import type { CreatorSummary } from './resources.ts';

type Cell = string | number | boolean | null | undefined;

/** The columns, in order: the CreatorSummary's fields, nested ones flattened, lists joined with "; ". */
const COLUMNS: [name: string, value: (c: CreatorSummary) => Cell][] = [
  ['id', (c) => c.id],
  ['name', (c) => c.name],
  ['handle', (c) => c.handle],
  ['youtubeUrl', (c) => c.youtubeUrl],
  ['influesqueUrl', (c) => c.influesqueUrl],
  ['country', (c) => c.country],
  ['language', (c) => c.language],
  ['verified', (c) => c.verified],
  ['primaryNiche', (c) => c.primaryNiche],
  ['topSponsors', (c) => c.topSponsors.join('; ')],
  ['subscribers', (c) => c.subscribers],
  ['avgViews', (c) => c.avgViews],
  ['totalViews', (c) => c.totalViews],
  ['videoCount', (c) => c.videoCount],
  ['engagementRate', (c) => c.engagementRate],
  ['subscribersGained30Days', (c) => c.growth.last30Days?.subscribers],
  ['subscribersGrowth30DaysPct', (c) => c.growth.last30Days?.subscribersPct],
  ['subscribersGained90Days', (c) => c.growth.last90Days?.subscribers],
  ['subscribersGrowth90DaysPct', (c) => c.growth.last90Days?.subscribersPct],
  ['asOf', (c) => c.asOf],
];

export const CSV_COLUMNS = COLUMNS.map(([name]) => name);

/** Excel reads a file as UTF-8 only when it starts with this. */
export const BYTE_ORDER_MARK = '\uFEFF';

/**
 * A text cell that starts like a formula (=, +, -, @, a tab or a carriage return) gets a leading apostrophe, which
 * spreadsheets show as text: creator names and handles are anyone's text (OWASP's "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: Cell): string {
  if (value === null || value === undefined) return '""';
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return `"${text.replaceAll('"', '""')}"`;
}

export const csvHeader = () => `${BYTE_ORDER_MARK}${CSV_COLUMNS.map(cell).join(',')}\r\n`;

export const csvRow = (creator: CreatorSummary) => `${COLUMNS.map(([, value]) => cell(value(creator))).join(',')}\r\n`;
