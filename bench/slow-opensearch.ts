// A real OpenSearch behind a proxy that holds searches: for the fault drills (bench/drills.ts) and the tests of
// slow or busy OpenSearch. Requests other than searches pass at once.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Holds the n-th search (from 0) for `delayMs(n)` ms, or every search for `delayMs`, on `port` (any free one by
 * default). `close` also cancels what is held or still open upstream.
 */
export async function slowOpenSearch(url: string, delayMs: number | ((n: number) => number), port = 0) {
  const target = new URL(url);
  const delay = typeof delayMs === 'number' ? () => delayMs : delayMs;
  const timers = new Set<NodeJS.Timeout>();
  // Forwarded requests still open: one whose caller gave up before its body was sent stays open at OpenSearch, and
  // its socket would keep the process alive after everything else has ended.
  const upstream = new Set<http.ClientRequest>();
  let searches = 0;
  const server = http.createServer((req, res) => {
    const forward = () => {
      const request = http
        .request(
          { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        )
        .on('error', () => res.destroy())
        .on('close', () => upstream.delete(request));
      upstream.add(request);
      req.pipe(request);
    };
    if (!req.url?.includes('_search')) return forward();
    const timer = setTimeout(() => {
      timers.delete(timer);
      forward();
    }, delay(searches++));
    timers.add(timer);
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      for (const request of upstream) request.destroy();
      server.closeAllConnections();
      server.close();
    },
  };
}

// As a process of its own (the drill that pauses a node with SIGSTOP): a pass-through proxy to the URL given,
// printing its own URL once it listens.
if (import.meta.url === `file://${process.argv[1]}`) {
  const proxy = await slowOpenSearch(String(process.argv[2]), 0);
  console.log(proxy.url);
}
