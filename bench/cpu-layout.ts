// Where the benchmarks' processes run. On a small machine the load generator, the API or indexer and OpenSearch
// compete for the same cores, so a "shared" run measures that competition as much as the software: every
// CPU-millisecond in front of OpenSearch is taken from OpenSearch. A "split" run models a deployment (the API and
// the indexer do not run on OpenSearch's nodes): OpenSearch's JVMs (one, or every node of a local cluster) are
// pinned to the last core, and this process, the children it starts afterwards and Redis to the others. Both
// targets of a comparison run in the same layout.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { UsageError } from '../common/cli.ts';
import { directRequest } from '../src/clients.ts';
import type { OpenSearchConnection } from '../src/opensearch.ts';

export type Layout = 'shared' | 'split';

/** The value of a benchmark's --layout option. */
export function parseLayout(value: string | undefined): Layout {
  if (value === 'split' || value === 'shared') return value;
  throw new UsageError(`--layout is split or shared, not ${value}`);
}

export interface Pinned {
  layout: Layout;
  /** How the cores were divided, for the report. */
  description: string;
  /** Gives every process pinned here all cores again. */
  restore(): void;
}

function pin(pid: number, cpus: string): void {
  // -a: every thread of the process, so the JVM's existing threads move too (new ones inherit).
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
}

/** The pid if it is a local process whose command line names `what`: a server in a container or on another host
 * reports a pid that names some other local process, or none. */
export function localPid(pid: number | undefined, what: string): number | undefined {
  try {
    return pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(what) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Every node of the cluster, one or several (npm run up -- --cluster), as local processes. */
async function opensearchPids(connection: OpenSearchConnection): Promise<number[]> {
  const info = (await (await fetch(...directRequest(connection, '/_nodes/process'))).json()) as {
    nodes: Record<string, { process: { id: number } }>;
  };
  const pids = Object.values(info.nodes).map((node) => localPid(node.process.id, 'opensearch'));
  if (!pids.length || pids.some((pid) => pid === undefined))
    throw new Error(`--layout split needs every OpenSearch node running on this machine (as npm run up starts them)`);
  return pids as number[];
}

export async function applyLayout(
  layout: Layout,
  opensearch: OpenSearchConnection,
  /** Redis's servers (one, or a local Redis Cluster's), undefined where not a local process. */
  redisPids: (number | undefined)[],
): Promise<Pinned> {
  const cores = os.cpus().length;
  if (layout === 'shared') return { layout, description: `everything shares ${cores} cores`, restore: () => {} };
  if (cores < 2) throw new Error('--layout split needs at least 2 cores');
  const servers = await opensearchPids(opensearch);
  const rest = cores === 2 ? '0' : `0-${cores - 2}`;
  const last = String(cores - 1);
  const redis = redisPids.filter((pid) => pid !== undefined);
  const clients = [process.pid, ...redis];
  for (const pid of servers) pin(pid, last);
  for (const pid of clients) pin(pid, rest);
  return {
    layout,
    description: `OpenSearch (${servers.length === 1 ? 'its one node' : `all ${servers.length} nodes`}) pinned to core ${last}; ${redis.length ? 'the load generator, the process under test and Redis' : 'the load generator and the process under test'} to core(s) ${rest}`,
    restore() {
      for (const pid of [...servers, ...clients]) {
        try {
          pin(pid, `0-${cores - 1}`);
        } catch {
          // The process has ended: nothing to restore.
        }
      }
    },
  };
}
