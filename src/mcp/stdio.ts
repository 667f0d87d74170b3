// The MCP server over stdio for desktop clients that start a local process (Claude Desktop, Cursor, VS Code): it
// relays JSON-RPC between stdio and the service's /mcp endpoint with an API key, so it uses the same keys, credits and
// limits as everything else and needs no access to OpenSearch or Redis. `npm run mcp:stdio` (scripts/mcp-stdio.ts)
// starts it.
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Relays this process's stdio to `base`/mcp with `key`; stdout is the protocol channel, messages go to stderr. */
export async function relayStdio(key: string, base: string): Promise<void> {
  const local = new StdioServerTransport();
  const remote = new StreamableHTTPClientTransport(new URL('/mcp', base), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });

  local.onmessage = (message: JSONRPCMessage) => {
    remote.send(message).catch(async (error: unknown) => {
      // An HTTP-level refusal (401, 403, 429, service down) answers the request it belongs to.
      if ('id' in message && 'method' in message) {
        await local.send({
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32001, message: String((error as Error).message) },
        });
      } else {
        console.error(`mcp:stdio: ${(error as Error).message}`);
      }
    });
  };
  // A line that is not a JSON-RPC message (not JSON, or a batch, which MCP 2025-06-18 dropped) gets the error the
  // endpoint would answer, rather than silence that leaves the client waiting. JSON-RPC gives it the id null, which
  // the SDK's message types leave out.
  local.onerror = (error) => {
    const answer =
      error instanceof SyntaxError
        ? { code: -32700, message: 'Parse error: the line is not JSON.' }
        : {
            code: -32600,
            message: 'Invalid Request: the line is not one JSON-RPC 2.0 message (batches are not taken).',
          };
    void local.send({ jsonrpc: '2.0', id: null, error: answer } as unknown as JSONRPCMessage);
  };
  remote.onmessage = (message) => void local.send(message);
  remote.onerror = (error) => console.error(`mcp:stdio: ${error.message}`);
  local.onclose = () => void remote.close();

  await remote.start();
  await local.start();
}
