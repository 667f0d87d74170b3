import { describe, expect, it } from 'vitest';
import { leastSquares, spread } from '../../bench/api/stats.ts';

describe('leastSquares', () => {
  it('recovers a line the points lie on, explaining all of their variance', () => {
    const fit = leastSquares([0, 10_000, 50_000, 200_000].map((x) => [x, 5 + 0.0002 * x]));
    expect(fit.intercept).toBeCloseTo(5, 9);
    expect(fit.slope).toBeCloseTo(0.0002, 12);
    expect(fit.r2).toBeCloseTo(1, 9);
  });

  it('explains none of the variance of points with no trend', () => {
    const fit = leastSquares([
      [0, 1],
      [1, 3],
      [2, 1],
      [3, 3],
      [4, 1],
      [5, 3],
      [6, 1],
      [7, 3],
    ]);
    expect(fit.r2).toBeLessThan(0.1);
  });

  it('gives a flat line, not NaN, when every x is the same', () => {
    expect(
      leastSquares([
        [3, 1],
        [3, 5],
      ]),
    ).toEqual({ intercept: 3, slope: 0, r2: 0 });
  });
});

describe('spread', () => {
  it('gives the median and the extremes', () => {
    expect(spread([1.4, 1.61, 1.52], 2)).toBe('1.52 (1.40–1.61)');
  });
});
