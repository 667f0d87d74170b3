// The floor of any API in front of OpenSearch on this machine: a bare Node HTTP server that forwards
// GET /<n> as the n-th prepared _search body over the same kind of keep-alive pool, with no routing framework,
// validation, logging or mapping. bench/api.ts runs it as a separate process, like the API, to show how much of
// the API's cost is the extra process and network hop itself.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { Pool } from 'undici';

const { PORT, BARE_BODIES, OPENSEARCH_URL, BARE_PATH, BARE_AUTHORIZATION } = process.env;
const bodies = JSON.parse(readFileSync(String(BARE_BODIES), 'utf8')) as string[];
const pool = new Pool(String(OPENSEARCH_URL), { connections: 32 });

http
  .createServer(async (request, response) => {
    const body = bodies[Number(request.url?.slice(1))] ?? '{}';
    const answer = await pool.request({
      path: String(BARE_PATH),
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(BARE_AUTHORIZATION && { authorization: BARE_AUTHORIZATION }) },
      body,
    });
    const text = await answer.body.text();
    response.writeHead(answer.statusCode, { 'content-type': 'application/json' }).end(text);
  })
  .listen(Number(PORT), '127.0.0.1');
