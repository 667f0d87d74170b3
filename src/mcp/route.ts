// POST /mcp: the Streamable HTTP transport, stateless, with JSON responses; each accepted message passes the access
// pipeline (metering.ts) before the server runs it.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  InitializeRequestSchema,
  type JSONRPCMessage,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { unauthorized } from '../access/access.ts';
import { type Meter, whenClosed } from '../access/metered-call.ts';
import { ApiError, unavailable } from '../contract/error.ts';
import { issuesLine } from '../contract/issues.ts';
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
 * The requests whose params the SDK checks against these schemas when it runs them: one that fails is answered
 * -32603 (an internal error) with zod's whole report, so they are checked here first and answered -32602.
 */
const PARAMS_OF = new Map(
  [InitializeRequestSchema, CallToolRequestSchema, GetPromptRequestSchema, ReadResourceRequestSchema].map((schema) => [
    schema.shape.method.value as string,
    schema,
  ]),
);

/** What is wrong with a request's params, in one line, or undefined when nothing is (or the SDK does not check). */
function invalidParams(message: JSONRPCMessage): string | undefined {
  if (!('method' in message && 'id' in message)) return undefined;
  const checked = PARAMS_OF.get(message.method)?.safeParse(message);
  if (!checked || checked.success) return undefined;
  return issuesLine(checked.error);
}

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
        const invalid = invalidParams(message);
        if (invalid !== undefined && 'id' in message) {
          const error = { code: -32602, message: `Invalid params: ${invalid}` };
          admission = transport.send({ jsonrpc: '2.0', id: message.id, error });
          return;
        }
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
  // Stateless: no server-initiated stream (GET) and no session to end (DELETE), so no route for them: every other
  // method gets the 405 of any path (http/errors.ts), `Allow: POST`, before a body is read.
};

/** The transport reads only headers from it: the body Fastify already parsed is passed alongside. */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  return new Request(new URL(request.url, 'http://mcp.local'), { method: 'POST', headers });
}
