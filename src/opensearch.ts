// How every part of the project reaches OpenSearch: one node or several (OPENSEARCH_URL, comma-separated), over
// HTTP or HTTPS, with an optional user and password and a CA file. Settings only: the clients are src/clients.ts,
// so a tool that only reads its configuration loads no client library.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export interface OpenSearchConnection {
  /** Node URLs without credentials or a trailing slash; requests are spread over those that answer. */
  nodes: string[];
  username?: string;
  password?: string;
  /** PEM text of the CA that signed the nodes' certificates (OPENSEARCH_CA_FILE); system CAs otherwise. */
  ca?: string;
}

const nodeUrl = z.url({ protocol: /^https?$/ });

/** The variables, for each config schema that needs OpenSearch (src/config.ts, indexer/config.ts). */
export const opensearchVariables = {
  OPENSEARCH_URL: z
    .string()
    .default('http://127.0.0.1:9200')
    .transform((text, ctx) => {
      const nodes = text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      if (!nodes.length) ctx.addIssue({ code: 'custom', message: 'at least one node URL' });
      for (const node of nodes) {
        if (!nodeUrl.safeParse(node).success) {
          ctx.addIssue({ code: 'custom', message: `"${node.slice(0, 100)}" is not an http:// or https:// URL` });
          return z.NEVER;
        }
        if (new URL(node).username || new URL(node).password) {
          ctx.addIssue({ code: 'custom', message: 'credentials go in OPENSEARCH_USERNAME and OPENSEARCH_PASSWORD' });
        }
      }
      if (new Set(nodes.map((node) => new URL(node).protocol)).size > 1) {
        ctx.addIssue({ code: 'custom', message: 'all nodes over http:// or all over https://' });
      }
      return nodes.map((node) => node.replace(/\/+$/, ''));
    }),
  OPENSEARCH_USERNAME: z.string().optional(),
  OPENSEARCH_PASSWORD: z.string().optional(),
  // Basic auth sends the password with every request: over http:// anyone on the path reads it.
  OPENSEARCH_ALLOW_HTTP_AUTH: z.stringbool().default(false),
  OPENSEARCH_CA_FILE: z
    .string()
    .optional()
    .transform((file, ctx) => {
      if (file === undefined) return undefined;
      try {
        const pem = readFileSync(file, 'utf8');
        if (pem.includes('-----BEGIN CERTIFICATE-----')) return pem;
        ctx.addIssue({ code: 'custom', message: `${file} holds no PEM certificate` });
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `cannot read ${file}: ${(error as Error).message}` });
      }
      return z.NEVER;
    }),
};

interface Variables {
  OPENSEARCH_URL: string[];
  OPENSEARCH_USERNAME?: string;
  OPENSEARCH_PASSWORD?: string;
  OPENSEARCH_ALLOW_HTTP_AUTH: boolean;
  OPENSEARCH_CA_FILE?: string;
}

/** For the config schema's `.refine`: a user needs a password and the reverse. */
export const credentialsPaired: [(e: Variables) => boolean, { path: string[]; message: string }] = [
  (e) => (e.OPENSEARCH_USERNAME === undefined) === (e.OPENSEARCH_PASSWORD === undefined),
  { path: ['OPENSEARCH_PASSWORD'], message: 'OPENSEARCH_USERNAME and OPENSEARCH_PASSWORD go together' },
];

/** For the config schema's `.refine`: a password never travels in clear unless the operator says so. */
export const authOverHttps: [(e: Variables) => boolean, { path: string[]; message: string }] = [
  (e) =>
    e.OPENSEARCH_USERNAME === undefined ||
    e.OPENSEARCH_ALLOW_HTTP_AUTH ||
    e.OPENSEARCH_URL.every((node) => node.startsWith('https://')),
  {
    path: ['OPENSEARCH_URL'],
    message:
      'sends OPENSEARCH_PASSWORD in clear over http://: use https:// (OPENSEARCH_CA_FILE for your own CA), or set OPENSEARCH_ALLOW_HTTP_AUTH=true on a network you trust',
  },
];

/** The connection the parsed variables describe. */
export function connectionOf(e: Variables): OpenSearchConnection {
  return {
    nodes: e.OPENSEARCH_URL,
    ...(e.OPENSEARCH_USERNAME !== undefined && { username: e.OPENSEARCH_USERNAME, password: e.OPENSEARCH_PASSWORD }),
    ...(e.OPENSEARCH_CA_FILE !== undefined && { ca: e.OPENSEARCH_CA_FILE }),
  };
}

/** A connection to the one node at `url` (tests, and tools that start their own OpenSearch). */
export const singleNode = (url: string): OpenSearchConnection => ({ nodes: [url.replace(/\/+$/, '')] });

/** The Authorization header for the connection's user, if it has one. */
export function authorization(c: OpenSearchConnection): Record<string, string> {
  if (c.username === undefined) return {};
  return { authorization: `Basic ${Buffer.from(`${c.username}:${c.password ?? ''}`).toString('base64')}` };
}
