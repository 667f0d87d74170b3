// API throughput and latency against OpenSearch queried directly, in one run on one machine:
//   npm run bench:api -- [--duration 20] [--connections 8]
// Both sides get the same creator-search mix (the judgment queries with filters, sorts and pages) at the same
// concurrency over loopback: the API as GET /api/v1/creators, OpenSearch as the exact _search bodies the API
// builds. Needs the demo data (`npm run up`). Writes bench/results/api-<date>.md; figures are never edited.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.ts';
import { SearchCreatorsParams } from '../src/contract/params.ts';
import { creatorSearchBody } from '../src/search/creator-query.ts';
import { aliases } from '../src/search/indices.ts';
import { pageWindow } from '../src/search/pagination.ts';
import { loadRanking } from '../src/search/ranking.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { duration: { type: 'string', default: '20' }, connections: { type: 'string', default: '8' } },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const config = loadConfig();
const index = aliases(config.indexPrefix).creators;
const ranking = loadRanking().creators;

/** The mix: each judgment query plain, filtered, sorted and on page 2. */
function mix(): Record<string, string>[] {
  const file = path.join(root, 'data', 'judgments.json');
  const queries = (JSON.parse(readFileSync(file, 'utf8')) as { query: string }[]).map((j) => j.query);
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

async function start(args: string[], env: NodeJS.ProcessEnv, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const ready = await fetch(readyUrl).catch(() => undefined);
    if (ready?.status === 200) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`${args.join(' ')} did not become ready; is the stack up (npm run up)?`);
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** CPU milliseconds per request spent by OpenSearch and by the API process. */
  opensearchCpu: number;
  apiCpu: number;
}

/** CPU milliseconds a process has used: utime + stime from /proc, in clock ticks of 10 ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function opensearchCpuMs(): Promise<number> {
  const stats = (await (await fetch(`${config.opensearchUrl}/_nodes/_local/stats/process`)).json()) as {
    nodes: Record<string, { process: { cpu: { total_in_millis: number } } }>;
  };
  return Object.values(stats.nodes)[0]?.process.cpu.total_in_millis ?? Number.NaN;
}

async function load(url: string, requests: autocannon.Request[], seconds: number, apiPid: number): Promise<Figures> {
  const [os0, api0] = [await opensearchCpuMs(), cpuMs(apiPid)];
  const result = await autocannon({ url, connections, duration: seconds, requests });
  const [os1, api1] = [await opensearchCpuMs(), cpuMs(apiPid)];
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed) throw new Error(`${url}: ${failed} failed requests of ${result.requests.total}`);
  const total = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    opensearchCpu: (os1 - os0) / total,
    apiCpu: (api1 - api0) / total,
  };
}

const cases = mix();
const apiRequests: autocannon.Request[] = cases.map((c) => ({
  method: 'GET',
  path: `/api/v1/creators?${new URLSearchParams(c)}`,
}));
const directRequests: autocannon.Request[] = cases.map((c) => {
  const params = SearchCreatorsParams.parse(c);
  const window = pageWindow({ page: params.page, pageSize: config.pageSize, depthLimit: config.searchDepthLimit });
  return {
    method: 'POST',
    path: `/${index}/_search`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(creatorSearchBody(params, ranking, window)),
  };
});

execFileSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
const port = await freePort();
const apiUrl = `http://127.0.0.1:${port}`;
const api = await start(['dist/server.js'], { PORT: String(port), HOST: '127.0.0.1' }, `${apiUrl}/readyz`);
const barePort = await freePort();
const bareUrl = `http://127.0.0.1:${barePort}`;
const bodiesFile = path.join(os.tmpdir(), `bench-bodies-${process.pid}.json`);
writeFileSync(bodiesFile, JSON.stringify(directRequests.map((r) => r.body)));
const bare = await start(
  ['--import', 'tsx', 'bench/bare-proxy.ts'],
  {
    BARE_PORT: String(barePort),
    BARE_BODIES: bodiesFile,
    BARE_PATH: `/${index}/_search`,
    OPENSEARCH_URL: config.opensearchUrl,
  },
  `${bareUrl}/0`,
);
const bareRequests: autocannon.Request[] = directRequests.map((_, i) => ({ method: 'GET', path: `/${i}` }));
try {
  for (const r of apiRequests) {
    const response = await fetch(`${apiUrl}${r.path}`);
    if (!response.ok) throw new Error(`${r.path}: ${response.status} ${await response.text()}`);
  }
  // Warm both (JIT, OpenSearch caches), then alternate so drift hits both sides alike.
  await load(config.opensearchUrl, directRequests, 5, api.pid as number);
  await load(apiUrl, apiRequests, 5, api.pid as number);
  await load(bareUrl, bareRequests, 5, bare.pid as number);
  const rounds: { direct: Figures; api: Figures; bare: Figures }[] = [];
  for (let round = 0; round < 2; round++) {
    const direct = await load(config.opensearchUrl, directRequests, duration, api.pid as number);
    const viaApi = await load(apiUrl, apiRequests, duration, api.pid as number);
    const viaBare = await load(bareUrl, bareRequests, duration, bare.pid as number);
    rounds.push({ direct, api: viaApi, bare: viaBare });
    console.log(`round ${round + 1}: direct ${direct.rps.toFixed(0)} req/s, API ${viaApi.rps.toFixed(0)} req/s`);
  }
  const mean = (pick: (r: (typeof rounds)[number]) => number) =>
    rounds.reduce((s, r) => s + pick(r), 0) / rounds.length;
  const means = (side: 'direct' | 'api' | 'bare'): Figures => ({
    rps: mean((r) => r[side].rps),
    p50: mean((r) => r[side].p50),
    p99: mean((r) => r[side].p99),
    opensearchCpu: mean((r) => r[side].opensearchCpu),
    apiCpu: mean((r) => r[side].apiCpu),
  });
  const direct = means('direct');
  const viaApi = means('api');
  const viaBare = means('bare');
  const { count } = (await (await fetch(`${config.opensearchUrl}/${index}/_count`)).json()) as { count: number };
  const row = (name: string, f: Figures) =>
    `| ${name} | ${f.rps.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.opensearchCpu.toFixed(2)} | ${f.apiCpu.toFixed(2)} |`;
  const report = `# API benchmark, ${new Date().toISOString().slice(0, 10)}

Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 1024 ** 2)} MB RAM, Node ${process.version}; API, OpenSearch and the load generator share it.
Data: ${count} creators under \`${index}\`. Mix: ${cases.length} creator searches (judgment queries plain, with a country, sorted with a floor, page 2 with a filter), ${connections} connections, ${duration} s per side, 2 alternating rounds after a 5 s warm-up each (means below). API at LOG_LEVEL=${config.logLevel}.

| target | req/s | p50 ms | p99 ms | OpenSearch CPU ms/req | API or proxy CPU ms/req |
|---|---|---|---|---|---|
${row('OpenSearch _search (same bodies)', direct)}
${row('API GET /api/v1/creators', viaApi)}
${row('bare Node proxy (floor of any extra hop)', viaBare)}

API / direct throughput: ${(viaApi.rps / direct.rps).toFixed(2)}× (target ≥ 0.85×); bare proxy / direct: ${(viaBare.rps / direct.rps).toFixed(2)}×. p99 difference: ${(viaApi.p99 - direct.p99).toFixed(1)} ms (target ≤ 5 ms).
Rounds: ${rounds.map((r, i) => `${i + 1}: direct ${r.direct.rps.toFixed(0)} req/s p99 ${r.direct.p99} ms, API ${r.api.rps.toFixed(0)} req/s p99 ${r.api.p99} ms`).join('; ')}.
`;
  const out = path.join(root, 'bench', 'results', `api-${new Date().toISOString().slice(0, 10)}.md`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, report);
  console.log(report);
  console.log(`Written to ${path.relative(root, out)}`);
} finally {
  api.kill('SIGTERM');
  bare.kill('SIGTERM');
  rmSync(bodiesFile, { force: true });
}
