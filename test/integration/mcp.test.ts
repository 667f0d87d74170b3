import { spawn } from 'node:child_process';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorRecord } from '../../indexer/records.ts';
import { Accounts } from '../../src/access/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, evidenceOf, sponsor } from '../support/dataset.ts';
import { REPO_ROOT, runTs } from '../support/run.ts';

// The MCP server driven by the SDK's own client, exactly as docs/mcp.md tells users to connect.
let data: Awaited<ReturnType<typeof loadRecords>>;
let t: TestApp;
let base: string;
const clients: Client[] = [];
const apps: TestApp[] = [];

async function connect(key: string | undefined, at = base): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${at}/mcp`), {
    requestInit: { headers: key ? { authorization: `Bearer ${key}` } : {} },
  });
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}
const rest = async (url: string, key: string) =>
  (await t.app.inject({ url, headers: { authorization: `Bearer ${key}` } })).json();
const balance = async (accountId: string) =>
  Number(await t.clients.redis.hget(`${t.config.redisKeyPrefix}{acct:${accountId}}`, 'balance'));
const post = (body: unknown, key?: string) =>
  fetch(`${base}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: JSON.stringify(body),
  });
/**
 * The error of a tool result: `isError`, no structuredContent (it would have to match the tool's output schema), and
 * the REST error body as the text content.
 */
function errorOf(result: Awaited<ReturnType<Client['callTool']>> | undefined): { code: string; message: string } {
  expect(result?.isError).toBe(true);
  expect(result?.structuredContent).toBeUndefined();
  const content = result?.content as { type: string; text: string }[];
  expect(content).toHaveLength(1);
  expect(content[0]?.type).toBe('text');
  const body = JSON.parse(content[0]?.text ?? '') as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  return body.error;
}
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

async function serve(env: Record<string, string>): Promise<{ t: TestApp; base: string }> {
  const app = await createTestApp({ INDEX_PREFIX: data.prefix, LOG_LEVEL: 'silent', ...env });
  apps.push(app);
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return { t: app, base: `http://127.0.0.1:${(app.app.server.address() as { port: number }).port}` };
}

beforeAll(async () => {
  const creators = Array.from({ length: 30 }, (_, i) =>
    creator(i + 1, {
      handle: i === 0 ? '@KeyboardKate' : `@creator${i + 1}`,
      sponsorships: [{ sponsorId: 1, count: 2, firstDate: '2026-01-01', lastDate: '2026-02-01' }],
      ...(i === 0
        ? {
            audience: {
              ageDistribution: { '18-24': 1 },
              genderDistribution: { female: 1 },
              geoDistribution: { US: 1 },
              languageDistribution: { en: 1 },
              interests: ['keyboards'],
              confidence: 0.8,
              computedAt: '2026-10-01T00:00:00.000Z',
            },
            audienceNote: null,
          }
        : {}),
    }),
  );
  const kate = creators[0] as CreatorRecord;
  const figures = { videoCount: kate.videoCount, avgViews: kate.avgViews, totalViews: kate.totalViews };
  const snapshots = [
    { creatorId: 1, date: '2026-02-01', subscribers: kate.subscribers, ...figures },
    { creatorId: 1, date: '2026-01-02', subscribers: kate.subscribers - 100, ...figures },
  ];
  data = await loadRecords('mcp', [sponsor(1, 'Keyforge Labs')], creators, {
    evidence: evidenceOf(creators),
    snapshots,
  });
  ({ t, base } = await serve({}));
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(apps.map((a) => a.close()));
  await data?.drop();
});

describe('MCP over Streamable HTTP', () => {
  it('lists the seven tools, find_similar_creators, get_creator_sponsorships and get_creator_history with the contract’s schemas, read-only', async () => {
    const { key } = await t.key();
    const { tools } = await (await connect(key)).listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'find_similar_creators',
        'get_creator',
        'get_creator_audience',
        'get_creator_history',
        'get_creator_sponsorships',
        'get_credits',
        'get_sponsor',
        'list_niches',
        'search_creators',
        'search_sponsors',
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tool.description, tool.name).toMatch(/credit|Free/);
      expect(tool.outputSchema?.type, tool.name).toBe('object');
    }
    const search = tools.find((tool) => tool.name === 'search_creators');
    expect(search?.inputSchema.required).toEqual(['query']);
    expect(Object.keys(search?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['query', 'niche_category', 'country', 'min_subscribers', 'sort', 'page']),
    );
    expect(Object.keys((search?.outputSchema?.properties as object) ?? {}).sort()).toEqual(
      ['creators', 'facets', 'hasMore', 'nextPage', 'page', 'query', 'returned', 'totalFound'].sort(),
    );
  });

  it('returns exactly what REST returns for the same input, and charges the same', async () => {
    const { key, accountId } = await t.key({ unlimited: false, allowance: 100 });
    const client = await connect(key);
    const cases: [string, Record<string, unknown>, string, number][] = [
      [
        'search_creators',
        { query: 'creator', has_sponsors: true, page: 2 },
        '/api/v1/creators?query=creator&has_sponsors=true&page=2',
        1,
      ],
      ['get_creator', { id: '@keyboardkate' }, '/api/v1/creators/@keyboardkate', 1],
      ['get_creator_audience', { id: 'KeyboardKate' }, '/api/v1/creators/KeyboardKate/audience', 1],
      ['get_creator_audience', { id: 'creator2' }, '/api/v1/creators/creator2/audience', 1],
      [
        'find_similar_creators',
        { id: 'KeyboardKate', has_sponsors: true, page: 1 },
        '/api/v1/creators/KeyboardKate/similar?has_sponsors=true&page=1',
        1,
      ],
      [
        'get_creator_sponsorships',
        { id: '@keyboardkate', sponsor: 1, min_confidence: 0.5, page: 1 },
        '/api/v1/creators/@keyboardkate/sponsorships?sponsor=1&min_confidence=0.5&page=1',
        1,
      ],
      [
        'get_creator_history',
        { id: 'KeyboardKate', from: '2026-01-01', page: 1 },
        '/api/v1/creators/KeyboardKate/history?from=2026-01-01&page=1',
        1,
      ],
      ['search_sponsors', { query: 'keyforge' }, '/api/v1/sponsors?query=keyforge', 1],
      ['get_sponsor', { id: 'keyforge labs' }, '/api/v1/sponsors/keyforge%20labs', 1],
      // The id as search_sponsors gives it, a JSON number.
      ['get_sponsor', { id: 1 }, '/api/v1/sponsors/1', 1],
      ['list_niches', {}, '/api/v1/niches', 0],
    ];
    for (const [name, args, url, cost] of cases) {
      const before = await balance(accountId);
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
      expect(await balance(accountId), `${name} via MCP`).toBe(before - cost);
      expect((result.content as { type: string; text: string }[])[0]?.text.length, name).toBeGreaterThan(0);
      const viaRest = await rest(url, key);
      expect(await balance(accountId), `${name} via REST`).toBe(before - 2 * cost);
      expect(result.structuredContent, name).toEqual(viaRest);
    }
    const days = await client.callTool({ name: 'get_creator_history', arguments: { id: 'KeyboardKate' } });
    expect(days.structuredContent).toMatchObject({ totalFound: 2, snapshots: [{ date: '2026-02-01' }, {}] });
    const evidence = await client.callTool({ name: 'get_creator_sponsorships', arguments: { id: 'KeyboardKate' } });
    expect(evidence.structuredContent).toMatchObject({ totalFound: 2, creator: { id: 'KeyboardKate' } });
    const credits = await client.callTool({ name: 'get_credits', arguments: {} });
    expect(credits.structuredContent).toEqual(await rest('/api/v1/credits', key));
  });

  // Every real client lists the tools first, and the SDK's Client then validates any structuredContent of a
  // tools/call against the tool's output schema: an error must come back as a result it hands on, not a -32602.
  it('lists the prompts for the jobs people bring, and fills each with its arguments', async () => {
    const { key } = await t.key();
    const client = await connect(key);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(['audit_brand', 'find_lookalikes', 'shortlist_creators']);
    for (const prompt of prompts)
      expect(
        prompt.arguments?.some((a) => a.required),
        prompt.name,
      ).toBe(true);
    const brief = await client.getPrompt({
      name: 'shortlist_creators',
      arguments: { brief: 'ergonomic keyboards for programmers', country: 'Germany' },
    });
    const text = (brief.messages[0] as { content: { text: string } }).content.text;
    expect(text).toContain('"ergonomic keyboards for programmers"');
    expect(text).toContain('Germany');
    for (const tool of ['list_niches', 'search_creators', 'get_creator_audience', 'get_creator_sponsorships'])
      expect(text).toContain(tool);
    const audit = await client.getPrompt({ name: 'audit_brand', arguments: { brand: 'Keyforge Labs' } });
    expect((audit.messages[0] as { content: { text: string } }).content.text).toMatch(
      /search_sponsors with "Keyforge Labs"/,
    );
    await expect(client.getPrompt({ name: 'audit_brand', arguments: {} })).rejects.toThrow(/needs brand/);
    await expect(client.getPrompt({ name: 'write_poem', arguments: {} })).rejects.toThrow(/No prompt named write_poem/);
    // A filter search_creators would refuse is refused here, not written into the instructions.
    const shortlist = (extra: Record<string, string>) =>
      client.getPrompt({ name: 'shortlist_creators', arguments: { brief: 'keyboards', ...extra } });
    await expect(shortlist({ min_subscribers: 'abc' })).rejects.toThrow(/-32602.*min_subscribers/);
    await expect(shortlist({ country: 'Narnia' })).rejects.toThrow(/-32602.*country: must be a known country/);
    const lookalikes = client.getPrompt({ name: 'find_lookalikes', arguments: { creator: 'x', country: 'Narnia' } });
    await expect(lookalikes).rejects.toThrow(/country/);
    expect((await shortlist({ min_subscribers: '10000', country: 'de' })).messages).toHaveLength(1);
  });

  it('serves the niche list and the caller’s balance as resources, free, as REST answers them', async () => {
    const { key, accountId } = await t.key({ unlimited: false, allowance: 7 });
    const client = await connect(key);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(['csi://credits', 'csi://niches']);
    const read = async (uri: string) =>
      JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text) as Record<
        string,
        unknown
      >;
    expect(await read('csi://niches')).toEqual(await rest('/api/v1/niches', key));
    expect(await read('csi://credits')).toMatchObject({ balance: 7, unlimited: false });
    expect(await read('csi://credits')).toEqual(await rest('/api/v1/credits', key));
    expect(await balance(accountId)).toBe(7);
    await expect(client.readResource({ uri: 'csi://everything' })).rejects.toThrow(/No resource at csi:\/\/everything/);
  });

  it('reports errors as tool results the SDK’s Client hands on after listTools; a 404 and a 422 cost nothing', async () => {
    const { key, accountId } = await t.key({ unlimited: false, allowance: 5 });
    const client = await connect(key);
    await client.listTools();
    const missing = errorOf(await client.callTool({ name: 'get_creator', arguments: { id: 'no-such-creator' } }));
    expect(missing).toEqual({ code: 'not_found', message: expect.stringContaining('no-such-creator') });
    const invalid = errorOf(await client.callTool({ name: 'search_creators', arguments: { query: 'x', page: 0 } }));
    expect(invalid).toEqual({ code: 'invalid_request', message: expect.stringContaining('page') });
    const unknown = errorOf(await client.callTool({ name: 'get_everything', arguments: {} }));
    expect(unknown.code).toBe('not_found');
    expect(await balance(accountId)).toBe(5);
  });

  it('answers out_of_credits inside a tool call when the balance is 0, and keeps it at 0', async () => {
    const { key, accountId } = await t.key({ unlimited: false, allowance: 0 });
    const client = await connect(key);
    await client.listTools();
    const result = await client.callTool({ name: 'search_creators', arguments: { query: 'creator' } });
    expect(errorOf(result)).toEqual({ code: 'out_of_credits', message: expect.stringContaining('No credits left') });
    expect((await client.callTool({ name: 'list_niches', arguments: {} })).isError).toBeFalsy();
    expect(await balance(accountId)).toBe(0);
  });

  it('answers rate_limited inside a tool call past the per-key limit, without charging', async () => {
    const limited = await serve({ PLAN_USER_RATE_PER_MIN: '6' });
    const { key, accountId } = await limited.t.key({ unlimited: false, allowance: 50 });
    const client = await connect(key, limited.base); // initialize and its notification: 2 requests of 6
    await client.listTools(); // 3 of 6
    const results = [];
    for (let i = 0; i < 4; i++)
      results.push(await client.callTool({ name: 'get_creator', arguments: { id: 'creator3' } }));
    expect(results.slice(0, 3).every((r) => !r.isError)).toBe(true);
    expect(errorOf(results[3])).toEqual({ code: 'rate_limited', message: expect.stringContaining('per minute') });
    const stored = await limited.t.clients.redis.hget(
      `${limited.t.config.redisKeyPrefix}{acct:${accountId}}`,
      'balance',
    );
    expect(Number(stored)).toBe(47);
  });

  it('refuses a missing or revoked key with HTTP 401 and a plan without API access with 403', async () => {
    const missing = await post(initialize);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    expect(await missing.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
    await expect(connect(undefined)).rejects.toThrow();

    const { key, accountId, keyId } = await t.key();
    expect((await post(initialize, key)).status).toBe(200);
    await new Accounts(t.clients.redis, t.config.redisKeyPrefix).revokeKey(accountId, keyId);
    expect((await post(initialize, key)).status).toBe(401);

    const free = await t.key({ plan: 'free', unlimited: false });
    const forbidden = await post(initialize, free.key);
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { error: { code: string } }).error.code).toBe('forbidden');
  });

  it('answers every method but POST with 405 and Allow: POST, before any body is read (it keeps no stream or session)', async () => {
    for (const [method, headers] of [
      ['GET', {}],
      ['DELETE', { 'content-type': 'application/json' }],
      ['OPTIONS', {}],
      ['PUT', {}],
    ] as const) {
      const response = await fetch(`${base}/mcp`, { method, headers });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow'), method).toBe('POST');
      expect(((await response.json()) as { error: { code: string } }).error.code, method).toBe('method_not_allowed');
    }
  });

  it('answers a request with malformed params -32602 naming what is wrong, free; never -32603 with a zod report', async () => {
    const { key, accountId } = await t.key({ unlimited: false, allowance: 10 });
    const request = (method: string, params?: unknown) => ({ jsonrpc: '2.0', id: 7, method, params });
    const cases: [unknown, RegExp][] = [
      [request('tools/call', { name: 'get_creator', arguments: [] }), /^Invalid params: params\.arguments: /],
      [request('tools/call', { name: ['get_creator'] }), /^Invalid params: params\.name: /],
      [request('tools/call', {}), /^Invalid params: params\.name: /],
      [request('prompts/get', { arguments: {} }), /^Invalid params: params\.name: /],
      [request('prompts/get', { name: 'shortlist_creators', arguments: { min_subscribers: 5 } }), /min_subscribers/],
      [request('resources/read', {}), /^Invalid params: params\.uri: /],
      [request('initialize'), /^Invalid params: params: /],
    ];
    for (const [message, named] of cases) {
      const response = await post(message, key);
      const body = (await response.json()) as { id: number; error: { code: number; message: string } };
      expect(body.id, JSON.stringify(message)).toBe(7);
      expect(body.error.code, JSON.stringify(message)).toBe(-32602);
      expect(body.error.message, JSON.stringify(message)).toMatch(named);
      expect(body.error.message).not.toContain('\n');
    }
    expect(await balance(accountId)).toBe(10);
  });

  it('refuses JSON-RPC batches, so no tool call can slip through unmetered', async () => {
    const { key } = await t.key();
    const response = await post([initialize], key);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
  });
});

describe('MCP over stdio (npm run mcp:stdio)', () => {
  it('relays to the service with the key from the environment', async () => {
    const { key, accountId } = await t.key({ unlimited: false, allowance: 10 });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/mcp-stdio.ts')],
      env: { ...(process.env as Record<string, string>), CSI_API_KEY: key, CSI_API_URL: base },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    expect((await client.listTools()).tools).toHaveLength(10);
    const result = await client.callTool({ name: 'get_creator', arguments: { id: 'KeyboardKate' } });
    expect(result.structuredContent).toEqual(await rest('/api/v1/creators/KeyboardKate', key));
    expect(await balance(accountId)).toBe(8);
    const missing = await client.callTool({ name: 'get_creator', arguments: { id: 'no-such-creator' } });
    expect(errorOf(missing).code).toBe('not_found');
    expect(await balance(accountId)).toBe(8);
  }, 30_000);

  it('answers a line that is not one JSON-RPC message with its error, and goes on', async () => {
    const { key } = await t.key();
    const relay = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/mcp-stdio.ts')], {
      env: { ...process.env, CSI_API_KEY: key, CSI_API_URL: base },
    });
    let out = '';
    relay.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    relay.stdin.end('not json\n[{"jsonrpc":"2.0","id":4,"method":"ping"}]\n{"jsonrpc":"2.0","id":5,"method":"ping"}\n');
    for (let waited = 0; out.split('\n').length < 4 && waited < 20_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    relay.kill();
    expect(
      out
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not JSON.' } },
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringMatching(/^Invalid Request: .*batches/) },
      },
      { jsonrpc: '2.0', id: 5, result: {} },
    ]);
  }, 30_000);

  it('refuses an address that is not http(s) with one line, no stack trace', async () => {
    for (const url of ['notaurl', '127.0.0.1:3000']) {
      const run = await runTs('scripts/mcp-stdio.ts', [], { ...process.env, CSI_API_KEY: 'x', CSI_API_URL: url });
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(
        `✖ CSI_API_URL must be the service's http(s) address, such as http://127.0.0.1:3000 (got "${url}").`,
      );
    }
  }, 30_000);
});
