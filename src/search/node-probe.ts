// Which nodes of the cluster answer now, asked when a search hangs. A paused node (a long GC, a frozen VM) keeps
// its connections and its shard copies: a search it coordinates hangs, and so does every search another node
// coordinates that sends it a shard request, until the cluster drops the node (half a minute by default). From
// outside, both look the same: a coordinator that does not answer. The probe tells them apart, so the pool leaves
// out only the node that hangs, and searches ask for shard copies elsewhere meanwhile.
import type { Pool } from 'undici';

/** In a probe, a node that does not say it is alive within this counts as silent. */
const PROBE_MS = 300;
/** While a node is silent, how often the cluster is probed again to learn that it answers again. */
const REPROBE_MS = 1000;
/** Searches that hang together share a probe, and one that ended this recently. */
const GAP_MS = 250;

/** A nodes-info answer, filtered to who answered and how many did not. */
interface NodesInfo {
  _nodes?: { failed?: number };
  nodes?: Record<string, unknown>;
}

export class NodeProbe {
  /**
   * The search parameter `preference=_prefer_nodes:` the nodes that answered the last probe, while some node of
   * the cluster did not (URL-encoded, for the query string); undefined while all answer. Only a shard with no copy
   * elsewhere is still searched on a silent node.
   */
  preference: string | undefined;
  /** When the last probe ended (epoch ms): news older than this is stale. */
  probedAt = 0;
  /** Whether a coordinator was silent in the last probe: probed again until it answers, like a silent node. */
  private silent = false;
  private running: Promise<void> | undefined;
  private again: NodeJS.Timeout | undefined;
  private closed = false;

  /**
   * `pools` are the coordinators the API sends requests to; `answered(i, yes)` is told whether each answered
   * the probe, news fresher than any failure or answer of a request sent before it.
   */
  constructor(
    private readonly pools: Pool[],
    private readonly headers: Record<string, string>,
    private readonly answered: (index: number, yes: boolean) => void,
  ) {}

  /**
   * Starts a probe unless one runs (every search that hangs shares it) and waits for it, at most until `deadline`
   * (epoch ms).
   */
  async wait(deadline: number): Promise<void> {
    if (!this.running && Date.now() - this.probedAt < GAP_MS) return;
    this.running ??= this.probe().finally(() => {
      this.running = undefined;
      this.probedAt = Date.now();
      if ((this.preference || this.silent) && !this.closed) {
        this.again = setTimeout(() => void this.wait(0), REPROBE_MS).unref();
      }
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((resolve) => {
      timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
    });
    await Promise.race([this.running, late]);
    clearTimeout(timer);
  }

  /**
   * Asks each coordinator whether it answers within PROBE_MS; then one that did which nodes of the whole cluster
   * answer (a nodes-info request for nothing: its timeout reports a silent node as failed).
   */
  private async probe(): Promise<void> {
    clearTimeout(this.again);
    const local = await Promise.all(this.pools.map((pool) => this.ask(pool, '/_nodes/_local/_none', PROBE_MS)));
    local.forEach((answer, i) => {
      this.answered(i, answer !== undefined);
    });
    this.silent = local.includes(undefined);
    const coordinator = this.pools.find((_, i) => local[i]);
    const cluster = coordinator && (await this.ask(coordinator, '/_nodes/_all/_none', 2 * PROBE_MS));
    if (!cluster) return; // nothing learned: no coordinator answered
    const answering = Object.keys(cluster.nodes ?? {});
    this.preference =
      cluster._nodes?.failed && answering.length
        ? encodeURIComponent(`_prefer_nodes:${answering.join(',')}`)
        : undefined;
  }

  /** A nodes-info request; `waitMs` for its answer (a cluster-wide one waits PROBE_MS for each node first). */
  private async ask(pool: Pool, path: string, waitMs: number): Promise<NodesInfo | undefined> {
    try {
      const response = await pool.request({
        path: `${path}?timeout=${PROBE_MS}ms&filter_path=_nodes.failed,nodes.*.name`,
        method: 'GET',
        headers: this.headers,
        headersTimeout: waitMs,
        bodyTimeout: waitMs,
      });
      const answer = (await response.body.json()) as NodesInfo;
      return response.statusCode === 200 ? answer : undefined;
    } catch {
      return undefined;
    }
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.again);
  }
}
