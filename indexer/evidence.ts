// Detected sponsorships and the contract's counts: a creator's `sponsorships` (count, first and last date per
// sponsor) are its evidence rows at or above the default confidence, rolled up here and nowhere else, so the
// importer, the generator and the evidence endpoint never disagree (README, "Decisions").
import { counts } from '../src/contract/confidence.ts';
import { EVIDENCE_LINE_MAX, type Sponsorship, type SponsorshipEvidence } from './records.ts';

/**
 * A creator's sponsorships from its evidence rows: per sponsor, in the order of its first row, the videos at or above
 * the default confidence and their first and last dates. A sponsor with no such row has no sponsorship; a video
 * listed twice for one sponsor counts once.
 */
export function rollUp(
  rows: Iterable<Pick<SponsorshipEvidence, 'sponsorId' | 'videoId' | 'publishedAt' | 'confidence'>>,
) {
  const bySponsor = new Map<number, { videos: Set<string>; first: string; last: string }>();
  for (const row of rows) {
    if (!counts(row.confidence)) continue;
    const seen = bySponsor.get(row.sponsorId);
    if (!seen) {
      bySponsor.set(row.sponsorId, { videos: new Set([row.videoId]), first: row.publishedAt, last: row.publishedAt });
      continue;
    }
    seen.videos.add(row.videoId);
    if (row.publishedAt < seen.first) seen.first = row.publishedAt;
    if (row.publishedAt > seen.last) seen.last = row.publishedAt;
  }
  return [...bySponsor].map(
    ([sponsorId, s]): Sponsorship => ({ sponsorId, count: s.videos.size, firstDate: s.first, lastDate: s.last }),
  );
}

/** A disclosing line as a row keeps it: spaces collapsed, cut at EVIDENCE_LINE_MAX with an ellipsis. */
export function evidenceLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= EVIDENCE_LINE_MAX) return line;
  // Never half of a surrogate pair (an emoji) before the ellipsis.
  return `${line
    .slice(0, EVIDENCE_LINE_MAX - 1)
    .replace(/[\uD800-\uDBFF]$/, '')
    .trimEnd()}…`;
}
