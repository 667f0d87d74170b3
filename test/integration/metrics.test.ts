import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../src/access/keys.ts';
import { buildMetricsApp } from '../../src/http/metrics-endpoint.ts';
import { Metrics } from '../../src/metrics.ts';
import { closedPort, createTestApp, getWithKey, type TestApp } from '../support/app.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, sponsor } from '../support/dataset.ts';

// /metrics after real calls on a real OpenSearch and Redis: names, types, labels and values.
let data: Awaited<ReturnType<typeof loadRecords>>;
const apps: TestApp[] = [];

async function app(env: Record<string, string>, metrics: Metrics): Promise<TestApp> {
  const created = await createTestApp(
    { LOG_LEVEL: 'silent', IP_RATE_PER_MIN: '100000', PLAN_FREE_TRIAL_RATE_PER_MIN: '1', ...env },
    { metrics },
  );
  apps.push(created);
  return created;
}

/** Scrapes the metrics app: the text, and each sample as `name{labels}` → value (labels in their printed order). */
async function scrape(metrics: Metrics) {
  const response = await buildMetricsApp(metrics).inject('/metrics');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const samples = new Map<string, number>();
  for (const line of response.body.split('\n')) {
    const match = /^([a-z_]+(?:\{.*\})?) (\S+)$/.exec(line);
    if (match) samples.set(match[1] as string, Number(match[2]));
  }
  return { text: response.body, samples };
}

const mcpCall = (t: TestApp, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    payload: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_creators', arguments: { query: 'x' } },
    },
  });

beforeAll(async () => {
  data = await loadRecords('metrics', [sponsor(1, 'Keyforge Labs')], [creator(1), creator(2), creator(3)]);
}, 60_000);
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await data?.drop();
});

describe('metrics', () => {
  it('count requests, OpenSearch time, credits charged and refunded, and refusals by code after real calls', async () => {
    const metrics = new Metrics();
    const t = await app({ INDEX_PREFIX: data.prefix }, metrics);
    const paying = await t.key({ unlimited: false, allowance: 100 });
    for (let i = 0; i < 3; i++)
      expect((await getWithKey(t, '/api/v1/creators?query=creator', paying.key)).statusCode).toBe(200);
    // Charged, then refunded: a lookup that finds nothing is free.
    expect((await getWithKey(t, '/api/v1/creators/nobody-here', paying.key)).statusCode).toBe(404);
    expect((await t.app.inject('/api/v1/creators?query=x')).statusCode).toBe(401);
    const free = await t.key({ plan: 'free', unlimited: false, allowance: 10 });
    expect((await getWithKey(t, '/api/v1/creators?query=x', free.key)).statusCode).toBe(403);
    const broke = await t.key({ unlimited: false, allowance: 0 });
    expect((await getWithKey(t, '/api/v1/creators?query=x', broke.key)).statusCode).toBe(402);
    // Out of credits in a tool call is the tool's result, in an HTTP 200: counted all the same.
    expect((await mcpCall(t, broke.key)).statusCode).toBe(200);
    const trial = await t.key({ plan: 'free_trial', unlimited: false, allowance: 10 });
    expect((await getWithKey(t, '/api/v1/niches', trial.key)).statusCode).toBe(200);
    expect((await getWithKey(t, '/api/v1/niches', trial.key)).statusCode).toBe(429);
    expect((await t.app.inject('/nope')).statusCode).toBe(404);

    const { text, samples } = await scrape(metrics);
    for (const [name, type] of [
      ['csi_http_request_duration_seconds', 'histogram'],
      ['csi_opensearch_request_duration_seconds', 'histogram'],
      ['csi_opensearch_took_seconds', 'histogram'],
      ['csi_opensearch_errors_total', 'counter'],
      ['csi_redis_errors_total', 'counter'],
      ['csi_credits_charged_total', 'counter'],
      ['csi_credits_refunded_total', 'counter'],
      ['csi_refusals_total', 'counter'],
      ['csi_shed_total', 'counter'],
      ['csi_search_pending', 'gauge'],
      ['csi_info', 'gauge'],
      ['process_cpu_user_seconds_total', 'counter'],
      ['nodejs_heap_size_used_bytes', 'gauge'],
    ]) {
      expect(text).toContain(`# TYPE ${name} ${type}\n`);
    }
    const route = (r: string, status: string) =>
      samples.get(`csi_http_request_duration_seconds_count{route="${r}",method="GET",status_class="${status}"}`);
    expect(route('/api/v1/creators', '2xx')).toBe(3);
    expect(route('/api/v1/creators', '4xx')).toBe(3);
    expect(route('/api/v1/creators/:id', '4xx')).toBe(1);
    // An unknown path is one label, never the path itself.
    expect(route('unmatched', '4xx')).toBe(1);
    expect(text).not.toContain('/nope');

    expect(samples.get('csi_credits_charged_total{plan="user",operation="searchCreators"}')).toBe(3);
    expect(samples.get('csi_credits_charged_total{plan="user",operation="getCreator"}')).toBe(1);
    expect(samples.get('csi_credits_refunded_total{plan="user",operation="getCreator"}')).toBe(1);
    expect(samples.get('csi_credits_refunded_total{plan="user",operation="searchCreators"}')).toBeUndefined();

    expect(samples.get('csi_refusals_total{code="unauthorized"}')).toBe(1);
    expect(samples.get('csi_refusals_total{code="forbidden"}')).toBe(1);
    expect(samples.get('csi_refusals_total{code="out_of_credits"}')).toBe(2);
    expect(samples.get('csi_refusals_total{code="rate_limited"}')).toBe(1);

    expect(samples.get('csi_opensearch_request_duration_seconds_count{operation="searchCreators"}')).toBe(3);
    expect(samples.get('csi_opensearch_took_seconds_count{operation="searchCreators"}')).toBe(3);
    expect(samples.get('csi_opensearch_request_duration_seconds_count{operation="getCreator"}')).toBe(1);
    expect(samples.get('csi_search_pending')).toBe(0);
    const version = await t.clients.opensearch.indices.getAlias({ name: `${data.prefix}creators` });
    const live = Object.keys(version.body)[0];
    expect(text).toMatch(
      new RegExp(`csi_info\\{data_version="${live}",ranking_profile="profile",ranking_version="[0-9a-f]{12}"\\} 1`),
    );
  });

  it('count OpenSearch and Redis failures, and the 503s they cause', async () => {
    const metrics = new Metrics();
    // No data under this prefix: every search is OpenSearch's 404, the client's 503.
    const missing = await app({ INDEX_PREFIX: 'no-such-data-', ACCESS_DISABLED: 'true' }, metrics);
    expect((await missing.app.inject('/api/v1/creators?query=x')).statusCode).toBe(503);
    const { samples, text } = await scrape(metrics);
    expect(samples.get('csi_opensearch_errors_total{kind="status_4xx"}')).toBe(1);
    expect(samples.get('csi_refusals_total{code="unavailable"}')).toBe(1);
    expect(text).toMatch(/csi_info\{data_version="unknown",/);

    const down = new Metrics();
    const noRedis = await app(
      { INDEX_PREFIX: data.prefix, REDIS_URL: `redis://127.0.0.1:${await closedPort()}` },
      down,
    );
    const key = createKey('csi');
    expect(
      (await noRedis.app.inject({ url: '/api/v1/creators?query=x', headers: { authorization: `Bearer ${key}` } }))
        .statusCode,
    ).toBe(503);
    // A health probe answering 503 is not a refused call.
    expect((await noRedis.app.inject('/readyz')).statusCode).toBe(503);
    const after = await scrape(down);
    expect(after.samples.get('csi_refusals_total{code="unavailable"}')).toBe(1);
    expect(after.samples.get('csi_redis_errors_total{operation="lookup"}')).toBe(1);
    expect(after.samples.get('csi_redis_errors_total{operation="connection"}')).toBeGreaterThanOrEqual(1);
  });

  it('are not served on the API port, and the metrics port serves nothing else', async () => {
    const metrics = new Metrics();
    const t = await app({ INDEX_PREFIX: data.prefix }, metrics);
    expect((await t.app.inject('/metrics')).statusCode).toBe(404);
    const other = await buildMetricsApp(metrics).inject('/api/v1/creators');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });
});
