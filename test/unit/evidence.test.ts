import { describe, expect, it } from 'vitest';
import { evidenceLine, rollUp } from '../../indexer/evidence.ts';
import { generateEvidence } from '../../indexer/generate/evidence.ts';
import { Random } from '../../indexer/generate/random.ts';
import { generateSponsors } from '../../indexer/generate/sponsors.ts';
import { EVIDENCE_LINE_MAX, type Sponsorship } from '../../indexer/records.ts';
import { DEFAULT_MIN_CONFIDENCE } from '../../src/contract/confidence.ts';

// Evidence rows and the contract's counts: one roll-up, used by the importer and the generator alike.

const row = (sponsorId: number, videoId: string, publishedAt: string, confidence = 0.9) => ({
  sponsorId,
  videoId,
  publishedAt,
  confidence,
});

describe('rollUp', () => {
  it('counts distinct videos at or above the default confidence per sponsor, in the order of their first row', () => {
    expect(
      rollUp([
        row(2, 'a', '2024-03-01'),
        row(1, 'b', '2024-01-01', DEFAULT_MIN_CONFIDENCE - 0.01),
        row(1, 'c', '2024-05-01', DEFAULT_MIN_CONFIDENCE),
        row(2, 'd', '2024-01-15'),
        row(2, 'd', '2024-01-15'),
        row(3, 'e', '2024-02-01', 0.1),
      ]),
    ).toEqual([
      { sponsorId: 2, count: 2, firstDate: '2024-01-15', lastDate: '2024-03-01' },
      { sponsorId: 1, count: 1, firstDate: '2024-05-01', lastDate: '2024-05-01' },
    ]);
  });
});

describe('evidenceLine', () => {
  it('collapses spaces and cuts a long line with an ellipsis, never inside an emoji', () => {
    expect(evidenceLine('  Use   code\tSAM  ')).toBe('Use code SAM');
    const long = evidenceLine(`${'a'.repeat(EVIDENCE_LINE_MAX - 2)}😀 and more`);
    expect(long.length).toBeLessThanOrEqual(EVIDENCE_LINE_MAX);
    expect(long.endsWith('…')).toBe(true);
    expect(long).not.toMatch(/[\uD800-\uDBFF]…$/);
  });
});

describe("the generator's evidence", () => {
  const sponsors = generateSponsors(new Random(1), 60);
  const context = {
    seed: 7,
    sponsorById: new Map(sponsors.sponsors.map((s) => [s.id, s])),
    anyNiche: sponsors.anyNiche,
  };
  const [a, b] = sponsors.sponsors;
  const planned: Sponsorship[] = [
    { sponsorId: a?.id ?? 0, count: 4, firstDate: '2024-01-01', lastDate: '2024-06-30' },
    { sponsorId: b?.id ?? 0, count: 1, firstDate: '2025-02-02', lastDate: '2025-02-02' },
  ];

  it('rolls up to the planned sponsorships, for any creator, with rows below the threshold now and then', () => {
    let unsure = 0;
    for (let id = 1; id <= 200; id++) {
      const rows = generateEvidence(context, { id, slug: `creator-${id}`, language: 'fr', terms: ['vinyl'] }, planned);
      expect(rollUp(rows)).toEqual(planned);
      unsure += rows.filter((r) => r.confidence < DEFAULT_MIN_CONFIDENCE).length;
      for (const r of rows) expect(r.line).toMatch(/sponsoris|code|Partenaires|https:|Allez voir/);
    }
    expect(unsure).toBeGreaterThan(10);
    expect(unsure).toBeLessThan(60);
  });

  it('is the same for the same seed and creator', () => {
    const creator = { id: 5, slug: 'x', language: 'en', terms: ['a', 'b'] };
    expect(generateEvidence(context, creator, planned)).toEqual(generateEvidence(context, creator, planned));
  });
});
