// Three ways of loading a target. Closed loop: autocannon keeps a fixed number of requests in flight (throughput,
// and the CPU each process spends per request). Open loop: requests leave at a fixed rate whether or not earlier
// ones have answered, and latency counts from when a request was due, so a target that falls behind shows it
// (a closed loop slows its own arrivals instead). Sequential: one request at a time, latency without queueing.
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { cpuMs } from './processes.ts';
import { quantile } from './stats.ts';

export interface Target {
  name: string;
  url: string;
  requests: autocannon.Request[];
  /** The Node process in front of OpenSearch, if any. */
  pid?: number;
}

/** An autocannon request as undici's request options: the one shape every loader here sends. */
export const asUndici = (r: autocannon.Request) => ({
  path: String(r.path),
  method: (r.method ?? 'GET') as 'GET' | 'POST',
  headers: r.headers,
  body: r.body as string | undefined,
});

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** CPU milliseconds per request of OpenSearch, of the process in front of it, and of the load generator. */
  opensearchCpu: number;
  frontCpu: number;
  loaderCpu: number;
}

/** How long a closed loop runs: for a time, or for a number of requests (whole passes of the mix, say). */
export type Length = { seconds: number } | { requests: number };

/**
 * `connections` requests in flight for `length`, going through the target's requests in order from `offset`.
 * autocannon's own list would start every connection at the first request, so at 1,000,000 creators (about 70
 * searches/s) a round would see only the first few dozen requests of the mix, each eight times over; one shared
 * sequence sends each request once, in order, across all connections.
 */
export async function closedLoop(
  target: Target,
  length: Length,
  connections: number,
  opensearchCpuMs: () => Promise<number>,
  offset = 0,
): Promise<Figures> {
  let next = offset;
  const requests = [{ setupRequest: () => ({ headers: {}, ...target.requests[next++ % target.requests.length] }) }];
  const front0 = target.pid ? cpuMs(target.pid) : 0;
  const loader0 = cpuMs(process.pid);
  const os0 = await opensearchCpuMs();
  // autocannon notices that a run of a number of requests is over only at its next one-second tick, so its own
  // duration (and any clock read around it) runs up to a second long: timed here from the start to the last answer.
  const started = performance.now();
  let answered = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const options = {
      url: target.url,
      connections,
      requests,
      ...('seconds' in length ? { duration: length.seconds } : { amount: length.requests }),
    };
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result))).on('response', () => {
      answered = performance.now();
    });
  });
  const seconds = (answered - started) / 1000;
  const os1 = await opensearchCpuMs();
  const loader1 = cpuMs(process.pid);
  const front1 = target.pid ? cpuMs(target.pid) : 0;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed) throw new Error(`${target.name}: ${failed} failed requests of ${result.requests.total}`);
  const total = result.requests.total;
  return {
    rps: total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    opensearchCpu: (os1 - os0) / total,
    frontCpu: (front1 - front0) / total,
    loaderCpu: (loader1 - loader0) / total,
  };
}

export interface OpenLoopFigures {
  /** Of the calls served (200). */
  p50: number;
  p99: number;
  served: number;
  /** Answered 503: the API shedding load. */
  shed: number;
}

/**
 * `rate` requests per second for `seconds`, each timed from the moment it was due. Each answer is a 200 or a 503
 * the API shed (counted apart); anything else fails the run.
 */
export async function openLoop(target: Target, rate: number, seconds: number): Promise<OpenLoopFigures> {
  const pool = new Pool(target.url, { connections: 128, pipelining: 1 });
  const latencies: number[] = [];
  const count = Math.round(rate * seconds);
  const start = performance.now() + 50;
  const sent: Promise<void>[] = [];
  let failed = 0;
  let shed = 0;
  try {
    for (let i = 0; i < count; i++) {
      const due = start + (i * 1000) / rate;
      // A timer, never a busy wait: in the split layout the generator shares its core with the process under test,
      // and a generator spinning until each due time takes that core from it. A timer that fires late counts against
      // the target (latency runs from the due time), for direct and API alike.
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const r = target.requests[i % target.requests.length] as autocannon.Request;
      sent.push(
        pool.request(asUndici(r)).then(async (answer) => {
          await answer.body.dump();
          // Shed by the API (Retry-After 1); any other 503 (an outage, OPENSEARCH_MAX_PENDING) fails the run.
          if (answer.statusCode === 503 && answer.headers['retry-after'] === '1') shed++;
          else if (answer.statusCode !== 200) failed++;
          else latencies.push(performance.now() - due);
        }),
      );
    }
    await Promise.all(sent);
  } finally {
    await pool.close();
  }
  if (failed) throw new Error(`${target.name} at ${rate}/s: ${failed} failed requests of ${count}`);
  return { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), served: latencies.length, shed };
}

/** One request at a time on one connection: p50 and p99 in ms. */
export async function sequential(url: string, requests: autocannon.Request[], count: number) {
  const pool = new Pool(url, { connections: 1 });
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const r = requests[i % requests.length] as autocannon.Request;
      const started = performance.now();
      const answer = await pool.request(asUndici(r));
      await answer.body.dump();
      if (answer.statusCode !== 200) throw new Error(`${url}${r.path}: ${answer.statusCode}`);
      times.push(performance.now() - started);
    }
  } finally {
    await pool.close();
  }
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}
