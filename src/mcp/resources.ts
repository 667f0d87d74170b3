// The MCP resources: what an assistant may read at any time without spending credits, the niche list (the values
// niche_category takes) and the caller's credit balance, each as the JSON its REST endpoint answers.
import { ErrorCode, McpError, type ReadResourceResult, type Resource } from '@modelcontextprotocol/sdk/types.js';
import { creditsOf, type Grant } from '../access/access.ts';
import { NICHES } from '../contract/niches.ts';
import { ListNichesResult } from '../contract/operations.ts';
import { CreditsSchema } from '../contract/resources.ts';

export const LISTED_RESOURCES: Resource[] = [
  {
    uri: 'csi://niches',
    name: 'niches',
    title: 'Niche categories',
    description: 'The niche categories and the value of each for niche_category (GET /api/v1/niches). Free.',
    mimeType: 'application/json',
  },
  {
    uri: 'csi://credits',
    name: 'credits',
    title: 'Credit balance',
    description: "The caller's plan, balance and renewal date (GET /api/v1/credits). Free.",
    mimeType: 'application/json',
  },
];

/** resources/read: the resource's JSON; an unknown URI is -32602. `grant`: the caller's, for the balance. */
export function readResource(uri: string, grant: Grant): ReadResourceResult {
  const json = (value: unknown) => ({ contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value) }] });
  // Through the REST answers' schemas: the same keys, nothing internal.
  if (uri === 'csi://niches') return json(ListNichesResult.parse({ niches: NICHES }));
  if (uri === 'csi://credits') return json(CreditsSchema.parse(creditsOf(grant)));
  throw new McpError(ErrorCode.InvalidParams, `No resource at ${uri}.`);
}
