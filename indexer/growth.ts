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

type Base = Pick<SnapshotRecord, 'date' | 'subscribers' | 'totalViews'>;

function window(latest: SnapshotRecord, base: Base | undefined): GrowthWindow | null {
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

// A creator's state in columns: day numbers (Int32) and figures (Float64, since views pass 2^31). Three record
// objects per creator held 85 MB of heap at 200,000 creators with a year of history, which ran `npm run index`
// (heap capped at 160 MB) out of memory; the columns hold the same in 13 MB of heap and 22 MB of arrays.
const DAYS = ['latest', 'oldest', 'last30Days', 'last90Days'] as const;
const FIGURES = ['subscribers', 'totalViews', 'videoCount', 'avgViews'] as const;
const BASE_FIGURES = ['subscribers', 'totalViews'] as const;
const WINDOW_NAMES = Object.keys(GROWTH_WINDOWS) as WindowName[];
const WINDOW_DAYS = Object.values(GROWTH_WINDOWS);
/** Figures per creator: the newest row's four, then subscribers and views of each window's base. */
const FIGURE_STRIDE = FIGURES.length + WINDOW_NAMES.length * BASE_FIGURES.length;
const NONE = -0x80000000;

const dayOf = (date: string) => Math.round(Date.parse(date) / DAY);
const dateOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/**
 * Follows each creator's snapshots as they stream by, newest first, keeping what three rows per creator say
 * whatever the history's length: the newest, and the oldest so far within each window of it.
 */
export class GrowthTracker {
  private readonly slots = new Map<number, number>();
  private days = new Int32Array(1024 * DAYS.length);
  private figures = new Float64Array(1024 * FIGURE_STRIDE);

  /** Undefined when taken; else why the row is out of place (not newest first, or a second row for one day). */
  add(row: SnapshotRecord): string | undefined {
    const day = dayOf(row.date);
    const slot = this.slots.get(row.creatorId);
    if (slot === undefined) {
      this.follow(row, day);
      return undefined;
    }
    const days = slot * DAYS.length;
    const oldest = this.dayAt(days + 1);
    if (day >= oldest)
      return `creator ${row.creatorId}: ${row.date} comes after ${dateOf(oldest)}, but each creator's snapshots are newest first, one per day`;
    this.days[days + 1] = day;
    const age = this.dayAt(days) - day;
    WINDOW_DAYS.forEach((windowDays, w) => {
      if (age > windowDays) return;
      this.days[days + 2 + w] = day;
      const at = slot * FIGURE_STRIDE + FIGURES.length + w * BASE_FIGURES.length;
      this.figures[at] = row.subscribers;
      this.figures[at + 1] = row.totalViews;
    });
    return undefined;
  }

  private follow(row: SnapshotRecord, day: number): void {
    const slot = this.slots.size;
    if ((slot + 1) * DAYS.length > this.days.length) {
      const days = new Int32Array(this.days.length * 2);
      days.set(this.days);
      this.days = days;
      const figures = new Float64Array(this.figures.length * 2);
      figures.set(this.figures);
      this.figures = figures;
    }
    this.slots.set(row.creatorId, slot);
    this.days.fill(NONE, slot * DAYS.length, (slot + 1) * DAYS.length);
    this.days[slot * DAYS.length] = day;
    this.days[slot * DAYS.length + 1] = day;
    FIGURES.forEach((field, i) => {
      this.figures[slot * FIGURE_STRIDE + i] = row[field];
    });
  }

  get size(): number {
    return this.slots.size;
  }

  private dayAt(at: number): number {
    return this.days[at] ?? NONE;
  }

  private figureAt(at: number): number {
    return this.figures[at] ?? 0;
  }

  of(creatorId: number): CreatorHistory | undefined {
    const slot = this.slots.get(creatorId);
    if (slot === undefined) return undefined;
    const at = slot * FIGURE_STRIDE;
    const latest = {
      creatorId,
      date: dateOf(this.dayAt(slot * DAYS.length)),
      ...Object.fromEntries(FIGURES.map((field, i) => [field, this.figureAt(at + i)])),
    } as SnapshotRecord;
    const base = (w: number) => {
      const day = this.dayAt(slot * DAYS.length + 2 + w);
      if (day === NONE) return undefined;
      const figures = at + FIGURES.length + w * BASE_FIGURES.length;
      return { date: dateOf(day), subscribers: this.figureAt(figures), totalViews: this.figureAt(figures + 1) };
    };
    return {
      asOf: latest.date,
      latest,
      growth: { last30Days: window(latest, base(0)), last90Days: window(latest, base(1)) },
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
