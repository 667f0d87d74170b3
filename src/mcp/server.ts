// One MCP server per HTTP request (stateless: no session affinity behind a balancer), built on the SDK's
// low-level Server so that tools/list publishes the contract's own JSON Schemas. The access decision for the
// message is made before the server sees it, once the transport has accepted it (metering.ts, route.ts).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ApiError, type ErrorCode, errorBody } from '../contract/error.ts';
import { issuesLine } from '../contract/issues.ts';
import type { Catalog } from '../search/catalog.ts';
import type { Metering } from './metering.ts';
import { getPrompt, LISTED_PROMPTS } from './prompts.ts';
import { LISTED_RESOURCES, readResource } from './resources.ts';
import { TOOLS, TOOLS_BY_NAME } from './tools.ts';

export interface CallContext {
  catalog: Catalog;
  /** The message's grant (or the 402/429 a tool call reports), and where a tool run reports how it ended. */
  metering: Pick<Metering, 'grant' | 'toolFailed'>;
  log: { error(obj: object, msg: string): void };
}

/**
 * Patterns longer than this are left out of tool listings: country and language are long any-case lists (about 13
 * and 7 KB) that would cost a model thousands of tokens per tool, and their descriptions say the same in words.
 */
const LISTED_PATTERN_MAX = 500;

/** MCP wants an object schema at the top: a resource with a registry id (Credits) comes back as a $ref to it. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const json = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: ({ jsonSchema }) => {
      if ((jsonSchema.pattern?.length ?? 0) > LISTED_PATTERN_MAX) delete jsonSchema.pattern;
    },
  }) as Record<string, unknown>;
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

/**
 * A tool error: `isError` with the REST error body, `{"error":{"code","message"}}`, as JSON text, and no
 * structuredContent. Clients that listed the tools validate structuredContent against the tool's output schema
 * (the TypeScript SDK's Client.callTool throws -32602 when it does not match) but accept an error result without
 * it; the SDK's own McpServer answers errors the same way. Widening every output schema to admit the error shape
 * would instead give every client that types results from those schemas a union for each of the seven tools.
 */
function failure(code: ErrorCode, message: string): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(errorBody(code, message)) }], isError: true };
}

export function createMcpServer(context: CallContext): Server {
  const server = new Server(
    { name: 'creator-sponsor-intelligence', version: '1.0.0' },
    {
      capabilities: { tools: {}, prompts: {}, resources: {} },
      instructions:
        'Find YouTube creators and their sponsors. Start with search_creators (short keywords, not sentences) or search_sponsors; use list_niches for niche_category values. Lookups and search pages cost 1 credit; list_niches and get_credits are free. The prompts shortlist_creators, audit_brand and find_lookalikes show how to run those jobs; the resources csi://niches and csi://credits are free to read.',
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: LISTED }));
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: LISTED_PROMPTS }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) =>
    getPrompt(request.params.name, request.params.arguments),
  );
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: LISTED_RESOURCES }));
  // Free like every message but a tool call, yet checked like one: the balance is the caller's (metering.ts).
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { grant } = context.metering;
    if (!grant) throw new Error('resources/read dispatched before its access check');
    if (grant instanceof ApiError) throw grant;
    return readResource(request.params.uri, grant);
  });

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const result = await callTool(context, request.params.name, request.params.arguments);
    // Every error result gives back whatever was reserved, before it is sent (most reserved nothing: an unknown
    // tool or invalid arguments cost 0 in the check; a tool that failed did reserve).
    if (result.isError) await context.metering.toolFailed();
    return result;
  });
  return server;
}

async function callTool(context: CallContext, name: string, input: unknown): Promise<CallToolResult> {
  const tool = TOOLS_BY_NAME.get(name);
  if (!tool) return failure('not_found', `No tool named ${name}.`);
  const { grant } = context.metering;
  if (!grant) throw new Error('tools/call dispatched before its access check');
  if (grant instanceof ApiError) return failure(grant.code, grant.message);
  const args = tool.input.safeParse(input ?? {});
  if (!args.success) {
    return failure('invalid_request', `Invalid arguments: ${issuesLine(args.error, 'arguments')}`);
  }
  try {
    const result = await tool.run(context.catalog, args.data as never, grant);
    // Through the output schema: the same keys REST writes, and nothing internal.
    const structured = tool.output.parse(result) as Record<string, unknown>;
    return { content: [{ type: 'text', text: tool.render(structured as never) }], structuredContent: structured };
  } catch (error) {
    if (error instanceof ApiError) return failure(error.code, error.message);
    context.log.error({ err: error, tool: tool.name }, 'tool call failed');
    return failure('internal_error', 'Internal server error.');
  }
}
