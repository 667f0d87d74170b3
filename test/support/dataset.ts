import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CreatorRecord, SnapshotRecord, SponsorRecord, SponsorshipEvidence } from '../../indexer/records.ts';

export const sponsor = (id: number, name: string, extra: Partial<SponsorRecord> = {}): SponsorRecord => ({
  id,
  name,
  kind: 'consumer_brand',
  website: `https://${name.toLowerCase().replace(/\W/g, '')}.example`,
  domain: `${name.toLowerCase().replace(/\W/g, '')}.example`,
  description: `${name} makes things creators like.`,
  socialLinks: null,
  niches: ['tech_reviews'],
  ...extra,
});

export const creator = (id: number, extra: Partial<CreatorRecord> = {}): CreatorRecord => ({
  id,
  channelId: `UC${String(id).padStart(22, 'x')}`,
  handle: `@creator${id}`,
  name: `Creator ${id}`,
  description: 'Videos about things.',
  country: 'US',
  language: 'en',
  verified: false,
  primaryNiche: 'tech_reviews',
  secondaryNiches: [],
  subscribers: 1000 * id,
  avgViews: 100 * id,
  totalViews: 10_000 * id,
  videoCount: 100,
  engagementRate: 3,
  videoFormat: 'long',
  links: {},
  sponsorships: [],
  audience: null,
  audienceNote: 'Channel too small for a reliable estimate',
  ...extra,
});

export const evidenceRow = (
  creatorId: number,
  sponsorId: number,
  videoId: string,
  publishedAt: string,
  extra: Partial<SponsorshipEvidence> = {},
): SponsorshipEvidence => ({
  creatorId,
  sponsorId,
  videoId,
  videoTitle: `Video ${videoId}`,
  publishedAt,
  line: `This video is sponsored by sponsor ${sponsorId}.`,
  confidence: 0.9,
  rule: 'disclosure',
  ...extra,
});

/** Evidence rows that roll up to the creators' sponsorships: per sponsorship, its first and last day, then the first again. */
export const evidenceOf = (creators: CreatorRecord[]): SponsorshipEvidence[] =>
  creators.flatMap((c) =>
    c.sponsorships.flatMap((s) =>
      Array.from({ length: s.count }, (_, n) =>
        evidenceRow(
          c.id,
          s.sponsorId,
          `v${c.id}x${s.sponsorId}x${n}`.padEnd(11, '0'),
          n === 1 ? s.lastDate : s.firstDate,
        ),
      ),
    ),
  );

/**
 * Writes a data folder the indexer can load; `lines` replaces creators.ndjson's content when given; `evidence`, when
 * given, is written as sponsorships.ndjson (without it the folder is one from before evidence rows).
 */
export function writeDataset(
  sponsors: SponsorRecord[],
  creators: CreatorRecord[],
  lines: string[] = creators.map((c) => JSON.stringify(c)),
  evidence?: (SponsorshipEvidence | string)[],
  snapshots?: SnapshotRecord[],
): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dataset-'));
  mkdirSync(dir, { recursive: true });
  const ndjson = (records: unknown[]) => records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n');
  writeFileSync(path.join(dir, 'sponsors.ndjson'), `${ndjson(sponsors)}\n`);
  writeFileSync(path.join(dir, 'creators.ndjson'), `${lines.join('\n')}\n`);
  if (evidence) writeFileSync(path.join(dir, 'sponsorships.ndjson'), `${ndjson(evidence)}\n`);
  if (snapshots) writeFileSync(path.join(dir, 'snapshots.ndjson'), `${ndjson(snapshots)}\n`);
  return dir;
}

/** The ranking profile of tests (not the default an analyst tunes). */
export const TEST_PROFILE = path.resolve(import.meta.dirname, 'profile.json');

/** Four creators whose descriptions share few words with the everyday descriptions the semantic tests search by. */
export const DESCRIBED_CREATORS = [
  creator(1, {
    name: 'Byte Sized Kids',
    description: 'Scratch and Python projects that teach children to program games.',
  }),
  creator(2, { name: 'Glow Up Daily', description: 'Makeup tutorials, skincare routines and beauty product hauls.' }),
  creator(3, { name: 'Pocket Audio', description: 'Reviews of cheap wireless earphones and headphones under $50.' }),
  creator(4, {
    name: 'Trail Legs',
    description: 'Long-distance hiking, ultralight backpacking gear and trail diaries.',
  }),
];
