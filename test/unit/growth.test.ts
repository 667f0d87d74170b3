import { describe, expect, it } from 'vitest';
import { generateHistory, SNAPSHOT_EVERY } from '../../indexer/generate/history.ts';
import { GrowthTracker, historyOf } from '../../indexer/growth.ts';
import type { SnapshotRecord } from '../../indexer/records.ts';

// A creator's growth from its snapshots (indexer/growth.ts), and the demo's history (indexer/generate/history.ts).

const day = (date: string, subscribers: number, totalViews: number, creatorId = 1): SnapshotRecord => ({
  creatorId,
  date,
  subscribers,
  totalViews,
  videoCount: 10,
  avgViews: 100,
});

describe('growth from snapshots', () => {
  const rows = [
    day('2026-11-01', 1100, 9000),
    day('2026-10-20', 1050, 8500),
    day('2026-10-02', 1000, 8000), // 30 days before: the 30-day window's first
    day('2026-08-03', 800, 6000), // 90 days before: the 90-day window's first
    day('2026-07-01', 500, 3000), // older than both windows
  ];

  it("measures each window from the oldest snapshot within it to the newest, which dates the creator's figures", () => {
    expect(historyOf([...rows].reverse())).toEqual({
      asOf: '2026-11-01',
      latest: rows[0],
      growth: {
        last30Days: { from: '2026-10-02', days: 30, subscribers: 100, subscribersPct: 10, views: 1000, viewsPct: 12.5 },
        last90Days: { from: '2026-08-03', days: 90, subscribers: 300, subscribersPct: 37.5, views: 3000, viewsPct: 50 },
      },
    });
  });

  it('shows a window over the days it has: a creator seen yesterday grew since yesterday; one seen once has none', () => {
    const twoDays = historyOf([day('2026-11-02', 1010, 9100), day('2026-11-01', 1000, 9000)]);
    expect(twoDays?.growth.last30Days).toEqual({
      from: '2026-11-01',
      days: 1,
      subscribers: 10,
      subscribersPct: 1,
      views: 100,
      viewsPct: 1.11,
    });
    expect(historyOf([day('2026-11-01', 1000, 9000)])?.growth).toEqual({ last30Days: null, last90Days: null });
    // Nothing within 90 days but an older day: no window at all.
    expect(historyOf([day('2026-11-01', 1000, 9000), day('2026-06-01', 10, 10)])?.growth.last90Days).toBeNull();
  });

  it('shows losses as negative and no percent of nothing', () => {
    const growth = historyOf([day('2026-11-01', 90, 50), day('2026-10-15', 100, 0)])?.growth.last30Days;
    expect(growth).toMatchObject({ subscribers: -10, subscribersPct: -10, views: 50, viewsPct: null });
  });

  it('refuses a row out of place: not newest first, or a second row for a day', () => {
    const tracker = new GrowthTracker();
    expect(tracker.add(day('2026-10-01', 1, 1))).toBeUndefined();
    expect(tracker.add(day('2026-10-05', 1, 1))).toMatch(/creator 1: 2026-10-05 comes after 2026-10-01.*newest first/);
    expect(tracker.add(day('2026-10-01', 1, 1))).toMatch(/one per day/);
    // Another creator's rows are followed apart.
    expect(tracker.add(day('2026-10-05', 1, 1, 2))).toBeUndefined();
    expect(tracker.size).toBe(2);
  });

  it("keeps each creator's rows apart when thousands of creators' rows come interleaved", () => {
    const tracker = new GrowthTracker();
    const creators = 5000; // past the first columns' 1,024 creators, so they are grown and copied
    for (const [date, views] of [
      ['2026-11-01', 3_000_000_000], // views past 2^31
      ['2026-10-02', 2_000_000_000],
      ['2026-08-03', 1_000_000_000],
    ] as const)
      for (let id = creators; id >= 1; id--)
        expect(tracker.add(day(date, id * 10 + views / 1e9, views, id))).toBeUndefined();
    for (const id of [1, 1024, 1025, creators]) {
      const history = tracker.of(id);
      expect(history?.latest).toEqual(day('2026-11-01', id * 10 + 3, 3_000_000_000, id));
      expect(history?.growth.last30Days).toMatchObject({ from: '2026-10-02', subscribers: 1, views: 1_000_000_000 });
      expect(history?.growth.last90Days).toMatchObject({ from: '2026-08-03', subscribers: 2, views: 2_000_000_000 });
    }
    expect(tracker.of(creators + 1)).toBeUndefined();
  });
});

describe("the demo's history", () => {
  const record = { id: 7, subscribers: 50_000, totalViews: 4_000_000, videoCount: 200, avgViews: 20_000 };
  const reference = new Date('2026-11-01T00:00:00Z');

  it("starts from the creator's figures on the reference date and steps back a month at a time", () => {
    const rows = generateHistory(42, record, reference, 12);
    const { id: _id, ...figures } = record;
    expect(rows[0]).toEqual({ creatorId: 7, date: '2026-11-01', ...figures });
    for (const [i, row] of rows.entries()) {
      expect(row.date).toBe(new Date(reference.getTime() - i * SNAPSHOT_EVERY * 86_400_000).toISOString().slice(0, 10));
      const older = rows[i + 1];
      if (!older) continue;
      expect(older.totalViews).toBeLessThanOrEqual(row.totalViews);
      expect(older.videoCount).toBeLessThanOrEqual(row.videoCount);
      for (const value of Object.values(older)) expect(Number.isInteger(value) || typeof value === 'string').toBe(true);
    }
    expect(generateHistory(42, record, reference, 12)).toEqual(rows);
  });

  it('gives most creators a year, a few a short history, and growth of every kind', () => {
    const histories = Array.from({ length: 1000 }, (_, id) =>
      generateHistory(42, { ...record, id: id + 1 }, reference, 12),
    );
    const lengths = histories.map((h) => h.length);
    expect(lengths.filter((n) => n === 13).length).toBeGreaterThan(900);
    expect(lengths.filter((n) => n <= 3).length).toBeGreaterThan(10);
    const pct = histories.map((h) => historyOf(h)?.growth.last30Days?.subscribersPct ?? null);
    expect(pct.filter((p) => p === null).length).toBeGreaterThan(5);
    expect(pct.filter((p) => p !== null && p < 0).length).toBeGreaterThan(50);
    expect(pct.filter((p) => p !== null && p > 6).length).toBeGreaterThan(30);
  });
});
