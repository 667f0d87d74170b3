// Drills 9–11: the service's edges. A Redis that stops answering without closing its connections; a node of the
// local OpenSearch cluster that accepts connections but never answers (paused with SIGSTOP); a flood of anonymous
// /readyz.
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { clusterDown, clusterNode, clusterRunning, clusterUp } from '../../scripts/stack/cluster.ts';
import { loadStackConfig } from '../../scripts/stack/config.ts';
import { officialClient } from '../../src/clients.ts';
import { silentProxy } from '../silent-proxy.ts';
import { type Context, lab, loadDataset, type Paths, times } from './lab.ts';
import { type Row, row, settled, snapshot } from './ledger.ts';
import { type Server, startServer } from './server.ts';

/** A row for a drill that moves no credits: its answers and its own checks. */
const answersRow = (drill: string, statuses: number[], checks: Row['checks']): Row => ({
  drill,
  sent: statuses.length,
  statuses,
  reserved: undefined,
  charged: 0,
  refunded: undefined,
  lost: 0,
  created: 0,
  checks,
});

/** Calls `call` every `everyMs` until `until` resolves; each answer with the time it was sent (ms since `start`). */
async function steady(call: () => Promise<number>, everyMs: number, until: Promise<unknown>, start: number) {
  const sent: Promise<{ at: number; status: number; ms: number }>[] = [];
  let done = false;
  void until.then(() => {
    done = true;
  });
  while (!done) {
    const at = Date.now();
    sent.push(call().then((status) => ({ at: at - start, status, ms: Date.now() - at })));
    await sleep(everyMs);
  }
  return Promise.all(sent);
}

export async function silentRedis(ctx: Context, { lookup }: Paths): Promise<Row> {
  const { ledger } = ctx;
  const redis = new URL(ctx.redisUrl);
  const proxy = await silentProxy({ host: redis.hostname, port: Number(redis.port) });
  redis.hostname = '127.0.0.1';
  redis.port = String(proxy.port);
  const t = await lab(ctx, 'silent', { REDIS_URL: redis.href });
  try {
    const a = await t.accounts.open(1000);
    if ((await t.call(lookup, a)) !== 200) throw new Error('the call before the silence failed');
    const before = await snapshot(ledger, t.accounts, a);
    const start = Date.now();
    proxy.silence();
    const silentFor = sleep(4000).then(() => proxy.speak());
    const answers = await steady(
      () => t.call(lookup, a),
      100,
      silentFor.then(() => sleep(6000)),
      start,
    );
    const after = await settled(ledger, t.accounts, a);
    const first503 = answers.find((x) => x.status === 503);
    const servedAgain = answers.find((x) => x.at >= 4000 && x.status === 200);
    const lastFailure = Math.max(0, ...answers.filter((x) => x.status !== 200).map((x) => x.at + x.ms));
    return row(
      ledger,
      '9. Redis silent 4 s (connections kept open, nothing passes either way), 10 calls/s',
      answers.map((x) => x.status),
      before,
      after,
      [
        {
          text: `first 503 ${first503?.ms ?? '?'} ms after it was sent (command timeout 1 s)`,
          ok: !!first503 && first503.ms <= 1200,
        },
        {
          text: `served again ${servedAgain ? ((servedAgain.at - 4000) / 1000).toFixed(1) : '?'} s after Redis answered again (last failure at ${(lastFailure / 1000).toFixed(1)} s)`,
          ok: !!servedAgain && servedAgain.at - 4000 <= 5000,
        },
        { text: 'answers only 200 or 503', ok: answers.every((x) => x.status === 200 || x.status === 503) },
      ],
    );
  } finally {
    await t.close();
    await proxy.close();
  }
}

/**
 * One node of the launcher's local cluster (3 OpenSearch nodes, every index with 3 shards and a replica) paused with
 * SIGSTOP: its sockets still take connections (the kernel completes them) but nothing answers, as a node paused by
 * a long GC or a stopped VM. It holds shard copies, so searches the other nodes coordinate wait on it too. The
 * cluster is started for the drill (and stopped after) unless it runs already.
 */
export async function pausedNode(ctx: Context): Promise<Row> {
  const config = loadStackConfig();
  const wasRunning = clusterRunning(config);
  if (!wasRunning) console.log('  starting the local cluster (npm run up -- --cluster), stopped after the drill…');
  const { opensearchUrl } = await clusterUp(config);
  const opensearch = officialClient({ nodes: opensearchUrl.split(',') }, { requestTimeout: 30_000 });
  const on = { ...ctx, opensearchUrl, opensearch };
  try {
    const { search } = await loadDataset(on, { shards: 3, replicas: 1 });
    await opensearch.cluster.health({ index: `${ctx.indexPrefix}*`, wait_for_status: 'green', timeout: '120s' });
    // Not the elected manager: the cluster goes on deciding while the node is paused.
    const { body: nodes } = await opensearch.cat.nodes({ format: 'json', h: ['name', 'cluster_manager'] });
    const victim = (nodes as { name: string; cluster_manager: string }[]).find((n) => n.cluster_manager !== '*');
    const { pid } = clusterNode(config, victim?.name as string).node;
    const t = await lab(on, 'paused', { OPENSEARCH_URL: opensearchUrl, OPENSEARCH_TIMEOUT_MS: '2000' });
    try {
      const a = await t.accounts.open(100_000);
      for (let i = 0; i < 30; i++) await t.call(search, a); // warm: the first searches of a new index are slow
      const start = Date.now();
      process.kill(pid, 'SIGSTOP');
      const pausedFor = sleep(10_000).finally(() => process.kill(pid, 'SIGCONT'));
      const answers = await steady(
        () => t.call(search, a),
        100,
        pausedFor.then(() => sleep(3000)),
        start,
      );
      const afterBudget = answers.filter((x) => x.at >= 2000);
      // Back once a probe or a search finds it answering (left out at most 30 s while it stayed silent).
      const resumed = Date.now() - 3000;
      let backMs: number | undefined;
      while (Date.now() - resumed < 36_000) {
        await t.call(search, a);
        if (t.clients.search.describe().every((n) => n.live)) {
          backMs = Date.now() - resumed;
          break;
        }
        await sleep(250);
      }
      return answersRow(
        `10. one of 3 nodes of the local OpenSearch cluster (${victim?.name}) paused (SIGSTOP) 10 s under 10 searches/s, then resumed (OPENSEARCH_TIMEOUT_MS=2000)`,
        answers.map((x) => x.status),
        [
          {
            text: `no search failed after the first budget (${afterBudget.filter((x) => x.status !== 200).length} of ${afterBudget.length}); slowest ${Math.max(...answers.map((x) => x.ms))} ms`,
            ok: afterBudget.every((x) => x.status === 200),
          },
          {
            text: `the node back in the round ${backMs === undefined ? 'not within 36 s' : `${(backMs / 1000).toFixed(1)} s`} after it was resumed (left out at most 30 s)`,
            ok: backMs !== undefined,
          },
        ],
      );
    } finally {
      process.kill(pid, 'SIGCONT');
      await t.close();
    }
  } finally {
    await opensearch.indices.delete({ index: `${ctx.indexPrefix}*` }, { ignore: [404] }).catch(() => undefined);
    await opensearch.close();
    if (!wasRunning) await clusterDown(config);
  }
}

/** `perSecond` anonymous GET /readyz a second for `seconds` s from this host: their statuses. */
async function flood(base: string, perSecond: number, seconds: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let s = 0; s < seconds; s++) {
    const second = Date.now();
    const answers = times(perSecond, () =>
      fetch(`${base}/readyz`)
        .then(async (r) => {
          await r.text();
          return r.status;
        })
        .catch(() => 0),
    );
    statuses.push(...(await Promise.all(answers)));
    await sleep(Math.max(0, 1000 - (Date.now() - second)));
  }
  return statuses;
}

export async function readyzFlood(ctx: Context): Promise<Row> {
  const limit = 600;
  const seconds = 4;
  const servers: Server[] = [];
  const watcher = new Redis(ctx.redisUrl);
  const pings = async () => Number(/cmdstat_ping:calls=(\d+)/.exec(await watcher.info('commandstats'))?.[1] ?? 0);
  try {
    // Probes: a process whose per-address limit is out of reach, so every call asks for readiness. A probe is one
    // PING; the only other PINGs meanwhile are the notice listener's heartbeat (one every 2 s).
    const open = await startServer(ctx, `${ctx.runPrefix}readyz-open:`);
    servers.push(open);
    const pingsBefore = await pings();
    const started = Date.now();
    const probing = await flood(open.base, 1000, seconds);
    const elapsed = (Date.now() - started) / 1000;
    const pinged = (await pings()) - pingsBefore;
    const heartbeats = Math.ceil(elapsed / 2) + 1;
    // The limit: another process at IP_RATE_PER_MIN=600.
    const limited = await startServer(ctx, `${ctx.runPrefix}readyz-limited:`, { IP_RATE_PER_MIN: String(limit) });
    servers.push(limited);
    const capped = await flood(limited.base, 1000, 2);
    const ok = capped.filter((s) => s === 200).length;
    return answersRow(
      `11. anonymous /readyz from one address, 1,000 a second: ${seconds} s on a process whose limit is out of reach, then 2 s on one at IP_RATE_PER_MIN=${limit}`,
      [...probing, ...capped],
      [
        {
          text: `${pinged} Redis PINGs for ${probing.length} calls in ${elapsed.toFixed(1)} s: at most one probe a second plus ${heartbeats} heartbeats`,
          ok: pinged <= Math.ceil(elapsed) + 1 + heartbeats,
        },
        { text: 'every call 200 while the backends answer', ok: probing.every((s) => s === 200) },
        {
          text: `then ${ok} answered 200 (the limit ${limit}, less the start-up's own polls), the rest 429`,
          ok: ok <= limit && ok >= limit - 50 && capped.every((s) => s === 200 || s === 429),
        },
      ],
    );
  } finally {
    for (const server of servers) server.process.kill('SIGKILL');
    watcher.disconnect();
  }
}
