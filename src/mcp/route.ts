// POST /mcp: the Streamable HTTP transport, stateless. The request passes the same access pipeline as REST,
// once: a tools/call is charged what its REST operation costs (initialize, tools/list and pings are free).
// A missing, invalid or revoked key is an HTTP 401 and a plan without API access an HTTP 403; running out of
// credits or over a rate limit during a tool call is that tool's result, as MCP clients expect.
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyPluginAsync } from 'fastify';
import { type Access, type Grant, openGrant } from '../access/access.ts';
import { COSTS } from '../contract/operations.ts';
import { ApiError } from '../http/errors.ts';
import type { Catalog } from '../search/catalog.ts';
import { createMcpServer } from './server.ts';
import { TOOLS_BY_NAME } from './tools.ts';

export const MCP_PATH = '/mcp';

interface Message {
  method?: string;
  params?: { name?: string; arguments?: unknown };
}

export const mcpRoute: FastifyPluginAsync<{ catalog: Catalog; access: Access | undefined; pageSize: number }> = async (
  app,
  { catalog, access, pageSize },
) => {
  const open = openGrant(pageSize);
  app.post(MCP_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (Array.isArray(request.body)) {
      throw new ApiError(400, 'invalid_request', 'Send one JSON-RPC message per request; batches are not supported.');
    }
    const message = (request.body ?? {}) as Message;
    const tool = message.method === 'tools/call' ? TOOLS_BY_NAME.get(String(message.params?.name)) : undefined;
    let grant: Grant | ApiError = open;
    if (access) {
      try {
        grant = await access.authorize({
          authorization: request.headers.authorization,
          ip: request.ip,
          cost: tool ? COSTS[tool.operationId] : 0,
          valid: !tool || tool.input.safeParse(message.params?.arguments ?? {}).success,
        });
      } catch (error) {
        const inCall = message.method === 'tools/call' && error instanceof ApiError;
        if (!inCall || (error.statusCode !== 402 && error.statusCode !== 429)) throw error;
        grant = error;
      }
    }
    let refunded = false;
    const refund = async (g: Grant) => {
      if (refunded || !g.charged || !access) return;
      refunded = true;
      await access.refund(g.accountId, g.charged, g.periodId).catch((err: unknown) => {
        request.log.error({ err, accountId: g.accountId }, 'refund failed');
      });
    };

    const server = createMcpServer({ catalog, grant, refund, log: request.log });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    for (const [name, value] of Object.entries(grant.headers)) reply.raw.setHeader(name, value);
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
  const notHere = async () => {
    throw new ApiError(405, 'method_not_allowed', 'This MCP endpoint is stateless: use POST.', { allow: 'POST' });
  };
  app.get(MCP_PATH, { schema: { hide: true } }, notHere);
  app.delete(MCP_PATH, { schema: { hide: true } }, notHere);
};
