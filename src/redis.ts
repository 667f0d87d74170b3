// How the API and the admin tools reach Redis: one server (REDIS_URL), or a Redis Cluster (REDIS_CLUSTER_NODES,
// some of its nodes as redis:// URLs; the client finds the rest). The access code runs unchanged on both: every
// script touches the keys of one account, which share a hash tag and so one slot (src/access/store.ts). Settings
// only, like src/opensearch.ts: the client is src/clients.ts.
import { z } from 'zod';

export type RedisConnection =
  | { url: string }
  | {
      cluster: { host: string; port: number }[];
      username?: string;
      password?: string;
      tls: boolean;
    };

const redisUrl = z.url({ protocol: /^rediss?$/ });

/** The variables, for the API's config schema (src/config.ts). */
export const redisVariables = {
  REDIS_URL: redisUrl.default('redis://127.0.0.1:6379'),
  REDIS_CLUSTER_NODES: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      const nodes = text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map((entry) => URL.parse(/^[a-z]+:\/\//.test(entry) ? entry : `redis://${entry}`));
      const valid = (node: URL | null): node is URL =>
        node !== null && redisUrl.safeParse(node.href).success && node.port !== '' && node.pathname.length <= 1;
      if (!nodes.length || !nodes.every(valid)) {
        ctx.addIssue({
          code: 'custom',
          message: 'a comma-separated list of host:port or redis://[:password@]host:port',
        });
        return z.NEVER;
      }
      const [first] = nodes as [URL, ...URL[]]; // all valid, checked above
      const same = nodes.every(
        (node) =>
          node.protocol === first.protocol && node.username === first.username && node.password === first.password,
      );
      if (!same) {
        ctx.addIssue({ code: 'custom', message: 'every node with the same scheme, user and password' });
        return z.NEVER;
      }
      return {
        cluster: nodes.map((node) => ({ host: node.hostname, port: Number(node.port) })),
        ...(first.username && { username: decodeURIComponent(first.username) }),
        ...(first.password && { password: decodeURIComponent(first.password) }),
        tls: first.protocol === 'rediss:',
      };
    }),
};

/** The connection the parsed variables describe: the cluster when its nodes are given. */
export function redisConnectionOf(e: {
  REDIS_URL: string;
  REDIS_CLUSTER_NODES?: Exclude<RedisConnection, { url: string }>;
}): RedisConnection {
  return e.REDIS_CLUSTER_NODES ?? { url: e.REDIS_URL };
}

/** The URL of a single-server connection, for tools that need one server (`who` names the tool in the error). */
export function singleRedis(c: RedisConnection, who: string): string {
  if ('url' in c) return c.url;
  throw new Error(`${who} works on one Redis server (REDIS_URL); unset REDIS_CLUSTER_NODES to run it`);
}
