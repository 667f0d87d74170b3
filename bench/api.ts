// API throughput and latency against OpenSearch queried directly, in one run on one machine:
//   npm run bench:api -- [--layout split|shared] [--duration 15] [--connections 8] [--rounds 5] [--warmup 30]
//   [--sequential 3000]
// Every target gets the same creator-search mix (the judgment queries plain, with a country, sorted with a floor,
// and on page 2) over loopback: OpenSearch with the exact _search requests (path and body) the API sends; the API
// with access on (a metered key: key lookup, limits and a credit reservation per call); the API with ACCESS_DISABLED
// (to isolate the access layer); and a bare Node proxy (the floor cost of any extra process and hop). Throughput from
// autocannon at the same concurrency, in rounds that run every target once, each round in another order; ratios are
// taken within a round (targets measured minutes apart drift by ±20% here) and their medians reported. The access
// layer's latency comes from sequential pairs timed in microseconds. --layout (bench/cpu-layout.ts) says whether
// OpenSearch gets a core of its own (split, the default) or shares them all. Needs the demo data (`npm run up`).
// Writes bench/results/api-<date>-<layout>.md.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { Pool } from 'undici';
import { loadDotEnv } from '../scripts/stack/cli.ts';
import { Accounts } from '../src/access/accounts.ts';
import { loadConfig } from '../src/config.ts';
import { SearchCreatorsParams } from '../src/contract/params.ts';
import { singleRedis } from '../src/redis.ts';
import { authorization, directRequest } from '../src/search/connection.ts';
import { creatorSearchBody } from '../src/search/creator-query.ts';
import { aliases, searchPath } from '../src/search/indices.ts';
import { pageWindow } from '../src/search/pagination.ts';
import { loadProfile } from '../src/search/profile.ts';
import { loadJudgments } from '../workbench/judgments.ts';
import { applyLayout, localPid, parseLayout } from './cpu-layout.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '8' },
    sequential: { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '30' },
    layout: { type: 'string', default: 'split' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const sequential = Number(values.sequential);
const roundCount = Number(values.rounds);
const warmup = Number(values.warmup);
// .env, and the launcher's Redis (with its password) when REDIS_URL is not set.
loadDotEnv();
const config = loadConfig();
/** The benchmarks load one node of this machine (they pin its CPU): the first of OPENSEARCH_URL. */
const opensearchUrl = config.opensearch.nodes[0] as string;
const index = aliases(config.indexPrefix).creators;
const ranking = loadProfile().ranking.creators;
const BENCH_PREFIX = 'bench:';

/** The mix: each judgment query plain, filtered, sorted and on page 2. */
function mix(): Record<string, string>[] {
  const judged = loadJudgments([path.join(root, 'data', 'judgments.jsonl')]);
  const queries = judged.filter((j) => j.target === 'creators').map((j) => j.query);
  return queries.flatMap((query): Record<string, string>[] => [
    { query },
    { query, country: 'United States' },
    { query, sort: 'subs_desc', min_subscribers: '10000' },
    { query, has_sponsors: 'true', page: '2' },
  ]);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function start(args: string[], env: NodeJS.ProcessEnv, ready: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    const answer = await fetch(ready).catch(() => undefined);
    if (answer?.status === 200) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`${args.join(' ')} did not become ready; is the stack up (npm run up)?`);
}

/** An API process on its own port; limits far out of reach so they are counted but never hit. */
async function startApi(env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await start(
    ['dist/server.js'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_KEY_PREFIX: BENCH_PREFIX,
      PLAN_USER_RATE_PER_MIN: '1000000',
      IP_RATE_PER_MIN: '10000000',
      ...env,
    },
    `${url}/readyz`,
  );
  return { url, child };
}

/** CPU milliseconds a process has used: utime + stime from /proc, in clock ticks of 10 ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function opensearchCpuMs(): Promise<number> {
  const stats = (await (await fetch(...directRequest(config.opensearch, '/_nodes/_local/stats/process'))).json()) as {
    nodes: Record<string, { process: { cpu: { total_in_millis: number } } }>;
  };
  return Object.values(stats.nodes)[0]?.process.cpu.total_in_millis ?? Number.NaN;
}

interface Target {
  name: string;
  url: string;
  requests: autocannon.Request[];
  /** The Node process in front of OpenSearch, if any. */
  pid?: number;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** CPU milliseconds per request spent by OpenSearch, the process in front of it and the load generator. */
  opensearchCpu: number;
  frontCpu: number;
  loaderCpu: number;
  /** Cores OpenSearch kept busy: near the cores it may use when it is the bottleneck. */
  opensearchCores: number;
}

async function load(target: Target, seconds: number): Promise<Figures> {
  const front0 = target.pid ? cpuMs(target.pid) : 0;
  const loader0 = cpuMs(process.pid);
  const os0 = await opensearchCpuMs();
  const started = Date.now();
  const result = await autocannon({ url: target.url, connections, duration: seconds, requests: target.requests });
  const elapsedMs = Date.now() - started;
  const os1 = await opensearchCpuMs();
  const loader1 = cpuMs(process.pid);
  const front1 = target.pid ? cpuMs(target.pid) : 0;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed) throw new Error(`${target.name}: ${failed} failed requests of ${result.requests.total}`);
  const total = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    opensearchCpu: (os1 - os0) / total,
    frontCpu: (front1 - front0) / total,
    loaderCpu: (loader1 - loader0) / total,
    opensearchCores: (os1 - os0) / elapsedMs,
  };
}

/** One request on its own connection pool, timed in microseconds. */
async function timed(pool: Pool, target: Target, r: autocannon.Request): Promise<number> {
  const started = process.hrtime.bigint();
  const answer = await pool.request({
    path: String(r.path),
    method: (r.method ?? 'GET') as 'GET',
    headers: r.headers,
    body: r.body as string | undefined,
  });
  await answer.body.text();
  if (answer.statusCode !== 200) throw new Error(`${target.name} ${r.path}: ${answer.statusCode}`);
  return Number(process.hrtime.bigint() - started) / 1000;
}

/**
 * Sequential requests, one connection per target, the same query to both targets back to back (in alternating
 * order): latency without queueing, and OpenSearch's drift cancels out of the pairwise differences.
 */
async function pairedLatency(a: Target, b: Target, count: number) {
  const pools = [new Pool(a.url, { connections: 1 }), new Pool(b.url, { connections: 1 })] as const;
  const times: [number[], number[]] = [[], []];
  const differences: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const order = i % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
      const pair = [0, 0];
      for (const side of order) {
        const target = side === 0 ? a : b;
        pair[side] = await timed(
          pools[side],
          target,
          target.requests[i % target.requests.length] as autocannon.Request,
        );
      }
      times[0].push(pair[0] as number);
      times[1].push(pair[1] as number);
      differences.push((pair[0] as number) - (pair[1] as number));
    }
  } finally {
    await Promise.all(pools.map((pool) => pool.close()));
  }
  const ms = (xs: number[], q: number) => quantile(xs, q) / 1000;
  return {
    a: { p50: ms(times[0], 0.5), p99: ms(times[0], 0.99) },
    b: { p50: ms(times[1], 0.5), p99: ms(times[1], 0.99) },
    medianDifference: ms(differences, 0.5),
  };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

// --- set-up: the mix, a metered key, the processes ---
const cases = mix();
const directRequests: autocannon.Request[] = cases.map((c) => {
  const params = SearchCreatorsParams.parse(c);
  const window = pageWindow({ page: params.page, pageSize: config.pageSize, depthLimit: config.searchDepthLimit });
  return {
    method: 'POST',
    path: searchPath(index),
    headers: { 'content-type': 'application/json', ...authorization(config.opensearch) },
    body: JSON.stringify(creatorSearchBody(params, ranking, window)),
  };
});
const redis = new Redis(singleRedis(config.redis, 'bench:api'));
const store = new Accounts(redis, BENCH_PREFIX);
const accountId = await store.createAccount({ plan: 'user', allowance: 1_000_000_000 });
const { key } = await store.createApiKey(accountId, config.keyPrefix, 'benchmark');
const apiRequests = (withKey: boolean): autocannon.Request[] =>
  cases.map((c) => ({
    method: 'GET',
    path: `/api/v1/creators?${new URLSearchParams(c)}`,
    headers: withKey ? { authorization: `Bearer ${key}` } : {},
  }));

execFileSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
const redisPid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);
const layout = await applyLayout(parseLayout(values.layout), config.opensearch, localPid(redisPid, 'redis'));
const api = await startApi({});
const open = await startApi({ ACCESS_DISABLED: 'true' });
const barePort = await freePort();
const bodiesFile = path.join(os.tmpdir(), `bench-bodies-${process.pid}.json`);
writeFileSync(bodiesFile, JSON.stringify(directRequests.map((r) => r.body)));
const bare = await start(
  ['--import', 'tsx', 'bench/bare-proxy.ts'],
  {
    BARE_PORT: String(barePort),
    BARE_BODIES: bodiesFile,
    BARE_PATH: searchPath(index),
    OPENSEARCH_URL: opensearchUrl,
    BARE_AUTHORIZATION: authorization(config.opensearch).authorization ?? '',
  },
  `http://127.0.0.1:${barePort}/0`,
);

const targets: Target[] = [
  { name: 'OpenSearch _search (same requests)', url: opensearchUrl, requests: directRequests },
  { name: 'API, access on (metered key)', url: api.url, requests: apiRequests(true), pid: api.child.pid },
  { name: 'API, ACCESS_DISABLED', url: open.url, requests: apiRequests(false), pid: open.child.pid },
  {
    name: 'bare Node proxy (floor of any hop)',
    url: `http://127.0.0.1:${barePort}`,
    requests: directRequests.map((_, i) => ({ method: 'GET', path: `/${i}` })),
    pid: bare.pid,
  },
];

try {
  for (const t of targets) await load(t, warmup); // JIT, OpenSearch caches, connections
  const rounds: Figures[][] = [];
  for (let round = 0; round < roundCount; round++) {
    // Each round starts with another target, so none is always measured first (or right after another).
    const figures: Figures[] = [];
    for (let k = 0; k < targets.length; k++) {
      const i = (round + k) % targets.length;
      figures[i] = await load(targets[i] as Target, duration);
    }
    rounds.push(figures);
    console.log(
      `round ${round + 1}: ${figures.map((f, i) => `${targets[i]?.name} ${f.rps.toFixed(0)} req/s`).join('; ')}`,
    );
  }
  // Medians over the rounds: one disturbed round (this machine shares its two cores) does not move the figures.
  const median = (pick: (round: Figures[]) => number) => quantile(rounds.map(pick), 0.5);
  const spread = (pick: (round: Figures[]) => number, digits: number) => {
    const values = rounds.map(pick);
    return `median ${quantile(values, 0.5).toFixed(digits)}, rounds ${Math.min(...values).toFixed(digits)} to ${Math.max(...values).toFixed(digits)}`;
  };
  const at = (round: Figures[], i: number) => round[i] as Figures;
  const figures = targets.map((_, i) => ({
    rps: median((r) => at(r, i).rps),
    p50: median((r) => at(r, i).p50),
    p99: median((r) => at(r, i).p99),
    opensearchCpu: median((r) => at(r, i).opensearchCpu),
    frontCpu: median((r) => at(r, i).frontCpu),
    loaderCpu: median((r) => at(r, i).loaderCpu),
    opensearchCores: median((r) => at(r, i).opensearchCores),
  }));
  const ratio = (i: number) => (r: Figures[]) => at(r, i).rps / at(r, 0).rps;
  const paired = await pairedLatency(targets[1] as Target, targets[2] as Target, sequential);

  const { count } = (await (await fetch(...directRequest(config.opensearch, `/${index}/_count`))).json()) as {
    count: number;
  };
  const row = (name: string, f: Figures) =>
    `| ${name} | ${f.rps.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.opensearchCpu.toFixed(2)} | ${f.opensearchCores.toFixed(2)} | ${f.frontCpu.toFixed(2)} | ${f.loaderCpu.toFixed(2)} |`;
  const report = `# API benchmark, ${new Date().toISOString().slice(0, 10)}

Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 1024 ** 2)} MB RAM, Node ${process.version}; the API, OpenSearch and the load generator run on it.
Layout \`${layout.layout}\`: ${layout.description}.
Data: ${count} creators under \`${index}\`. Mix: ${cases.length} creator searches (judgment queries plain, with a country, sorted with a floor, page 2 with a filter). API at LOG_LEVEL=${config.logLevel}.

## Throughput (autocannon, ${connections} connections, ${duration} s per target, ${roundCount} rounds in rotating order after a ${warmup} s warm-up each; medians)

| target | req/s | p50 ms | p99 ms | OpenSearch CPU ms/req | OpenSearch cores busy | front process CPU ms/req | load generator CPU ms/req |
|---|---|---|---|---|---|---|---|
${targets.map((t, i) => row(t.name, figures[i] as Figures)).join('\n')}

Ratios to direct OpenSearch, taken within each round:
- API (access on) / direct throughput: ${spread(ratio(1), 2)} (target ≥ 0.85×); p99 difference in ms: ${spread((r) => at(r, 1).p99 - at(r, 0).p99, 1)} (target ≤ 5 ms).
- API without access / direct: ${spread(ratio(2), 2)}. Bare proxy / direct: ${spread(ratio(3), 2)}.

## Access layer (sequential requests, one connection each, ${sequential} pairs: the same query to both APIs back to back)

| API | p50 ms | p99 ms |
|---|---|---|
| access on (metered key) | ${paired.a.p50.toFixed(2)} | ${paired.a.p99.toFixed(2)} |
| ACCESS_DISABLED | ${paired.b.p50.toFixed(2)} | ${paired.b.p99.toFixed(2)} |

Access adds ${(paired.a.p50 - paired.b.p50).toFixed(2)} ms at p50 (target ≤ 0.5 ms); median of the pairwise differences ${paired.medianDifference.toFixed(2)} ms.
`;
  const out = path.join(root, 'bench', 'results', `api-${new Date().toISOString().slice(0, 10)}-${layout.layout}.md`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, report);
  console.log(report);
  console.log(`Written to ${path.relative(root, out)}`);
} finally {
  for (const child of [api.child, open.child, bare]) child.kill('SIGTERM');
  layout.restore();
  rmSync(bodiesFile, { force: true });
  const benchKeys = await redis.keys(`${BENCH_PREFIX}*`);
  if (benchKeys.length) await redis.del(...benchKeys);
  redis.disconnect();
}
