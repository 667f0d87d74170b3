// One MCP server per HTTP request (stateless: no session affinity behind a balancer), built on the SDK's
// low-level Server so that tools/list publishes the contract's own JSON Schemas and tool errors carry the
// spec's error codes in structured content. The access decision for the request is made before (route.ts).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, type CallToolResult, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Grant } from '../access/access.ts';
import { type ErrorCode, errorBody } from '../contract/error.ts';
import { ApiError } from '../http/errors.ts';
import type { Catalog } from '../search/catalog.ts';
import { TOOLS, TOOLS_BY_NAME } from './tools.ts';

export interface CallContext {
  catalog: Catalog;
  /** The request's access grant, or the 402/429 that a tool call must report as its result. */
  grant: Grant | ApiError;
  /** Gives a reservation back; called at most once, when the tool call fails. */
  refund: (grant: Grant) => Promise<void>;
  log: { error(obj: object, msg: string): void };
}

/** MCP wants an object schema at the top: a resource with a registry id (Credits) comes back as a $ref to it. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  const { $ref, $defs, ...rest } = json as { $ref?: string; $defs?: Record<string, object> };
  const target = $ref?.startsWith('#/$defs/') ? $defs?.[$ref.slice('#/$defs/'.length)] : undefined;
  return { ...rest, ...target, ...($defs && !target ? { $defs } : {}) } as { type: 'object' };
}

/** tools/list is the same for every request: computed once. */
const LISTED = TOOLS.map((tool) => ({
  name: tool.name,
  description: tool.description,
  inputSchema: jsonSchema(tool.input, 'input'),
  outputSchema: jsonSchema(tool.output, 'output'),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
}));

function failure(code: ErrorCode, message: string): CallToolResult {
  return {
    content: [{ type: 'text', text: `${code}: ${message}` }],
    structuredContent: errorBody(code, message),
    isError: true,
  };
}

export function createMcpServer(context: CallContext): Server {
  const server = new Server(
    { name: 'creator-sponsor-intelligence', version: '1.0.0' },
    {
      capabilities: { tools: {} },
      instructions:
        'Find YouTube creators and their sponsors. Start with search_creators (short keywords, not sentences) or search_sponsors; use list_niches for niche_category values. Lookups and search pages cost 1 credit; list_niches and get_credits are free.',
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: LISTED }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = TOOLS_BY_NAME.get(request.params.name);
    if (!tool) return failure('not_found', `No tool named ${request.params.name}.`);
    const { grant } = context;
    if (grant instanceof ApiError) return failure(grant.code, grant.message);
    const args = tool.input.safeParse(request.params.arguments ?? {});
    if (!args.success) {
      const problems = args.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ');
      return failure('invalid_request', `Invalid arguments: ${problems}`);
    }
    try {
      const result = await tool.run(context.catalog, args.data as never, grant);
      // Through the output schema: the same keys REST writes, and nothing internal.
      const structured = tool.output.parse(result) as Record<string, unknown>;
      return { content: [{ type: 'text', text: tool.render(structured as never) }], structuredContent: structured };
    } catch (error) {
      await context.refund(grant);
      if (error instanceof ApiError) return failure(error.code, error.message);
      context.log.error({ err: error, tool: tool.name }, 'tool call failed');
      return failure('internal_error', 'Internal server error.');
    }
  });
  return server;
}
