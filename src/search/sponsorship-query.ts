// The pure builder of the request behind a creator's sponsorship evidence: its rows at or above a confidence floor,
// of one sponsor or all, newest first. Ties (one day, one video with two sponsors) break by video and sponsor id, so
// pages never overlap or skip.
import type { CreatorSponsorshipsParams } from '../contract/params.ts';

/** What a Sponsorship is built from (present.ts). */
export const SPONSORSHIP_SOURCE = [
  'sponsorId',
  'sponsorName',
  'sponsorWebsite',
  'videoId',
  'videoTitle',
  'publishedAt',
  'line',
  'confidence',
  'rule',
];

export function creatorSponsorshipsBody(
  creatorId: number,
  params: Pick<CreatorSponsorshipsParams, 'sponsor' | 'min_confidence'>,
  window: { from: number; size: number },
): Record<string, unknown> {
  const filter: Record<string, unknown>[] = [
    { term: { creatorId } },
    { range: { confidence: { gte: params.min_confidence } } },
  ];
  if (params.sponsor !== undefined) filter.push({ term: { sponsorId: params.sponsor } });
  return {
    ...window,
    track_total_hits: true,
    _source: SPONSORSHIP_SOURCE,
    query: { bool: { filter } },
    sort: [{ publishedAt: 'desc' }, { videoId: 'asc' }, { sponsorId: 'asc' }],
  };
}
