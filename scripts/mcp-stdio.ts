// `npm run mcp:stdio`: the MCP stdio relay of src/mcp/stdio.ts, for desktop clients (docs/mcp.md), with the key
// from CSI_API_KEY.
import { main, parseCommandLine } from '../common/cli.ts';
import { relayStdio } from '../src/mcp/stdio.ts';

const DEFAULT_URL = 'http://127.0.0.1:3000';

parseCommandLine(
  `Usage: npm run mcp:stdio
  the MCP server over stdio for desktop clients (docs/mcp.md): relays to the service's /mcp with the API key in
  CSI_API_KEY; CSI_API_URL is the service (default ${DEFAULT_URL})`,
  {},
);
// stdout is the protocol channel: main reports failures on stderr.
await main(async () => {
  const key = process.env.CSI_API_KEY;
  if (!key)
    throw new Error(`Set CSI_API_KEY to your API key (and CSI_API_URL if the service is not at ${DEFAULT_URL}).`);
  const url = process.env.CSI_API_URL ?? DEFAULT_URL;
  if (!/^https?:$/.test(URL.parse(url)?.protocol ?? ''))
    throw new Error(`CSI_API_URL must be the service's http(s) address, such as ${DEFAULT_URL} (got "${url}").`);
  await relayStdio(key, url);
});
