// POST /mcp: the Streamable HTTP transport, stateless, with JSON responses; each accepted message passes the access
// pipeline (metering.ts) before the server runs it.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { unauthorized } from '../access/access.ts';
import { type Meter, whenClosed } from '../access/metered-call.ts';
import { ApiError, unavailable } from '../contract/error.ts';
import type { Metrics } from '../metrics.ts';
import type { Catalog } from '../search/catalog.ts';
import { Metering } from './metering.ts';
import { createMcpServer } from './server.ts';

export const MCP_PATH = '/mcp';
/** A message is a few hundred bytes. */
const MCP_BODY_LIMIT = 64 * 1024;

const isJsonRpcError = (body: string) => {
  try {
    return 'error' in (JSON.parse(body) as object);
  } catch {
    return false;
  }
};

/**
 * The SDK's web-standard transport answers with a Response rather than writing to the socket, so the order is ours:
 * the transport first checks the request and its one message, then the message passes the access pipeline (a
 * tools/call is charged what its REST operation costs; initialize, tools/list, pings and notifications are free),
 * then the server runs it, and Fastify writes the answer. A missing, invalid or revoked key is HTTP 401 and a plan
 * without API access HTTP 403 (for any message the transport accepted: one it refuses gets the transport's own
 * 4xx, whatever the key); out of credits or over a rate limit during a tool call is that tool's result, as MCP
 * clients expect.
 */
export const mcpRoute: FastifyPluginAsync<{
  catalog: Catalog;
  meter: Meter;
  metrics: Metrics;
}> = async (app, { catalog, meter, metrics }) => {
  // Nothing of a message is read before its key has the shape of one (checked in memory, no I/O): a caller without
  // a key cannot make the API parse anything.
  const keyFirst = async (request: FastifyRequest) => {
    if (meter.access && !meter.access.identify(request.headers.authorization)) throw unauthorized();
  };
  const options = { schema: { hide: true }, bodyLimit: MCP_BODY_LIMIT, onRequest: keyFirst };
  app.post(MCP_PATH, options, async (request, reply) => {
    if (Array.isArray(request.body)) {
      throw new ApiError(400, 'invalid_request', 'Send one JSON-RPC message per request; batches are not supported.');
    }
    const caller = { authorization: request.headers.authorization, ip: request.ip };
    const metering = new Metering(meter, caller, request.log, metrics);
    whenClosed(reply.raw, (written) => void metering.responseClosed(written));

    const server = createMcpServer({ catalog, metering, log: request.log });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    try {
      await server.connect(transport);
      // The transport calls onmessage only for a message it accepted, before the server sees it: the access check
      // goes in between. Refused there, a request gets no Response from the transport; the refusal answers instead.
      const dispatch = transport.onmessage;
      let admission: Promise<void> | undefined;
      let refuse: (error: unknown) => void = () => {};
      const refused = new Promise<never>((_, reject) => {
        refuse = reject;
      });
      transport.onmessage = (message, extra) => {
        admission = metering.admit(message).then(() => dispatch?.(message, extra));
        admission.catch(refuse);
      };
      const response = await Promise.race([
        transport.handleRequest(webRequest(request), { parsedBody: request.body }),
        refused,
      ]);
      await admission; // a notification is answered (202) as soon as it is accepted: its check must pass too
      const body = response.body ? await response.text() : undefined;
      // A JSON-RPC error is not a tool's result: the server refused the message (its checks are the SDK's), free.
      if (body && isJsonRpcError(body)) await metering.toolFailed();
      if (metering.cancelled) {
        throw unavailable(
          'The service is shutting down; retry shortly.',
          new Error('reservation given back at shutdown'),
        );
      }
      reply.headers(metering.headers).code(response.status);
      response.headers.forEach((value, name) => {
        reply.header(name, value);
      });
      return reply.send(body);
    } finally {
      await server.close();
    }
  });

  // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
  const notHere = async () => {
    throw new ApiError(405, 'method_not_allowed', 'This MCP endpoint is stateless: use POST.', { allow: 'POST' });
  };
  app.get(MCP_PATH, { schema: { hide: true } }, notHere);
  app.delete(MCP_PATH, { schema: { hide: true } }, notHere);
};

/** The transport reads only headers from it: the body Fastify already parsed is passed alongside. */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  return new Request(new URL(request.url, 'http://mcp.local'), { method: 'POST', headers });
}
