import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvHeader, csvRow } from '../../src/contract/export-csv.ts';
import type { CreatorSummary } from '../../src/contract/resources.ts';

const summary: CreatorSummary = {
  id: 'keyforge',
  name: '=HYPERLINK("http://x")',
  handle: '@keyforge',
  influesqueUrl: 'https://influesque.com/creators/keyforge',
  youtubeUrl: null,
  country: 'United States',
  language: 'English',
  verified: true,
  primaryNiche: 'Tech',
  topSponsors: ['NordVPN', 'Keyforge, Labs'],
  subscribers: 120000,
  avgViews: 5000,
  totalViews: 9000000,
  videoCount: 300,
  engagementRate: 3.25,
  growth: {
    last30Days: { from: '2026-10-29', days: 30, subscribers: -100, subscribersPct: -0.08, views: 10, viewsPct: 0 },
    last90Days: null,
  },
  asOf: '2026-11-28',
};

describe('export CSV', () => {
  it('starts with a byte order mark and a quoted header of the documented columns', () => {
    expect(csvHeader()).toBe(`\uFEFF${CSV_COLUMNS.map((c) => `"${c}"`).join(',')}\r\n`);
    expect(CSV_COLUMNS.slice(0, 3)).toEqual(['id', 'name', 'handle']);
  });

  it('quotes every field, doubles quotes, leaves nulls empty, keeps numbers as written and ends with CRLF', () => {
    const row = csvRow(summary);
    expect(row.endsWith('\r\n')).toBe(true);
    const cells = row.slice(1, -3).split('","');
    expect(cells).toHaveLength(CSV_COLUMNS.length);
    const byName = Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, cells[i]]));
    expect(byName).toMatchObject({
      name: `'=HYPERLINK(""http://x"")`, // shown as text by spreadsheets, never run
      youtubeUrl: '',
      verified: 'true',
      topSponsors: 'NordVPN; Keyforge, Labs',
      engagementRate: '3.25',
      subscribersGained30Days: '-100', // a number, not text: no apostrophe
      subscribersGrowth30DaysPct: '-0.08',
      subscribersGained90Days: '',
      asOf: '2026-11-28',
    });
  });

  it('guards every formula start (= + - @ tab CR) in text cells only', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvRow({ ...summary, name: `${start}x` })).toContain(`"'${start}x"`);
    }
    expect(csvRow({ ...summary, name: 'Plain' })).toContain('"Plain"');
  });
});
