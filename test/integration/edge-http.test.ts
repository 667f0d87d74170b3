import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiError } from '../../src/contract/error.ts';
import { singleNode } from '../../src/opensearch.ts';
import { ADD_POPULARITY_SCORE, POPULARITY_SCORE } from '../../src/search/indexed-popularity.ts';
import { OpenSearchHttp, type OpenSearchRefusal } from '../../src/search/opensearch-http.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, sponsor } from '../support/dataset.ts';

// Edges of the HTTP layer found by review (issue 15, items 3, 7 and 8): methods, proxies, OpenSearch refusals, logs.
let data: Awaited<ReturnType<typeof loadRecords>>;
const apps: TestApp[] = [];
async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const created = await createTestApp({ INDEX_PREFIX: data.prefix, LOG_LEVEL: 'silent', ...env });
  apps.push(created);
  return created;
}
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const BILLABLE = ['/api/v1/creators?query=creator', '/api/v1/creators/creator1', '/api/v1/creators/creator1/audience'];
const BILLABLE_SPONSORS = ['/api/v1/sponsors?query=keyforge', '/api/v1/sponsors/1'];

beforeAll(async () => {
  data = await loadRecords('edgehttp', [sponsor(1, 'Keyforge Labs')], [creator(1), creator(2)]);
}, 60_000);
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await data?.drop();
});

/** Sends one request over a real socket (methods and bytes light-my-request would not send). */
async function raw(t: TestApp, bytes: string): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
  const { port } = t.app.server.address() as net.AddressInfo;
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.end(bytes);
  let answer = '';
  socket.setEncoding('utf8');
  for await (const chunk of socket) answer += chunk;
  return answer;
}

/** `request` over a real socket with any method Node's client accepts. */
async function call(t: TestApp, method: string, path: string, headers: Record<string, string> = {}) {
  await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
  const { port } = t.app.server.address() as net.AddressInfo;
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('HEAD on the API', () => {
  it('is not routed: 405 method_not_allowed with Allow: GET, and no credit is spent', async () => {
    const t = await app();
    const { key } = await t.key({ unlimited: false, allowance: 5 });
    const balance = async () =>
      (await t.app.inject({ url: '/api/v1/credits', headers: bearer(key) })).json().balance as number;
    expect(await balance()).toBe(5);
    for (const url of [...BILLABLE, ...BILLABLE_SPONSORS, '/api/v1/credits', '/api/v1/niches']) {
      // The GET works (so a charged HEAD would have been a 200 that costs)...
      if (!url.endsWith('/credits')) {
        const get = await t.app.inject({ url, headers: bearer((await t.key()).key) });
        expect(get.statusCode, url).toBe(200);
      }
      const head = await t.app.inject({ method: 'HEAD', url, headers: bearer(key) });
      expect(head.statusCode, url).toBe(405);
      expect(head.headers.allow, url).toBe('GET');
      expect(head.headers['content-type'], url).toMatch(/^application\/json/);
      expect(head.headers['x-credits-charged'], url).toBeUndefined();
    }
    // Over a real socket too (a HEAD response has no body on the wire).
    const head = await call(t, 'HEAD', BILLABLE[0] as string, bearer(key));
    expect(head.status).toBe(405);
    expect(head.headers.allow).toBe('GET');
    expect(await balance()).toBe(5);
  });

  it('another wrong method carries the same error body and Allow: GET', async () => {
    const t = await app();
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/creators?query=x' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET');
    expect(response.json()).toEqual({ error: { code: 'method_not_allowed', message: expect.stringMatching(/GET/) } });
  });

  it('a plugin root with a trailing slash is a path too (405, not 404)', async () => {
    const t = await app();
    for (const url of ['/docs', '/docs/']) {
      const response = await t.app.inject({ method: 'POST', url });
      expect(response.statusCode, url).toBe(405);
      expect(response.headers.allow, url).toBe('GET');
    }
  });

  it('health checks keep HEAD (free, no key) and advertise it', async () => {
    const t = await app();
    for (const url of ['/livez', '/readyz']) {
      expect((await t.app.inject({ method: 'HEAD', url })).statusCode, url).toBe(200);
      const post = await t.app.inject({ method: 'POST', url });
      expect(post.statusCode, url).toBe(405);
      expect(post.headers.allow, url).toBe('GET, HEAD');
    }
  });
});

describe('methods Fastify knows but we do not route', () => {
  it.each(['QUERY', 'PROPFIND', 'SEARCH', 'PATCH', 'OPTIONS', 'TRACE', 'DELETE'])(
    '%s on a real path → 405 method_not_allowed with Allow: GET',
    async (method) => {
      const t = apps[0] ?? (await app());
      const response = await call(t, method, '/api/v1/creators?query=x', {
        'content-type': 'application/json',
      });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('GET');
      expect(JSON.parse(response.body)).toEqual({ error: { code: 'method_not_allowed', message: expect.any(String) } });
    },
  );

  it('QUERY with a body, and on an unknown path', async () => {
    const t = apps[0] ?? (await app());
    const withBody = await t.app.inject({
      method: 'QUERY',
      url: '/api/v1/creators',
      headers: { 'content-type': 'application/json' },
      payload: '{"query":',
    });
    expect(withBody.statusCode).toBe(405);
    expect(withBody.headers.allow).toBe('GET');
    expect((await call(t, 'QUERY', '/nowhere')).status).toBe(404);
  });
});

describe('TRUST_PROXY', () => {
  const env = { IP_RATE_PER_MIN: '3', PLAN_USER_RATE_PER_MIN: '1000' };
  const from = (t: TestApp, key: string, remoteAddress: string, forwarded: string) =>
    t.app.inject({
      url: '/api/v1/credits',
      remoteAddress,
      headers: { ...bearer(key), 'x-forwarded-for': forwarded },
    });

  it('with a hop count, the address the last proxy saw counts, whatever the client forges before it', async () => {
    const t = await app({ ...env, TRUST_PROXY: '1' });
    const { key } = await t.key();
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push((await from(t, key, '10.0.0.1', `6.6.6.${i}, 1.2.3.4`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another client behind the same proxy has its own window.
    expect((await from(t, key, '10.0.0.1', '6.6.6.6, 5.6.7.8')).statusCode).toBe(200);
  });

  it('warns at start that a hop count believes whoever connects, and a list of proxies does not', async () => {
    const warned = (t: TestApp) => t.logs.some((line) => String(line.msg).includes('TRUST_PROXY is a hop count'));
    expect(warned(await app({ ...env, TRUST_PROXY: '1', LOG_LEVEL: 'warn' }))).toBe(true);
    expect(warned(await app({ ...env, TRUST_PROXY: '10.0.0.0/8', LOG_LEVEL: 'warn' }))).toBe(false);
  });

  it('counts an IPv6 client by its /64: another address of the same network shares its window', async () => {
    const t = await app({ ...env, TRUST_PROXY: '1' });
    const { key } = await t.key();
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push((await from(t, key, '10.0.0.1', `2001:db8:7:1::${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await from(t, key, '10.0.0.1', '2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it('with two hops, the address the outer proxy saw', async () => {
    const t = await app({ ...env, TRUST_PROXY: '2' });
    const { key } = await t.key();
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      statuses.push((await from(t, key, '10.0.0.1', `6.6.6.${i}, 1.2.3.4, 10.0.0.2`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('with a list of proxies, only a listed peer is believed', async () => {
    const t = await app({ ...env, TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' });
    const { key } = await t.key();
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push((await from(t, key, '10.9.9.9', `6.6.6.${i}, 1.2.3.4`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // A client that reaches the API directly is its socket's address, whatever it forwards.
    const direct: number[] = [];
    for (let i = 1; i <= 4; i++) direct.push((await from(t, key, '7.7.7.7', `8.8.8.${i}`)).statusCode);
    expect(direct).toEqual([200, 200, 200, 429]);
  });

  it('off by default: the header changes nothing', async () => {
    const t = await app(env);
    const { key } = await t.key();
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push((await from(t, key, '9.9.9.9', `6.6.6.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('words that name a JavaScript object property', () => {
  // "constructor" was once read as a country (an object's inherited property), which built a boost OpenSearch refused.
  it('are searched like any other word: 200', async () => {
    const t = await app();
    for (const query of ['constructor', 'constructor videos', 'toString', '__proto__', 'hasOwnProperty valueOf']) {
      const response = await t.get(`/api/v1/creators?query=${encodeURIComponent(query)}`);
      expect(response.statusCode, query).toBe(200);
    }
  });
});

describe('requests refused before a route runs', () => {
  const shaped = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).error;

  it('what the HTTP parser refuses is answered in the error shape: headers too large 431, a bad header line 400', async () => {
    const t = await app();
    const large = await raw(t, `GET /api/v1/credits HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(large).toMatch(/^HTTP\/1.1 431 /);
    expect(large).toMatch(/\r\ncontent-type: application\/json/i);
    expect(shaped(large)).toEqual({ code: 'invalid_request', message: 'The request headers are too large.' });
    const bad = await raw(t, 'GET /api/v1/credits HTTP/1.1\r\nHost: x\r\nBad Header: yes\r\n\r\n');
    expect(bad).toMatch(/^HTTP\/1.1 400 /);
    expect(shaped(bad)).toEqual({ code: 'invalid_request', message: 'The request is not valid HTTP.' });
  });

  it('HTTP/1.1 without Host is 400 invalid_request in the error shape; HTTP/1.0 needs none', async () => {
    const t = await app();
    const answer = await raw(t, 'GET /livez HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1.1 400 /);
    expect(shaped(answer)).toEqual({ code: 'invalid_request', message: 'An HTTP/1.1 request needs a Host header.' });
    expect(await raw(t, 'GET /livez HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1.1 200 /);
  });

  it('a query string that is not percent-encoding is 400 invalid_request and free, not searched as sent', async () => {
    const t = await app();
    const { key } = await t.key({ unlimited: false, allowance: 10 });
    const balance = async () => (await t.app.inject({ url: '/api/v1/credits', headers: bearer(key) })).json().balance;
    for (const query of ['personal%20finance%20100%', '%ZZ', '%ED%A0%80', 'tech&facets=%E0%A4']) {
      const response = await t.app.inject({ url: `/api/v1/creators?query=${query}`, headers: bearer(key) });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toEqual({
        code: 'invalid_request',
        message: 'The query string is not valid percent-encoding (a % is written %25).',
      });
    }
    expect(await balance()).toBe(10);
    const escaped = await t.app.inject({ url: '/api/v1/creators?query=100%25%20creator', headers: bearer(key) });
    expect(escaped.statusCode).toBe(200);
    expect(escaped.json().query).toBe('100% creator');
  });

  it('an id of any length a request line holds is looked up: 404 with a key, 401 without; the path is never echoed', async () => {
    const t = await app();
    const { key } = await t.key();
    const long = 'x'.repeat(10_000);
    for (const url of [`/api/v1/creators/${long}`, `/api/v1/sponsors/${long}`, `/api/v1/creators/${long}/audience`]) {
      const found = await t.app.inject({ url, headers: bearer(key) });
      expect(found.statusCode, url.slice(0, 20)).toBe(404);
      expect(found.json().error.code).toBe('not_found');
      expect(found.body.length).toBeLessThan(500);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    const malformed = await t.app.inject({ url: `/api/v1/creators/${long}%E0%A4%A`, headers: bearer(key) });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toEqual({
      code: 'invalid_request',
      message: 'The URL path is not valid percent-encoding.',
    });
  });
});

describe('numbers OpenSearch cannot take', () => {
  const nines = '9'.repeat(41);

  it('are 422 invalid_request, not 500', async () => {
    const t = await app();
    for (const value of [nines, `${nines}.5`, '101', '100.01']) {
      const response = await t.get(`/api/v1/creators?query=creator&min_engagement_rate=${value}`);
      expect(response.statusCode, value).toBe(422);
      expect(response.json().error).toEqual({ code: 'invalid_request', message: expect.stringMatching(/engagement/) });
    }
    expect((await t.get('/api/v1/creators?query=creator&min_engagement_rate=100')).statusCode).toBe(200);
    expect((await t.get('/api/v1/creators?query=creator&min_engagement_rate=2.5')).statusCode).toBe(200);
  });

  it('an OpenSearch 400 that still arrives is 422 invalid_request without OpenSearch text, logged', async () => {
    const search = new OpenSearchHttp(singleNode(inject('opensearchUrl')), 2000);
    try {
      const error = await search
        .post(`/${data.prefix}creators/_search`, { query: { range: { engagementRate: { gte: Number(nines) } } } })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(ApiError);
      const apiError = error as ApiError;
      expect(apiError.statusCode).toBe(422);
      expect(apiError.code).toBe('invalid_request');
      expect(apiError.message).not.toMatch(/float|exception|finite|opensearch/i);
      expect(String((apiError.cause as Error).cause)).toMatch(/OpenSearch 400/);
    } finally {
      await search.close();
    }
  });
});

describe('OpenSearch 400s told apart', () => {
  const refusedBy = async (body: unknown, index = 'creators') => {
    const search = new OpenSearchHttp(singleNode(inject('opensearchUrl')), 2000);
    try {
      return await search.post(`/${data.prefix}${index}/_search`, body).then(
        () => undefined,
        (e: unknown) => e as ApiError,
      );
    } finally {
      await search.close();
    }
  };

  it('a query past the clause limit is one clear 422', async () => {
    const should = Array.from({ length: 1100 }, (_, i) => ({ term: { name: `word${i}` } }));
    const error = await refusedBy({ query: { bool: { should } } });
    expect(error).toMatchObject({ statusCode: 422, code: 'invalid_request' });
    expect(error?.message).toBe('The query has more words than the search service can combine; use fewer.');
    expect(((error as ApiError).cause as OpenSearchRefusal).missingField(POPULARITY_SCORE)).toBe(false);
  });

  it('a query whose terms expand past the clause limit is the same 422, though OpenSearch answers it 500', async () => {
    // Fuzzy words expand to the terms an index holds: on the demo data a 21-word search did this (a 500 until then).
    const index = `${inject('opensearchUrl')}/${data.prefix}clauses`;
    const json = { 'content-type': 'application/json' };
    await fetch(index, {
      method: 'PUT',
      headers: json,
      body: '{"mappings":{"properties":{"name":{"type":"keyword"}}}}',
    });
    try {
      const docs = Array.from({ length: 1000 }, (_, i) => `{"index":{}}\n{"name":"word${i}"}\n`).join('');
      await fetch(`${index}/_bulk?refresh=true`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-ndjson' },
        body: docs,
      });
      const should = Array.from({ length: 30 }, (_, i) => ({ fuzzy: { name: { value: `word${i}`, fuzziness: 2 } } }));
      const direct = await fetch(`${index}/_search`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ query: { bool: { should } } }),
      });
      expect(direct.status).toBe(500);
      const error = await refusedBy({ query: { bool: { should } } }, 'clauses');
      expect(error).toMatchObject({ statusCode: 422, code: 'invalid_request' });
      expect(error?.message).toBe('The query has more words than the search service can combine; use fewer.');
    } finally {
      await fetch(index, { method: 'DELETE' });
    }
  });

  it('tells a script over a field the index lacks (the stored popularity sum) from any other refusal', async () => {
    // The sponsors index has no stored sum: as a creators index loaded without it.
    const missing = await refusedBy(
      { query: { script_score: { query: { match_all: {} }, script: ADD_POPULARITY_SCORE } } },
      'sponsors',
    );
    expect(missing).toMatchObject({ statusCode: 422 });
    expect(((missing as ApiError).cause as OpenSearchRefusal).missingField(POPULARITY_SCORE)).toBe(true);
    const other = await refusedBy({ query: { range: { engagementRate: { gte: Number('9'.repeat(41)) } } } });
    expect(((other as ApiError).cause as OpenSearchRefusal).missingField(POPULARITY_SCORE)).toBe(false);
  });
});

/** Every log line as text, with Buffers (which pino writes as byte arrays) decoded. */
const logText = (t: TestApp) =>
  t.logs
    .map((line) =>
      JSON.stringify(line, (_k, value) =>
        value && value.type === 'Buffer' && Array.isArray(value.data) ? Buffer.from(value.data).toString() : value,
      ),
    )
    .join('\n');

describe('logs at trace', () => {
  it('a request the HTTP parser refuses never logs its Authorization header', async () => {
    const t = await app({ LOG_LEVEL: 'trace' });
    const { key } = await t.key();
    const answer = await raw(
      t,
      `GET /api/v1/credits HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nBad Header: yes\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1.1 400/);
    // The bad request was logged (at trace), but not the key.
    expect(logText(t)).toMatch(/client error/);
    const lines = logText(t);
    expect(lines).not.toContain(key);
    expect(lines).not.toContain(key.slice(4, 30));
  });

  it('no other path logs a key either: malformed URL, long param, framework and handler errors', async () => {
    const t = await app({ LOG_LEVEL: 'trace' });
    const { key } = await t.key();
    await t.app.inject({ url: '/api/v1/%E0%A4%A', headers: bearer(key) });
    await t.app.inject({ url: `/api/v1/creators/${'x'.repeat(3000)}`, headers: bearer(key) });
    await t.app.inject({ method: 'QUERY', url: '/api/v1/creators', headers: bearer(key), payload: '{' });
    await t.app.inject({ url: '/api/v1/creators?query=x', headers: { authorization: `Bearer ${key}x` } });
    t.app.log.error({ err: new Error(`Authorization: Bearer ${key}`) }, `trace of ${key}`);
    await t.app.inject({ url: '/api/v1/credits', headers: bearer(key) });
    expect(t.logs.length).toBeGreaterThan(3);
    expect(logText(t)).not.toContain(key.slice(4, 30));
  });
});

describe('x-request-id', () => {
  const requestIds = (t: TestApp) => t.logs.filter((l) => l.msg === 'request completed').map((l) => l.reqId);

  it('a safe client id is the log request id; anything else is replaced by a generated one', async () => {
    const t = await app({ LOG_LEVEL: 'info' });
    const unsafe = ['a b', 'x'.repeat(65), 'id\ninjected', '{"json":1}', 'é', '../..', ''];
    await t.app.inject({ url: '/livez', headers: { 'x-request-id': 'abc-123_X.y' } });
    for (const id of unsafe) await t.app.inject({ url: '/livez', headers: { 'x-request-id': id } });
    await t.app.inject({ url: '/livez', headers: { 'x-request-id': ['one', 'two'] } as never });
    await t.app.inject('/livez');
    const ids = requestIds(t) as string[];
    expect(ids[0]).toBe('abc-123_X.y');
    const generated = ids.slice(1);
    expect(generated).toHaveLength(unsafe.length + 2);
    for (const id of generated) expect(id).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
    expect(generated.some((id) => unsafe.includes(id))).toBe(false);
    expect(new Set(generated).size).toBe(generated.length);
  });
});
