import { describe, expect, it } from 'vitest';
import { confidenceOf, confidenceTable, confidenceTableInUse } from '../../../importer/sponsors/confidence.ts';
import { evaluate } from '../../../importer/sponsors/eval.ts';
import { Registry } from '../../../importer/sponsors/registry.ts';
import { label, videoFacts } from '../../support/video.ts';

// The confidence a finding gets until the learned scorer exists: its (rule, known brand) cell's measured precision.

describe('the confidence table', () => {
  it('measures precision per rule, apart for registry brands and new names, smoothed towards a coin toss', () => {
    const videos = new Map([
      [
        'a',
        videoFacts('a', { description: 'This video is sponsored by NordVPN.\nUse code SAM for 10% off at Zorblax' }),
      ],
      ['b', videoFacts('b', { description: 'This video is sponsored by NordVPN.' })],
    ]);
    const evaluation = evaluate([label('a', ['NordVPN']), label('b', ['NordVPN'])], videos, Registry.load());
    expect(evaluation.byRule['disclosure known']).toMatchObject({ truePositives: 2, falsePositives: 0 });
    const table = confidenceTable(evaluation, ['labels.jsonl'], '2026-11-28');
    expect(table.cells['disclosure known']).toMatchObject({ found: 2, right: 2, precision: 1, confidence: 0.75 });
    const registryBrand = Registry.load().brands.find((b) => b.name === 'NordVPN') ?? null;
    expect(confidenceOf({ rule: 'disclosure', brand: registryBrand }, table)).toBe(0.75);
    // A cell the labels never saw takes the pooled figure.
    expect(confidenceOf({ rule: 'vanity-link', brand: null }, table)).toBe(table.fallback);
  });

  it('is the committed file, each confidence (right + 1) / (found + 2) of its cell', () => {
    const table = confidenceTableInUse();
    expect(Object.keys(table.cells).length).toBeGreaterThan(3);
    for (const cell of Object.values(table.cells)) {
      expect(cell.right).toBeLessThanOrEqual(cell.found);
      expect(cell.confidence).toBe(Math.round((100 * (cell.right + 1)) / (cell.found + 2)) / 100);
    }
  });
});
