import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, sponsor } from '../support/dataset.ts';

// The MCP metering rule of DESIGN.md, on the wire: a billable tool call is charged if and only if its successful
// result was sent. Whatever the transport refuses (406, 400, a notification's 202) reserves nothing and runs nothing.
let data: Awaited<ReturnType<typeof loadRecords>>;
let t: TestApp;
let base: string;
const apps: TestApp[] = [];
const closers: (() => Promise<void>)[] = [];

async function serve(env: Record<string, string> = {}): Promise<{ t: TestApp; base: string }> {
  const app = await createTestApp({ INDEX_PREFIX: data.prefix, LOG_LEVEL: 'silent', ...env });
  apps.push(app);
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return { t: app, base: `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}` };
}

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const post = (at: string, key: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) =>
  fetch(`${at}/mcp`, {
    method: 'POST',
    headers: { ...HEADERS, authorization: `Bearer ${key}`, ...headers },
    body: JSON.stringify(body),
    signal,
  });
const toolCall = (name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name, arguments: args },
});
/** The balance as the REST API reports it (GET /credits is free). */
async function balance(key: string, at = base): Promise<number> {
  const response = await fetch(`${at}/api/v1/credits`, { headers: { authorization: `Bearer ${key}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { balance: number }).balance;
}
/** Searches and gets OpenSearch has served on this file's indices: proof that a tool ran, or did not. */
async function searchesRun(): Promise<number> {
  const { body } = await data.client.indices.stats({ index: `${data.prefix}*`, metric: ['search', 'get'] });
  const total = body._all.total as { search?: { query_total?: number }; get?: { total?: number } };
  return (total.search?.query_total ?? 0) + (total.get?.total ?? 0);
}

beforeAll(async () => {
  const creators = Array.from({ length: 5 }, (_, i) => creator(i + 1, { handle: `@metered${i + 1}` }));
  data = await loadRecords('mcpmeter', [sponsor(1, 'Meterworks')], creators);
  ({ t, base } = await serve());
}, 60_000);
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await Promise.all(apps.map((a) => a.close()));
  await data?.drop();
});

describe('MCP metering: a tool call is charged if and only if its successful result was sent', () => {
  it('charges an accepted, successful tools/call its REST cost (the control for the cases below)', async () => {
    const { key } = await t.key({ unlimited: false, allowance: 10 });
    const before = await searchesRun();
    const response = await post(base, key, toolCall('get_creator', { id: 'metered2' }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: { isError?: boolean } };
    expect(body.result.isError).toBeFalsy();
    expect(await balance(key)).toBe(9);
    expect(await searchesRun()).toBeGreaterThan(before);
  });

  it.each([
    ['Accept without text/event-stream', { accept: 'application/json' }, undefined, 406],
    ['an unsupported mcp-protocol-version', { 'mcp-protocol-version': '1999-01-01' }, undefined, 400],
    ['a message without jsonrpc', {}, { jsonrpc: undefined }, 400],
    ['a message without id (a notification: nothing runs)', {}, { id: undefined }, 202],
  ])(
    'costs nothing and runs nothing for a valid tools/call the transport refuses: %s',
    async (_name, headers, change, status) => {
      const { key } = await t.key({ unlimited: false, allowance: 10 });
      const before = await searchesRun();
      const message = { ...toolCall('get_creator', { id: 'metered2' }), ...change };
      const response = await post(base, key, message, headers);
      expect(response.status).toBe(status);
      await response.text();
      expect(await balance(key)).toBe(10);
      expect(await searchesRun()).toBe(before);
    },
  );

  it('keeps initialize, tools/list and ping free, and refuses batches (400) without charging', async () => {
    const { key } = await t.key({ unlimited: false, allowance: 3 });
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    for (const message of [
      initialize,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'ping' },
    ]) {
      const response = await post(base, key, message);
      expect(response.status, message.method).toBeLessThan(300);
      await response.text();
    }
    const batch = await post(base, key, [toolCall('get_creator', { id: 'metered1' })]);
    expect(batch.status).toBe(400);
    expect(await balance(key)).toBe(3);
  });

  it('refunds every failed tool call: not found, invalid arguments, and a search that fails', async () => {
    const { key } = await t.key({ unlimited: false, allowance: 5 });
    for (const [name, args] of [
      ['get_creator', { id: 'no-such-creator' }],
      ['search_creators', { query: 'x', page: 0 }],
      ['get_sponsor', { id: 'no-such-sponsor' }],
    ] as const) {
      const body = (await (await post(base, key, toolCall(name, args))).json()) as { result: { isError?: boolean } };
      expect(body.result.isError, name).toBe(true);
    }
    expect(await balance(key)).toBe(5);

    // No indices behind this app: the search itself fails (503 unavailable) after the call was admitted.
    const empty = await serve({ INDEX_PREFIX: `${data.prefix}missing_` });
    const other = await empty.t.key({ unlimited: false, allowance: 5 });
    const response = await post(empty.base, other.key, toolCall('search_creators', { query: 'metered' }));
    const failed = (await response.json()) as { result: { isError?: boolean; content: { text: string }[] } };
    expect(failed.result.isError).toBe(true);
    expect(failed.result.content[0]?.text).toContain('unavailable');
    expect(await balance(other.key, empty.base)).toBe(5);
  });

  it('does not charge a successful result the client never received (it hung up while the tool ran)', async () => {
    // OpenSearch behind a proxy that holds every request 400 ms, so the client can leave mid-call.
    let answered = 0;
    const upstream = inject('opensearchUrl');
    const proxy = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const forwarded = await fetch(new URL(req.url ?? '/', upstream), {
        method: req.method,
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      res.writeHead(forwarded.status, { 'content-type': forwarded.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await forwarded.arrayBuffer()));
      answered += 1;
    });
    proxy.listen(0, '127.0.0.1');
    await once(proxy, 'listening');
    closers.push(() => new Promise<void>((resolve) => proxy.close(() => resolve())));
    const slow = await serve({ OPENSEARCH_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
    const { key } = await slow.t.key({ unlimited: false, allowance: 5 });

    const abort = new AbortController();
    const call = post(slow.base, key, toolCall('get_creator', { id: 'metered3' }), {}, abort.signal);
    await new Promise((resolve) => setTimeout(resolve, 150));
    abort.abort();
    await expect(call).rejects.toThrow();
    // The search completes (the proxy answers), the tool succeeds, and its result has nowhere to go.
    const deadline = Date.now() + 5000;
    while (answered === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await balance(key, slow.base)).toBe(5);

    // The same call, waited for, is charged: the refund above was for the lost result, not for every slow call.
    const served = await post(slow.base, key, toolCall('get_creator', { id: 'metered3' }));
    expect(((await served.json()) as { result: { isError?: boolean } }).result.isError).toBeFalsy();
    expect(await balance(key, slow.base)).toBe(4);
  });

  it('checks the key before it reads the message: no key is 401 whatever follows, and a message is small', async () => {
    const anonymous = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}/mcp`, { method: 'POST', headers: { ...HEADERS, ...headers }, body: JSON.stringify(body) });
    const call = await anonymous(toolCall('get_creator', { id: 'metered1' }));
    expect(call.status).toBe(401);
    expect(call.headers.get('www-authenticate')).toBe('Bearer');
    const { id: _id, ...notification } = toolCall('get_creator', { id: 'metered1' });
    expect((await anonymous(notification)).status).toBe(401);
    // The key's shape is checked before the body is read: what the transport would refuse is 401 without a key.
    expect((await anonymous(toolCall('get_creator', { id: 'metered1' }), { accept: 'application/json' })).status).toBe(
      401,
    );
    const junk = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${'x'.repeat(2 * 1024 * 1024)}"}}`;
    const started = performance.now();
    const flood = await fetch(`${base}/mcp`, { method: 'POST', headers: HEADERS, body: junk });
    expect(flood.status).toBe(401);
    expect(performance.now() - started).toBeLessThan(1000);
    const { key } = await t.key({ unlimited: false, allowance: 10 });
    expect((await post(base, key, { ...toolCall('get_creator', { id: 'x'.repeat(70_000) }) })).status).toBe(413);
    expect(await balance(key)).toBe(10);
  });

  it.each([
    ['a name sent as an array', { name: ['get_creator'] }],
    ['a task field (the server has no task capability)', { task: { ttl: 60_000 } }],
  ])('refuses free what the SDK will refuse: %s', async (_name, change) => {
    const { key } = await t.key({ unlimited: false, allowance: 10 });
    const before = await searchesRun();
    const message = toolCall('get_creator', { id: 'metered2' });
    const response = await post(base, key, { ...message, params: { ...message.params, ...change } });
    const body = (await response.json()) as { error?: unknown; result?: { isError?: boolean } };
    expect(body.error ?? body.result?.isError).toBeTruthy();
    expect(await balance(key)).toBe(10);
    expect(await searchesRun()).toBe(before);
  });
});
