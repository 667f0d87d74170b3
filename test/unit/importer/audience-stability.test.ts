import { describe, expect, it } from 'vitest';
import { distance, SETTLED, stabilityOf } from '../../../importer/audience/stability.ts';

// How many comments a language estimate needs to settle (importer/audience/stability.ts), on made-up sequences.

const repeat = (language: string | null, n: number) => Array<string | null>(n).fill(language);

describe('stabilityOf', () => {
  it('settles at once for a one-language sample, whatever could not be told', () => {
    const languages = [...repeat('pt', 40), null, ...repeat('pt', 59)];
    expect(stabilityOf(languages)).toEqual({
      comments: 100,
      identified: 99,
      shares: [['pt', 1]],
      halfVsWhole: 0,
      settledAt: 10,
    });
  });

  it('settles only when the prefix holds the mix: English first, French later', () => {
    const result = stabilityOf([...repeat('en', 50), ...repeat('fr', 50)]);
    expect(result.halfVsWhole).toBe(0.5);
    // At 90 comments the prefix is 5/9 English: 0.056 from the whole, more than the tolerance.
    expect(
      distance(
        new Map([
          ['en', 5 / 9],
          ['fr', 4 / 9],
        ]),
        new Map([
          ['en', 0.5],
          ['fr', 0.5],
        ]),
      ),
    ).toBeGreaterThan(SETTLED);
    expect(result.settledAt).toBe(100);
  });

  it('settles where every larger prefix stays close, not where one happens to', () => {
    // Alternating en, fr: every even prefix is exactly the whole, every odd one a little off.
    const result = stabilityOf(Array.from({ length: 200 }, (_, i) => (i % 2 ? 'fr' : 'en')));
    expect(result.settledAt).toBe(10);
    expect(result.shares).toEqual([
      ['en', 0.5],
      ['fr', 0.5],
    ]);
  });
});
