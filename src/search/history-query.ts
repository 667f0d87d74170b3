// The pure builder of the request behind a creator's history: its snapshots within a date range, newest first (one
// per day, so the date alone orders them without ties).
import type { CreatorHistoryParams } from '../contract/params.ts';

/** What a Snapshot is built from (present.ts). */
export const SNAPSHOT_SOURCE = ['date', 'subscribers', 'totalViews', 'videoCount', 'avgViews'];

export function creatorHistoryBody(
  creatorId: number,
  params: Pick<CreatorHistoryParams, 'from' | 'to'>,
  window: { from: number; size: number },
): Record<string, unknown> {
  const filter: Record<string, unknown>[] = [{ term: { creatorId } }];
  if (params.from || params.to)
    filter.push({
      range: { date: { ...(params.from && { gte: params.from }), ...(params.to && { lte: params.to }) } },
    });
  return {
    ...window,
    track_total_hits: true,
    _source: SNAPSHOT_SOURCE,
    query: { bool: { filter } },
    sort: [{ date: 'desc' }],
  };
}
