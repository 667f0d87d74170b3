import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The real OpenSearch behind a proxy that holds every search for `delayMs` (other requests pass at once), on
 * `port` (any free one by default).
 */
export async function slowOpenSearch(url: string, delayMs: number, port = 0) {
  const target = new URL(url);
  const server = http.createServer((req, res) => {
    const forward = () =>
      req.pipe(
        http.request(
          { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        ),
      );
    if (req.url?.includes('_search')) setTimeout(forward, delayMs);
    else forward();
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
