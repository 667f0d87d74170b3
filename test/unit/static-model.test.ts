import { describe, expect, it } from 'vitest';
import { ridge } from '../../scripts/ridge.ts';
import { projected } from '../../scripts/stack/static-model.ts';
import { EMBEDDING_DIMENSIONS } from '../../src/search/embedder.ts';

/** A fixed pseudo-random stream, so a failure reproduces. */
function stream(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648 - 0.5;
  };
}

describe('ridge', () => {
  it('recovers the map that produced the outputs, with a small λ', () => {
    const next = stream(7);
    const truth = Float32Array.from({ length: 3 * 2 }, next); // 3 inputs → 2 outputs
    const x = Array.from({ length: 200 }, () => Float32Array.from({ length: 3 }, next));
    const y = x.map((row) =>
      Float32Array.from({ length: 2 }, (_, j) => row.reduce((sum, v, i) => sum + v * (truth[i * 2 + j] as number), 0)),
    );
    const fitted = ridge(x, y, 1e-9);
    for (const [i, w] of fitted.entries()) expect(w).toBeCloseTo(truth[i] as number, 4);
  });

  it('shrinks the map towards zero as λ grows', () => {
    const next = stream(11);
    const x = Array.from({ length: 50 }, () => Float32Array.from({ length: 4 }, next));
    const y = x.map((row) => Float32Array.of((row[0] as number) * 2));
    const norm = (w: Float32Array) => Math.hypot(...w);
    expect(norm(ridge(x, y, 100))).toBeLessThan(norm(ridge(x, y, 0.01)) / 2);
  });

  it('refuses a λ that leaves the system singular', () => {
    const x = [Float32Array.of(1, 1), Float32Array.of(2, 2)]; // the two inputs always equal
    expect(() => ridge(x, [Float32Array.of(1), Float32Array.of(2)], 0)).toThrow(/positive definite/);
  });
});

describe('projected', () => {
  it('multiplies every row of the token table by the projection, so sums of rows are projected too', () => {
    const d = EMBEDDING_DIMENSIONS;
    const next = stream(3);
    const table = Float32Array.from({ length: 2 * d }, next);
    const weights = Float32Array.from({ length: d * d }, next);
    const out = projected(table, weights);
    for (const [row, j] of [
      [0, 0],
      [1, 17],
      [1, d - 1],
    ] as const) {
      let expected = 0;
      for (let i = 0; i < d; i++) expected += (table[row * d + i] as number) * (weights[i * d + j] as number);
      expect(out[row * d + j]).toBeCloseTo(expected, 4);
    }
  });
});
