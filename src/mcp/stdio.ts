// `npm run mcp:stdio`: the MCP server for desktop clients that start a local process (Claude Desktop, Cursor,
// VS Code). It relays JSON-RPC between stdio and the service's /mcp endpoint with the key from CSI_API_KEY, so
// it uses the same keys, credits and limits as everything else and needs no access to OpenSearch or Redis.
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const key = process.env.CSI_API_KEY;
const base = process.env.CSI_API_URL ?? 'http://127.0.0.1:3000';
if (!key) {
  // stdout is the protocol channel: everything else goes to stderr.
  console.error('Set CSI_API_KEY to your API key (and CSI_API_URL if the service is not at http://127.0.0.1:3000).');
  process.exit(1);
}

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
remote.onmessage = (message) => void local.send(message);
remote.onerror = (error) => console.error(`mcp:stdio: ${error.message}`);
local.onclose = () => void remote.close();

await remote.start();
await local.start();
