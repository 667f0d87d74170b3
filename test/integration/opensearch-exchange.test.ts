// The API's read of an OpenSearch answer (src/search/exchange.ts) against a local HTTP server that answers the way
// a node can: in pieces, never, or with text that is not JSON.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/contract/error.ts';
import { exchange } from '../../src/search/exchange.ts';
import { OpenSearchHttp } from '../../src/search/opensearch-http.ts';

const servers: http.Server[] = [];
const pools: Pool[] = [];

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function poolOn(url: string): Pool {
  const pool = new Pool(url);
  pools.push(pool);
  return pool;
}

const search = { path: '/creators/_search', method: 'POST' as const, body: '{}', headers: {} };

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.destroy()));
  for (const server of servers.splice(0)) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('exchange', () => {
  it('answers the status and the whole body, a character split across pieces included', async () => {
    const text = Buffer.from('{"hits":"Ünïcödé ✓"}');
    const url = await serve(async (request, response) => {
      request.resume();
      response.writeHead(201, { 'content-type': 'application/json' });
      // Cut inside the two-byte "Ü" and the three-byte "✓".
      for (const [from, to] of [
        [0, 10],
        [10, text.length - 2],
        [text.length - 2, text.length],
      ]) {
        response.write(text.subarray(from, to));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      response.end();
    });
    expect(await exchange(poolOn(url), search)).toEqual({ statusCode: 201, body: '{"hits":"Ünïcödé ✓"}' });
  });

  it('a signal that aborts while the node says nothing ends the request at once, and the node sees it go', async () => {
    let closed: Promise<unknown> | undefined;
    const url = await serve((request, response) => {
      closed = once(response, 'close');
      request.resume();
    });
    const abort = new AbortController();
    const answer = exchange(poolOn(url), search, abort.signal);
    setTimeout(() => abort.abort(new Error('refused')), 50);
    await expect(answer).rejects.toThrow('refused');
    await expect(closed).resolves.toBeDefined();
  });

  it('a signal aborted before the request sends nothing', async () => {
    let requests = 0;
    const url = await serve((_request, response) => {
      requests += 1;
      response.end('{}');
    });
    const abort = new AbortController();
    abort.abort(new Error('refused first'));
    await expect(exchange(poolOn(url), search, abort.signal)).rejects.toThrow('refused first');
    expect(requests).toBe(0);
  });

  it('an answer that is not JSON is a 503 unavailable for the caller', async () => {
    const url = await serve((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"hits": [truncated');
    });
    const node = new OpenSearchHttp({ nodes: [url] }, 2000);
    try {
      const error = await node.post('/creators/_search', {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ statusCode: 503, code: 'unavailable' });
      expect((error as ApiError).message).toMatch(/unreadable answer/);
    } finally {
      await node.close();
    }
  });
});
