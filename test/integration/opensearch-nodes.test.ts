import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { slowOpenSearch } from '../../bench/slow-opensearch.ts';
import { officialClient } from '../../src/clients.ts';
import { OpenSearchHttp } from '../../src/search/opensearch-http.ts';
import { closedPort } from '../support/app.ts';

// Several OpenSearch nodes, some of them down: the real node behind a pass-through proxy stands for a node that
// comes back. (The local cluster project, test/cluster/, kills real nodes of a real cluster.)
const live = inject('opensearchUrl');
const closers: (() => unknown)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});
const search = (http: OpenSearchHttp) => http.post<{ hits: unknown }>('/_search', { size: 0 });

describe('the search pool over several nodes', () => {
  it('answers every search while some nodes are down, leaves them out, and uses one again once it answers', async () => {
    const [down1, down2] = [await closedPort(), await closedPort()];
    const http = new OpenSearchHttp({ nodes: [`http://127.0.0.1:${down1}`, live, `http://127.0.0.1:${down2}`] }, 2000);
    closers.push(() => http.close());

    const started = performance.now();
    for (let i = 0; i < 30; i++) expect(await search(http)).toHaveProperty('hits');
    expect(performance.now() - started).toBeLessThan(5000);
    expect(http.describe().map((node) => node.live)).toEqual([false, true, false]);

    // The first node comes back (a proxy to the live one on its port): after its time out, a search tries it.
    const back = await slowOpenSearch(live, 0, down1);
    closers.push(back.close);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (let i = 0; i < 10; i++) await search(http);
    expect(http.describe().map((node) => node.live)).toEqual([true, true, false]);
  });

  it('passes a search on when a node answers 503 (one still joining the cluster), and keeps that node in the round', async () => {
    const joining = http.createServer((_req, res) =>
      res.writeHead(503, { 'content-type': 'application/json' }).end('{}'),
    );
    joining.listen(0, '127.0.0.1');
    await once(joining, 'listening');
    closers.push(() => joining.close());
    const pool = new OpenSearchHttp(
      { nodes: [`http://127.0.0.1:${(joining.address() as AddressInfo).port}`, live] },
      2000,
    );
    closers.push(() => pool.close());
    for (let i = 0; i < 6; i++) expect(await search(pool)).toHaveProperty('hits');
    expect(pool.describe().map((node) => node.live)).toEqual([true, true]);
  });

  it('moves a search on from a node that accepts connections but never answers, within the budget, and leaves it out', async () => {
    let tries = 0;
    const hung = net.createServer(() => (tries += 1)); // accepts, reads, never answers
    hung.listen(0, '127.0.0.1');
    await once(hung, 'listening');
    closers.push(() => hung.close());
    const pool = new OpenSearchHttp(
      { nodes: [`http://127.0.0.1:${(hung.address() as AddressInfo).port}`, live] },
      2000,
    );
    closers.push(() => pool.close());
    // A search that tries the hung node first waits half its budget there, then gets its answer from the other:
    // never the whole budget. Once left out, the node is tried again only after its time out, which doubles, so
    // most searches never wait on it (how many do depends on how fast the live node answers on a loaded machine).
    // Without leaving it out, the round would send every other search there: 5 of these 10.
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      expect(await search(pool)).toHaveProperty('hits');
      expect(performance.now() - started).toBeLessThan(2000);
    }
    expect(tries).toBeGreaterThan(0);
    expect(tries).toBeLessThan(5);
    expect(pool.describe().map((node) => node.live)).toEqual([false, true]);
  });

  it('answers 503 when no node answers, after trying each once', async () => {
    const http = new OpenSearchHttp(
      { nodes: [`http://127.0.0.1:${await closedPort()}`, `http://127.0.0.1:${await closedPort()}`] },
      2000,
    );
    closers.push(() => http.close());
    await expect(search(http)).rejects.toMatchObject({ statusCode: 503, code: 'unavailable' });
  });
});

describe('the official client over several nodes', () => {
  it('answers through a live node when the first is down', async () => {
    const client = officialClient(
      { nodes: [`http://127.0.0.1:${await closedPort()}`, live] },
      { requestTimeout: 2000 },
    );
    closers.push(() => client.close());
    for (let i = 0; i < 5; i++) expect((await client.cluster.health()).body.status).not.toBe('red');
  });
});
