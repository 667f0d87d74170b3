// Statistics the benchmarks report: medians over rounds, the spread between the rounds' extremes, and a line fitted
// through measured points.

export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

export const median = (values: number[]) => quantile(values, 0.5);

/** "1.52 (1.40–1.61)": the median and the lowest and highest round. */
export function spread(values: number[], digits: number): string {
  const f = (x: number) => x.toFixed(digits);
  return `${f(median(values))} (${f(Math.min(...values))}–${f(Math.max(...values))})`;
}

/** The line y = intercept + slope·x closest to the points, and the share of y's variance it explains. */
export function leastSquares(points: [number, number][]): { intercept: number; slope: number; r2: number } {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  const slope = sxx ? sxy / sxx : 0;
  return { intercept: my - slope * mx, slope, r2: sxx && syy ? (sxy * sxy) / (sxx * syy) : 0 };
}
