import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { directRequest, officialClient } from '../../src/clients.ts';
import type { OpenSearchConnection } from '../../src/opensearch.ts';
import { OpenSearchHttp } from '../../src/search/opensearch-http.ts';
import { createTestApp } from '../support/app.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, sponsor } from '../support/dataset.ts';

// A secured cluster as a managed service presents it: HTTPS with a certificate of its own CA, and basic auth. The
// real OpenSearch stands behind a TLS proxy that checks the credentials; every way the project reaches OpenSearch
// (the API's search pool and official client, and the tools' direct requests) must get through it, and only with
// the CA and the right password.
const dir = mkdtempSync(path.join(os.tmpdir(), 'opensearch-tls-'));
const caFile = path.join(dir, 'cert.pem');
const [user, password] = ['api-reader', 'pa55-word'];
let server: https.Server;
let url: string;
let data: Awaited<ReturnType<typeof loadRecords>>;

beforeAll(async () => {
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', caFile],
    ],
    { stdio: 'ignore' },
  );
  const target = new URL(inject('opensearchUrl'));
  const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  server = https.createServer(
    { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(caFile) },
    (req, res) => {
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"type":"security_exception"}}');
        return;
      }
      const { authorization: _, ...headers } = req.headers;
      const upstream = http.request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    },
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  data = await loadRecords('tls', [sponsor(1, 'Certwell')], [creator(1), creator(2)]);
});
afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await data?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const secured = (): OpenSearchConnection => ({
  nodes: [url],
  username: user,
  password,
  ca: readFileSync(caFile, 'utf8'),
});
const search = (connection: OpenSearchConnection) =>
  new OpenSearchHttp(connection, 2000).post<{ hits: { total: { value: number } } }>(
    `/${data.prefix}creators/_search`,
    {},
  );

describe('OpenSearch over HTTPS with basic auth and a CA file', () => {
  it('is reached by the search pool, the official client and the tools’ direct requests', async () => {
    expect((await search(secured())).hits.total.value).toBe(2);
    const client = officialClient(secured(), { requestTimeout: 5000 });
    expect((await client.count({ index: `${data.prefix}creators` })).body.count).toBe(2);
    await client.close();
    const answer = await fetch(...directRequest(secured(), `/${data.prefix}creators/_count`));
    expect(((await answer.json()) as { count: number }).count).toBe(2);
  });

  it('is refused without the CA or with a wrong password: 503 for the API, never the cluster’s text', async () => {
    const { ca: _, ...withoutCa } = secured();
    await expect(search(withoutCa)).rejects.toMatchObject({ statusCode: 503, code: 'unavailable' });
    const wrong = { ...secured(), password: 'wrong' };
    const refused = await search(wrong).catch((error: Error) => error);
    expect(refused).toMatchObject({ statusCode: 503, code: 'unavailable' });
    expect((refused as Error).message).not.toContain('security_exception');
  });

  it('serves the API from the variables alone (OPENSEARCH_URL, _USERNAME, _PASSWORD, _CA_FILE)', async () => {
    const t = await createTestApp({
      OPENSEARCH_URL: url,
      OPENSEARCH_USERNAME: user,
      OPENSEARCH_PASSWORD: password,
      OPENSEARCH_CA_FILE: caFile,
      INDEX_PREFIX: data.prefix,
    });
    try {
      expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      const response = await t.get('/api/v1/creators?query=creator');
      expect(response.statusCode).toBe(200);
      expect(response.json().totalFound).toBe(2);
    } finally {
      await t.close();
    }
  });
});
