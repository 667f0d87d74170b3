// How a creator is moving, from its snapshots (snapshots.ndjson): the figures of its newest day (`asOf`) against
// the oldest day within each window before it. Derived here and nowhere else, so the indexer's stored growth, the
// tests that recompute it and the docs' rule are one rule (README, "Decisions": growth).
import type { SnapshotRecord } from './records.ts';

const DAY = 86_400_000;

/** The windows growth is shown over, by field name, in days. */
export const GROWTH_WINDOWS = { last30Days: 30, last90Days: 90 } as const;
type WindowName = keyof typeof GROWTH_WINDOWS;

/** Gains from the window's first snapshot (`from`, `days` before asOf) to the newest. */
export interface GrowthWindow {
  from: string;
  days: number;
  subscribers: number;
  /** Percent of the figure on `from`; null when that figure was 0. */
  subscribersPct: number | null;
  views: number;
  viewsPct: number | null;
}

/** Null windows: no snapshot within that many days before the newest (a creator seen once has none). */
export type Growth = Record<WindowName, GrowthWindow | null>;

export interface CreatorHistory {
  asOf: string;
  latest: SnapshotRecord;
  growth: Growth;
}

const daysBetween = (later: string, earlier: string) => Math.round((Date.parse(later) - Date.parse(earlier)) / DAY);
const percent = (gained: number, base: number) => (base === 0 ? null : Math.round((10_000 * gained) / base) / 100);

function window(latest: SnapshotRecord, base: SnapshotRecord | undefined): GrowthWindow | null {
  if (!base) return null;
  const subscribers = latest.subscribers - base.subscribers;
  const views = latest.totalViews - base.totalViews;
  return {
    from: base.date,
    days: daysBetween(latest.date, base.date),
    subscribers,
    subscribersPct: percent(subscribers, base.subscribers),
    views,
    viewsPct: percent(views, base.totalViews),
  };
}

interface Followed {
  latest: SnapshotRecord;
  oldest: string;
  bases: Partial<Record<WindowName, SnapshotRecord>>;
}

/**
 * Follows each creator's snapshots as they stream by, newest first, keeping three rows per creator whatever the
 * history's length: the newest, and the oldest so far within each window of it.
 */
export class GrowthTracker {
  private readonly creators = new Map<number, Followed>();

  /** Undefined when taken; else why the row is out of place (not newest first, or a second row for one day). */
  add(row: SnapshotRecord): string | undefined {
    const followed = this.creators.get(row.creatorId);
    if (!followed) {
      this.creators.set(row.creatorId, { latest: row, oldest: row.date, bases: {} });
      return undefined;
    }
    if (row.date >= followed.oldest)
      return `creator ${row.creatorId}: ${row.date} comes after ${followed.oldest}, but each creator's snapshots are newest first, one per day`;
    followed.oldest = row.date;
    const age = daysBetween(followed.latest.date, row.date);
    for (const [name, days] of Object.entries(GROWTH_WINDOWS) as [WindowName, number][])
      if (age <= days) followed.bases[name] = row;
    return undefined;
  }

  get size(): number {
    return this.creators.size;
  }

  of(creatorId: number): CreatorHistory | undefined {
    const followed = this.creators.get(creatorId);
    if (!followed) return undefined;
    const { latest, bases } = followed;
    return {
      asOf: latest.date,
      latest,
      growth: { last30Days: window(latest, bases.last30Days), last90Days: window(latest, bases.last90Days) },
    };
  }
}

/** A creator's growth from all its snapshots, in any order (tests and tools; the indexer streams instead). */
export function historyOf(rows: SnapshotRecord[]): CreatorHistory | undefined {
  const tracker = new GrowthTracker();
  const sorted = [...rows].sort((a, b) => b.date.localeCompare(a.date));
  for (const row of sorted) {
    const problem = tracker.add(row);
    if (problem) throw new Error(problem);
  }
  return sorted[0] && tracker.of(sorted[0].creatorId);
}
