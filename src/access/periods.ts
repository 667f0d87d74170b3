// Credit periods. Allowances renew on calendar boundaries in UTC (the 1st of the month at 00:00 for `month`, Monday
// for `week`, midnight for `day`), so every account's current period follows from the clock alone: the credit
// script gets the current period of each kind and resets a balance whose stored period is older, atomically.

export const PERIODS = ['month', 'week', 'day'] as const;
export type Period = (typeof PERIODS)[number];

export interface PeriodWindow {
  /** Identifies the period: 2026-11, 2026-11-16 (the Monday) or 2026-11-22. */
  id: string;
  /** When the next period starts. */
  renewsAt: Date;
}

export function currentPeriod(period: Period, now: Date): PeriodWindow {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  if (period === 'month') {
    return { id: now.toISOString().slice(0, 7), renewsAt: new Date(Date.UTC(y, m + 1, 1)) };
  }
  if (period === 'week') {
    const monday = new Date(Date.UTC(y, m, d - ((now.getUTCDay() + 6) % 7)));
    return { id: monday.toISOString().slice(0, 10), renewsAt: new Date(monday.getTime() + 7 * 86_400_000) };
  }
  return { id: now.toISOString().slice(0, 10), renewsAt: new Date(Date.UTC(y, m, d + 1)) };
}
