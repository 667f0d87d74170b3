// Order statistics the benchmark reports: medians over rounds and the spread between the rounds' extremes.

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
