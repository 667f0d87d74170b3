// The demo's history: a snapshot every 30 days for up to a year before the reference date, walked back from the
// creator's figures. Each creator grows at its own monthly rate (most by a percent or two, some break out, some
// decline), uploads at its own pace, and gains views as its uploads and size say; a few joined recently and have a
// short history, so unknown growth is shown too. Its own random stream, so the creators are the same with or without.
import type { CreatorRecord, SnapshotRecord } from '../records.ts';
import { Random } from './random.ts';

const DAY = 86_400_000;
/** Days between two snapshots: the 30- and 90-day windows then start on a snapshot. */
export const SNAPSHOT_EVERY = 30;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Each creator's snapshots, newest first: the newest on the reference date with its record's figures. */
export function generateHistory(
  seed: number,
  record: Pick<CreatorRecord, 'id' | 'subscribers' | 'totalViews' | 'videoCount' | 'avgViews'>,
  referenceDate: Date,
  months: number,
): SnapshotRecord[] {
  const random = new Random((Math.imul(record.id, 0x85ebca6b) ^ seed ^ 0x5bd1e995) >>> 0);
  const roll = random.next();
  // Monthly subscriber growth: 8% break out, 10% decline, the rest grow steadily.
  const rate =
    roll < 0.08
      ? random.uniform(0.06, 0.2)
      : roll < 0.18
        ? random.uniform(-0.025, -0.003)
        : random.uniform(0.003, 0.03);
  // 3% joined within the last two months, 4% within the last half year.
  const joined = random.chance(0.03) ? random.int(0, 2) : random.chance(0.04) ? random.int(3, 6) : months;
  const uploadsPerMonth = record.videoCount / random.uniform(24, 120);
  const rows: SnapshotRecord[] = [];
  let { subscribers, totalViews, avgViews } = record;
  for (let k = 0; k <= Math.min(months, joined); k++) {
    const date = new Date(referenceDate.getTime() - k * SNAPSHOT_EVERY * DAY).toISOString().slice(0, 10);
    const videoCount = Math.max(1, Math.round(record.videoCount - uploadsPerMonth * k));
    rows.push({ creatorId: record.id, date, subscribers, totalViews, videoCount, avgViews });
    // A month earlier: fewer subscribers (more, for a declining creator), and the views of that month's uploads
    // and back catalogue not yet watched.
    const monthRate = clamp(rate + 0.01 * random.normal(), -0.05, 0.3);
    subscribers = Math.max(0, Math.round(subscribers / (1 + monthRate)));
    const watched = Math.round(avgViews * Math.max(uploadsPerMonth, 0.5) * random.uniform(0.8, 1.3));
    totalViews = Math.max(0, totalViews - watched);
    avgViews = Math.max(0, Math.round(avgViews * random.uniform(0.96, 1.03)));
  }
  return rows;
}
