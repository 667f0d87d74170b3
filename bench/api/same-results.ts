// The speed work must not change an answer: for every request of the mix, the replaced shape (on the index as it
// was built) and the live one (on the index as it is built now) return the same creators in the same order and
// the same total. The benchmark runs this before it measures anything, and refuses to report a speed-up otherwise.
import type autocannon from 'autocannon';
import { Pool } from 'undici';
import { asUndici } from './load.ts';

export interface Answer {
  total: number;
  ids: string[];
}

export interface Difference {
  request: number;
  before: Answer;
  live: Answer;
}

async function answer(pool: Pool, r: autocannon.Request): Promise<Answer> {
  const response = await pool.request(asUndici(r));
  const body = (await response.body.json()) as { hits?: { total: { value: number }; hits: { _id: string }[] } };
  if (response.statusCode !== 200 || !body.hits) {
    throw new Error(`${r.path} answered ${response.statusCode}: ${JSON.stringify(body).slice(0, 300)}`);
  }
  return { total: body.hits.total.value, ids: body.hits.hits.map((h) => h._id) };
}

const same = (a: Answer, b: Answer) => a.total === b.total && a.ids.join() === b.ids.join();

/** Sends request i of both lists and returns every i whose answers differ (at most `limit`, in order). */
export async function sameResults(
  opensearchUrl: string,
  before: autocannon.Request[],
  live: autocannon.Request[],
  limit = 20,
): Promise<{ compared: number; differences: Difference[] }> {
  if (before.length !== live.length) throw new Error('both shapes need one request per case');
  const pool = new Pool(opensearchUrl, { connections: 2 });
  const differences: Difference[] = [];
  let next = 0;
  try {
    const worker = async () => {
      for (let i = next++; i < before.length; i = next++) {
        const [a, b] = await Promise.all([
          answer(pool, before[i] as autocannon.Request),
          answer(pool, live[i] as autocannon.Request),
        ]);
        if (!same(a, b)) differences.push({ request: i, before: a, live: b });
      }
    };
    await Promise.all([worker(), worker()]);
  } finally {
    await pool.close();
  }
  differences.sort((x, y) => x.request - y.request);
  return { compared: before.length, differences: differences.slice(0, limit) };
}
