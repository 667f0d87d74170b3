import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { slowOpenSearch } from '../../bench/slow-opensearch.ts';
import { WINDOW_MS } from '../../src/http/load-shedding.ts';
import { Metrics } from '../../src/metrics.ts';
import { createTestApp, getWithKey, type TestApp } from '../support/app.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, sponsor } from '../support/dataset.ts';

// While a queue of searches stands (each answered in the last window took longer than OPENSEARCH_SHED_AFTER_MS, and
// OPENSEARCH_SHED_PENDING are pending), a billable call that finds OPENSEARCH_SHED_KEEP pending is answered 503
// before its key is checked: free, fast, counted, and the calls admitted before it are served and charged as usual.
let data: Awaited<ReturnType<typeof loadRecords>>;
let slow: Awaited<ReturnType<typeof slowOpenSearch>>;
let t: TestApp;
const metrics = new Metrics();
const SHED_PENDING = 3;
const SHED_AFTER_MS = 500;

beforeAll(async () => {
  data = await loadRecords('shedding', [sponsor(1, 'Keyforge Labs')], [creator(1), creator(2)]);
  slow = await slowOpenSearch(inject('opensearchUrl'), 1500);
  t = await createTestApp(
    {
      INDEX_PREFIX: data.prefix,
      OPENSEARCH_URL: slow.url,
      OPENSEARCH_SHED_PENDING: String(SHED_PENDING),
      OPENSEARCH_SHED_KEEP: '2',
      OPENSEARCH_SHED_AFTER_MS: String(SHED_AFTER_MS),
      OPENSEARCH_MAX_PENDING: '100',
      OPENSEARCH_TIMEOUT_MS: '5000',
      LOG_LEVEL: 'silent',
    },
    { metrics },
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
  slow?.close();
  await data?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const counted = async (counter: { get: () => Promise<{ values: { value: number }[] }> }) =>
  (await counter.get()).values.reduce((sum, v) => sum + v.value, 0);

describe('load shedding', () => {
  it('answers 503 with Retry-After at once while the queue stands, free and counted, and serves again after', async () => {
    const { key } = await t.key({ unlimited: false, allowance: 100 });
    // First one call alone: the app's first search also reads the index's mapping, another pending request.
    expect((await getWithKey(t, '/api/v1/creators?query=creator', key)).statusCode).toBe(200);
    const admitted = Array.from({ length: SHED_PENDING }, () => getWithKey(t, '/api/v1/creators?query=creator', key));
    while (t.clients.search.inFlight < SHED_PENDING) await new Promise((resolve) => setTimeout(resolve, 10));
    // Every search takes 1.5 s: once the oldest has waited past the target with nothing answered, the queue stands.
    await sleep(SHED_AFTER_MS + 2 * WINDOW_MS);
    const charged = await counted(metrics.creditsCharged);

    const started = Date.now();
    const shed = await Promise.all([
      ...Array.from({ length: 20 }, () => getWithKey(t, '/api/v1/creators?query=creator', key)),
      ...Array.from({ length: 5 }, () => getWithKey(t, '/api/v1/creators/creator1', key)),
    ]);
    expect(Date.now() - started).toBeLessThan(1000);
    for (const answer of shed) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.json().error.code).toBe('unavailable');
      expect(answer.headers['x-credits-charged']).toBeUndefined();
    }
    // Never checked: nothing reserved, so nothing to refund.
    expect(await counted(metrics.creditsCharged)).toBe(charged);
    expect(await counted(metrics.creditsRefunded)).toBe(0);
    expect(Object.fromEntries((await metrics.shed.get()).values.map((v) => [v.labels.operation, v.value]))).toEqual({
      searchCreators: 20,
      getCreator: 5,
    });

    // A free call is not shed: it searches nothing.
    expect((await getWithKey(t, '/api/v1/credits', key)).statusCode).toBe(200);
    expect((await Promise.all(admitted)).map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await getWithKey(t, '/api/v1/creators?query=creator', key)).statusCode).toBe(200);
    const usage = (await getWithKey(t, '/api/v1/usage', key)).json();
    expect(usage.spent).toBe(SHED_PENDING + 2);
  });

  it('queues a burst into an idle service instead of shedding it', async () => {
    const { key } = await t.key({ unlimited: false, allowance: 100 });
    await sleep(2 * WINDOW_MS);
    const burst = await Promise.all(
      Array.from({ length: 4 * SHED_PENDING }, () => getWithKey(t, '/api/v1/creators?query=creator', key)),
    );
    expect(burst.map((a) => a.statusCode)).toEqual(burst.map(() => 200));
  });
});
