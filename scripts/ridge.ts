/**
 * Ridge regression of many outputs at once: the W minimising |X W − Y|² + λ|W|², from the normal equations
 * (XᵀX + λI) W = XᵀY solved by Cholesky. X's rows have `inputs` values, Y's `outputs`; W is inputs × outputs,
 * row-major. λ > 0 keeps the system positive definite whatever the data.
 */
export function ridge(x: Float32Array[], y: Float32Array[], lambda: number): Float32Array {
  const n = x[0]?.length ?? 0;
  const m = y[0]?.length ?? 0;
  const gram = new Float64Array(n * n);
  const cross = new Float64Array(n * m);
  x.forEach((row, r) => {
    const target = y[r] as Float32Array;
    for (let i = 0; i < n; i++) {
      const value = row[i] as number;
      if (value === 0) continue;
      for (let j = i; j < n; j++) gram[i * n + j] = (gram[i * n + j] as number) + value * (row[j] as number);
      for (let j = 0; j < m; j++) cross[i * m + j] = (cross[i * m + j] as number) + value * (target[j] as number);
    }
  });
  for (let i = 0; i < n; i++) {
    gram[i * n + i] = (gram[i * n + i] as number) + lambda;
    for (let j = 0; j < i; j++) gram[i * n + j] = gram[j * n + i] as number;
  }
  const lower = cholesky(gram, n);
  const weights = new Float32Array(n * m);
  const column = new Float64Array(n);
  for (let j = 0; j < m; j++) {
    for (let i = 0; i < n; i++) column[i] = cross[i * m + j] as number;
    const solved = solveCholesky(lower, n, column);
    for (let i = 0; i < n; i++) weights[i * m + j] = solved[i] as number;
  }
  return weights;
}

/** L with L Lᵀ = A, for a symmetric positive definite A (n × n, row-major). */
function cholesky(a: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i * n + j] as number;
      for (let k = 0; k < j; k++) sum -= (l[i * n + k] as number) * (l[j * n + k] as number);
      if (i === j) {
        if (sum <= 0) throw new Error('ridge: the system is not positive definite (λ must be above 0)');
        l[i * n + i] = Math.sqrt(sum);
      } else l[i * n + j] = sum / (l[j * n + j] as number);
    }
  }
  return l;
}

/** x with L Lᵀ x = b: forward, then back substitution. */
function solveCholesky(l: Float64Array, n: number, b: Float64Array): Float64Array {
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = b[i] as number;
    for (let k = 0; k < i; k++) sum -= (l[i * n + k] as number) * (z[k] as number);
    z[i] = sum / (l[i * n + i] as number);
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let sum = z[i] as number;
    for (let k = i + 1; k < n; k++) sum -= (l[k * n + i] as number) * (x[k] as number);
    x[i] = sum / (l[i * n + i] as number);
  }
  return x;
}
