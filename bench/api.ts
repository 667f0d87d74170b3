// `npm run bench:api`: how creator search costs grow with data, what the speed work bought, and what the API adds.
// It measures nothing until the live request shape returns the same answers as the replaced one, and takes ratios
// within rounds of rotating order, so a noisy shared machine cannot pass for a speed-up; docs/speed.md has the
// method and the results. Needs OpenSearch and Redis (`npm run up`, or the local cluster of `npm run up -- --cluster`
// with its OPENSEARCH_URL and REDIS_CLUSTER_NODES). Writes <out>/api-<date>T<time>.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Cluster } from 'ioredis';
import { parseCommandLine, wholeNumber } from '../common/cli.ts';
import { loadIndexerConfig } from '../indexer/config.ts';
import { API_NODE_FLAGS } from '../scripts/stack/api-node-flags.ts';
import { loadToolEnv } from '../scripts/stack/cli.ts';
import { Accounts } from '../src/access/accounts.ts';
import { redisKeys } from '../src/access/store.ts';
import { createRedis, directRequest, officialClient } from '../src/clients.ts';
import { loadConfig } from '../src/config.ts';
import { SearchCreatorsParams } from '../src/contract/params.ts';
import { authorization } from '../src/opensearch.ts';
import { addsStoredPopularity, EMBEDDING, usesSemantic } from '../src/search/creator-query.ts';
import { loadEmbedder } from '../src/search/embedder.ts';
import { aliases } from '../src/search/indices.ts';
import { loadProfile } from '../src/search/profile.ts';
import { SIMILAR_SOURCE, type SimilarTarget } from '../src/search/similar-query.ts';
import { type Dataset, prepareDataset } from './api/datasets.ts';
import { growthChart, growthPoints, growthSection } from './api/growth.ts';
import { closedLoop, type Figures, type OpenLoopFigures, openLoop, sequential, type Target } from './api/load.ts';
import { othersBusy, quietMachine } from './api/machine-load.ts';
import {
  apiRequests,
  beforeRequests,
  type Case,
  descriptiveQueries,
  type Lookup,
  liveRequests,
  lookups,
  searchMix,
  similarLookups,
} from './api/mix.ts';
import { rssMb, type Started, startNode, stop } from './api/processes.ts';
import { knnRecall } from './api/recall.ts';
import {
  API,
  BARE,
  BEFORE,
  baselineName,
  FACETED,
  FACETS,
  LEAN,
  LIVE,
  OPEN,
  renderReport,
  SEMANTIC_API,
  type SizeResult,
} from './api/report.ts';
import { sameResults } from './api/same-results.ts';
import { median, quantile } from './api/stats.ts';
import { applyLayout, localPid, parseLayout } from './cpu-layout.ts';
import { machine } from './machine.ts';

const root = path.resolve(import.meta.dirname, '..');
const USAGE = `Usage: npm run bench:api -- [--sizes 20000,200000,1000000] [--layouts split,shared] [--semantic]
         [--duration 10] [--rounds 3] [--warmup 5] [--connections 8] [--open 10] [--sequential 300] [--soak 0]
         [--baseline <git revision>] [--facets] [--before-up-to 1000000] [--out bench/results]
  creator search's cost against data size and what the API adds (docs/speed.md); needs OpenSearch and Redis`;
const {
  values,
  sizes,
  layouts,
  duration,
  roundCount,
  warmup,
  connections,
  openSeconds,
  sequentialCount,
  soakSeconds,
  beforeUpTo,
} = parseCommandLine(
  USAGE,
  {
    options: {
      sizes: { type: 'string', default: '20000,200000,1000000' },
      layouts: { type: 'string', default: 'split,shared' },
      duration: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '3' },
      warmup: { type: 'string', default: '5' },
      connections: { type: 'string', default: '8' },
      open: { type: 'string', default: '10' },
      sequential: { type: 'string', default: '300' },
      soak: { type: 'string', default: '0' },
      // The replaced request shape on the data loaded as before, measured and checked for the same answers up to
      // this size: above it that second load (about an hour at 5,000,000) is skipped and only the live shape runs.
      'before-up-to': { type: 'string', default: '1000000' },
      out: { type: 'string', default: path.join(root, 'bench', 'results') },
      // Another revision's metered API as one more target of the same rounds: a change's cost measured within rounds,
      // not across runs of a noisy machine.
      baseline: { type: 'string' },
      // Semantic search's cost: the data with vectors, the descriptive queries added to the mix, the API with
      // SEMANTIC=on beside the lexical one in every round, query embedding timed, and lookalikes among the lookups.
      semantic: { type: 'boolean', default: false },
      // Facet counts' cost: the same API process asked the same searches with every creator facet, same rounds.
      facets: { type: 'boolean', default: false },
    },
  },
  ({ values }) => ({
    values,
    sizes: values.sizes.split(',').map((size) => wholeNumber(size, '--sizes', 1)),
    layouts: values.layouts.split(',').map(parseLayout),
    duration: wholeNumber(values.duration, '--duration', 1),
    roundCount: wholeNumber(values.rounds, '--rounds', 1),
    warmup: wholeNumber(values.warmup, '--warmup'),
    connections: wholeNumber(values.connections, '--connections', 1),
    openSeconds: wholeNumber(values.open, '--open', 1),
    sequentialCount: wholeNumber(values.sequential, '--sequential', 1),
    soakSeconds: wholeNumber(values.soak, '--soak'),
    beforeUpTo: wholeNumber(values['before-up-to'], '--before-up-to', 1),
  }),
);
const semantic = values.semantic;
// prepareDataset loads vectors when SEMANTIC is on in this environment (bench/api/datasets.ts).
if (semantic) process.env.SEMANTIC = 'true';

loadToolEnv();
const config = loadConfig();
/** Direct OpenSearch, and the node the data is loaded through: the first of OPENSEARCH_URL (one node, or the local
 * cluster's first; the API goes round them all). */
const opensearchUrl = config.opensearch.nodes[0] as string;
const client = officialClient(config.opensearch, { requestTimeout: 600_000 });
const profile = loadProfile();
const shapes = {
  ranking: profile.ranking.creators,
  pageSize: config.pageSize,
  depthLimit: config.searchDepthLimit,
  authorization: authorization(config.opensearch),
};
const BENCH_PREFIX = 'bench:';
// The filter recall is also measured under: the generated data's most common country, about a fifth of creators.
const RECALL_FILTER = { field: 'country', value: 'united states of america' };
const log = (line: string) => console.log(line);

/** The targets in the order round `round` measures them: each round starts with the next one. */
const rotated = (targets: Target[], round: number) =>
  targets.map((_, k) => targets[(round + k) % targets.length] as Target);

/** OpenSearch's CPU so far, summed over every node: one, or the local cluster's (every search may use them all). */
async function opensearchCpuMs(): Promise<number> {
  const answer = await fetch(...directRequest(config.opensearch, '/_nodes/stats/process'));
  const stats = (await answer.json()) as { nodes: Record<string, { process: { cpu: { total_in_millis: number } } }> };
  const nodes = Object.values(stats.nodes);
  return nodes.length ? nodes.reduce((sum, node) => sum + node.process.cpu.total_in_millis, 0) : Number.NaN;
}

async function lookupSample(dataset: Dataset): Promise<Lookup[]> {
  const { body } = await client.search({
    index: aliases(dataset.prefix).creators,
    body: {
      size: 100,
      _source: [...SIMILAR_SOURCE, ...(semantic ? [EMBEDDING] : [])],
      query: { function_score: { functions: [{ random_score: { seed: 42, field: '_seq_no' } }] } },
    },
  });
  const creators = (body.hits.hits as { _source: SimilarTarget & { slug: string } }[]).map((h) => h._source);
  const sponsorIds = Array.from({ length: 100 }, (_, i) => 1 + ((i * 997) % 1500));
  return [
    ...lookups(dataset.prefix, creators, sponsorIds),
    ...(semantic ? similarLookups(dataset.prefix, creators, config.pageSize, profile.ranking) : []),
  ];
}

/**
 * Each distinct query the API would embed, embedded once, one at a time, on one thread: CPU ms per query (the
 * target's measure) and wall ms. onnxruntime runs a one-thread session on the calling thread, and nothing else runs
 * in this process meanwhile, so the process's CPU time is the model's. Other processes' load still inflates it (the
 * cores share caches; 3.5 and 5.6 ms in two runs of the same code): the timing starts once the machine is quiet,
 * and the report says how busy the rest of it was meanwhile.
 */
async function embeddingTimes(
  cases: Case[],
): Promise<{ times: NonNullable<SizeResult['embedding']>; vectors: Float32Array[] }> {
  if (!config.semantic) throw new Error('--semantic needs SEMANTIC on (it is set by the option itself)');
  const embedder = await loadEmbedder(config.semantic.modelDir, 1);
  try {
    const embedded = cases
      .map((c) => SearchCreatorsParams.parse(c))
      .filter((p) => usesSemantic(p, profile.ranking.creators));
    const distinct = [...new Set(embedded.map((p) => p.query))];
    await embedder.embed(distinct.slice(0, 20)); // onnxruntime's first runs
    await quietMachine();
    const cpu: number[] = [];
    const wall: number[] = [];
    const vectors: Float32Array[] = [];
    const { cores } = await othersBusy(async () => {
      for (const query of distinct) {
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        vectors.push(...(await embedder.embed([query])));
        wall.push(performance.now() - started);
        const used = process.cpuUsage(cpuBefore);
        cpu.push((used.user + used.system) / 1000);
      }
    });
    return {
      times: {
        queries: distinct.length,
        p50: quantile(cpu, 0.5),
        p99: quantile(cpu, 0.99),
        wallP50: quantile(wall, 0.5),
        othersCores: cores,
      },
      vectors,
    };
  } finally {
    await embedder.close();
  }
}

/** The API on one dataset; limits far out of reach so they are counted but never hit. */
const startApi = (dataset: Dataset, env: NodeJS.ProcessEnv = {}, checkout = root) =>
  startNode(
    [...API_NODE_FLAGS, 'dist/server.js'],
    {
      INDEX_PREFIX: dataset.prefix,
      REDIS_KEY_PREFIX: BENCH_PREFIX,
      PLAN_USER_RATE_PER_MIN: '1000000',
      IP_RATE_PER_MIN: '10000000',
      // The lexical API unless said: with --semantic the data has vectors, which only SEMANTIC_API may use.
      SEMANTIC: 'false',
      ...env,
    },
    '/readyz',
    checkout,
  );

/**
 * `--baseline <revision>`: that revision checked out (a git worktree under .cache/bench, sharing node_modules) and
 * built, to run its API beside today's.
 */
function baselineCheckout(revision: string): { dir: string; sha: string; name: string } {
  const sha = execFileSync('git', ['rev-parse', '--short', `${revision}^{commit}`], { cwd: root })
    .toString()
    .trim();
  const dir = path.join(root, '.cache', 'bench', `baseline-${sha}`);
  if (!existsSync(dir)) execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { cwd: root, stdio: 'inherit' });
  if (!existsSync(path.join(dir, 'node_modules')))
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  execFileSync('npm', ['run', '-s', 'build'], { cwd: dir, stdio: 'inherit' });
  return { dir, sha, name: baselineName(sha) };
}
const baseline = values.baseline ? baselineCheckout(values.baseline) : undefined;

/**
 * Stops unless the live shape answers every request of the mix as the replaced one did (same top 25, same total).
 * It also warms OpenSearch up: every request of both shapes has run once before the clock starts.
 */
async function checkSameAnswers(dataset: Dataset, beforePrefix: string, cases: Case[]): Promise<void> {
  const before = beforeRequests(cases, beforePrefix, shapes);
  const { compared, differences } = await sameResults(
    opensearchUrl,
    before,
    liveRequests(cases, dataset.prefix, { ...shapes, indexedPopularity: dataset.indexedPopularity }),
  );
  if (differences.length) {
    const shown = differences.map(
      (d) =>
        `  ${JSON.stringify(cases[d.request])}: before ${d.before.total} [${d.before.ids.join(' ')}], live ${d.live.total} [${d.live.ids.join(' ')}]`,
    );
    throw new Error(`At ${dataset.creators} creators the live shape answers differently:\n${shown.join('\n')}`);
  }
  const stored = cases.filter((c) =>
    addsStoredPopularity(SearchCreatorsParams.parse(c), shapes.ranking, dataset.indexedPopularity),
  ).length;
  log(
    `${dataset.creators} creators: the same top ${config.pageSize} and totalFound for all ${compared} requests ` +
      `(the live shape added the stored popularity sum in ${stored}).`,
  );
}

async function measureSize(dataset: Dataset, layout: string, cases: Case[], key: string, smallest: boolean) {
  const { beforePrefix } = dataset;
  if (beforePrefix) await checkSameAnswers(dataset, beforePrefix, cases);
  else log(`${dataset.creators} creators: above --before-up-to, so only the live shape runs (no same-answers check).`);
  const started: Started[] = [];
  const bodiesFile = path.join(os.tmpdir(), `bench-bodies-${process.pid}.json`);
  try {
    const live = liveRequests(cases, dataset.prefix, { ...shapes, indexedPopularity: dataset.indexedPopularity });
    const api = await startApi(dataset);
    started.push(api);
    const targets: Target[] = [
      ...(beforePrefix
        ? [{ name: BEFORE, url: opensearchUrl, requests: beforeRequests(cases, beforePrefix, shapes) }]
        : []),
      { name: LIVE, url: opensearchUrl, requests: live },
      { name: API, url: api.url, requests: apiRequests(cases, key), pid: api.pid },
    ];
    const semanticApi = semantic ? await startApi(dataset, { SEMANTIC: 'true' }) : undefined;
    if (semanticApi) {
      started.push(semanticApi);
      targets.push({
        name: SEMANTIC_API,
        url: semanticApi.url,
        requests: apiRequests(cases, key),
        pid: semanticApi.pid,
      });
    }
    if (values.facets) {
      targets.push({
        name: FACETED,
        url: api.url,
        requests: apiRequests(cases, key, { facets: FACETS }),
        pid: api.pid,
      });
    }
    if (baseline) {
      const other = await startApi(dataset, {}, baseline.dir);
      started.push(other);
      targets.push({ name: baseline.name, url: other.url, requests: apiRequests(cases, key), pid: other.pid });
    }
    if (smallest) {
      const open = await startApi(dataset, { ACCESS_DISABLED: 'true' });
      writeFileSync(bodiesFile, JSON.stringify(live.map((r) => r.body)));
      const bare = await startNode(
        ['--import', 'tsx', 'bench/bare-proxy.ts'],
        {
          BARE_BODIES: bodiesFile,
          BARE_PATH: String(live[0]?.path),
          OPENSEARCH_URL: opensearchUrl,
          BARE_AUTHORIZATION: shapes.authorization.authorization ?? '',
        },
        '/0',
      );
      const lean = await startNode(
        [...API_NODE_FLAGS, '--import', 'tsx', 'bench/lean-api.ts'],
        { INDEX_PREFIX: dataset.prefix },
        '/api/v1/creators?query=a',
      );
      started.push(open, bare, lean);
      targets.push(
        { name: OPEN, url: open.url, requests: apiRequests(cases, undefined), pid: open.pid },
        { name: LEAN, url: lean.url, requests: apiRequests(cases, undefined), pid: lean.pid },
        { name: BARE, url: bare.url, requests: live.map((_, i) => ({ method: 'GET', path: `/${i}` })), pid: bare.pid },
      );
    }
    const result: SizeResult = {
      creators: dataset.creators,
      layout,
      loadSeconds: dataset.loadSeconds,
      indexBytes: dataset.indexBytes,
      rounds: [],
      passes: {},
      open: [],
      lookups: [],
    };
    if (semantic) {
      const { times, vectors } = await embeddingTimes(cases);
      result.embedding = times;
      const nearest = profile.ranking.creators.semantic;
      if (!nearest?.k) throw new Error(`--semantic measures recall at the profile's k, and ${profile.name} sets none`);
      log(`  recall@10 of the k-NN search against exact search, ${vectors.length} queries...`);
      result.recall = await knnRecall(
        client,
        `${dataset.prefix}creators`,
        vectors,
        { ...nearest, k: nearest.k },
        dataset.creators,
        RECALL_FILTER,
      );
    }
    // Each target sends whole passes of the mix, as many as fill about `duration` seconds at its warm-up rate
    // (at least one), so every figure of a target is an average over the same searches: in a fixed time a faster
    // target would get further into the mix than a slower one, and at 1,000,000 creators neither would finish it.
    const { passes } = result;
    for (const t of targets) {
      const { rps } = await closedLoop(t, { seconds: warmup }, connections, opensearchCpuMs); // JIT, caches, connections
      passes[t.name] = Math.max(1, Math.round((rps * duration) / cases.length));
    }
    for (let round = 0; round < roundCount; round++) {
      // Each round starts with another target, so none is always measured first (or right after another).
      const figures: Record<string, Figures> = {};
      // Every target of a round starts at the same place in the mix; each round at another.
      const offset = Math.floor((round * cases.length) / roundCount);
      for (const t of rotated(targets, round)) {
        const length = { requests: (passes[t.name] as number) * cases.length };
        figures[t.name] = await closedLoop(t, length, connections, opensearchCpuMs, offset);
      }
      result.rounds.push(figures);
      log(
        `  ${dataset.creators} ${layout} round ${round + 1}: ${targets.map((t) => `${t.name} ${figures[t.name]?.rps.toFixed(0)}/s (${passes[t.name]}× the mix)`).join('; ')}`,
      );
    }
    const directMax = median(result.rounds.map((r) => (r[LIVE] as Figures).rps));
    // Direct and every process in front of OpenSearch at the same offered load (the bare proxy's tail is the floor
    // of any hop), in rounds like the closed loop: one load's tail says more about the machine than the target.
    // The search work alone is a floor of CPU, measured in the closed loop only.
    const loaded = targets.filter((t) => t.name !== BEFORE && t.name !== LEAN);
    for (const share of [0.5, 0.8]) {
      const rate = Math.max(1, Math.round(directMax * share));
      const rounds: Record<string, OpenLoopFigures>[] = [];
      for (let round = 0; round < roundCount; round++) {
        const figures: Record<string, OpenLoopFigures> = {};
        for (const t of rotated(loaded, round)) figures[t.name] = await openLoop(t, rate, openSeconds);
        rounds.push(figures);
      }
      result.open.push({ share, rate, rounds });
    }
    if (smallest)
      result.overload = await overload(
        targets.find((t) => t.name === API) as Target,
        median(result.rounds.map((r) => (r[API] as Figures).rps)),
      );
    const sample = await lookupSample(dataset);
    for (const kind of ['creator', 'audience', 'sponsor', 'similar'] as const) {
      const chosen = sample.filter((l) => l.kind === kind);
      if (!chosen.length) continue;
      const headers = { authorization: `Bearer ${key}` };
      const direct = { 'content-type': 'application/json', ...shapes.authorization };
      result.lookups.push({
        kind,
        direct: await sequential(
          opensearchUrl,
          chosen.map((l) => ({ ...l.direct, headers: direct })),
          sequentialCount,
        ),
        // Lookalikes by content need the API that may use the vectors.
        api: await sequential(
          (kind === 'similar' && semanticApi ? semanticApi : api).url,
          chosen.map((l) => ({ path: l.api, headers })),
          sequentialCount,
        ),
      });
    }
    return result;
  } finally {
    await Promise.all(started.map(stop));
    rmSync(bodiesFile, { force: true });
  }
}

/**
 * Past the API's maximum: open loop at 50% and 150% of the metered API's closed-loop rate, in rounds. At 150% it
 * must shed what it cannot serve (503) and keep the served calls' latency bounded; the credits the account lost over
 * the overload, once refunds have settled, must equal the calls served: every shed call free.
 */
async function overload(api: Target, apiMax: number): Promise<NonNullable<SizeResult['overload']>> {
  const rate = Math.max(2, Math.round(apiMax));
  const rounds: NonNullable<SizeResult['overload']>['rounds'] = [];
  for (let round = 0; round < roundCount; round++) {
    const half = await openLoop(api, Math.round(rate * 0.5), openSeconds);
    // Settled first: blocks of credits taken under the load before still hold credits they give back.
    const before = await settledBalance();
    const over = await openLoop(api, Math.round(rate * 1.5), openSeconds);
    rounds.push({ half, over, charged: before - (await settledBalance()) });
    log(
      `  overload round ${round + 1}: ${over.served} served, ${over.shed} shed, p99 ${over.p99.toFixed(1)} ms (${half.p99.toFixed(1)} ms at 50%)`,
    );
  }
  return { rate, rounds };
}

/** The benchmark account's balance once refunds have landed: read until it holds still for a second. */
async function settledBalance(): Promise<number> {
  let last = await benchBalance();
  for (let still = 0; still < 4; ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await benchBalance();
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return last;
}

/** The API under closed-loop load for `seconds`, its resident memory sampled every 10 s. */
async function soak(dataset: Dataset, cases: Case[], key: string, seconds: number): Promise<string> {
  const api = await startApi(dataset);
  try {
    const samples: number[] = [rssMb(api.pid)];
    const target = { name: API, url: api.url, requests: apiRequests(cases, key), pid: api.pid };
    const served: number[] = [];
    for (let t = 0; t < seconds; t += 10) {
      served.push((await closedLoop(target, { seconds: 10 }, connections, opensearchCpuMs)).rps);
      samples.push(rssMb(api.pid));
    }
    const mb = (x: number) => x.toFixed(0);
    return `The API (metered key) at ${dataset.creators.toLocaleString('en')} creators under ${seconds} s of closed-loop load (${connections} connections, ${mb(median(served))} req/s median). Resident memory every 10 s, MB: ${samples.map(mb).join(', ')}. Start ${mb(samples[0] as number)}, highest ${mb(Math.max(...samples))}, last ${mb(samples.at(-1) as number)}; the last minute's mean minus the first minute's after the start: ${mb(mean(samples.slice(-6)) - mean(samples.slice(1, 7)))} MB.`;
  } finally {
    await stop(api);
  }
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** The benchmark account's balance, set once the account is made. */
let benchBalance: () => Promise<number>;

/** One node, or the local cluster (npm run up -- --cluster, its nodes in OPENSEARCH_URL): how the data is laid out. */
async function clusterTopology(): Promise<{ described: string; loads: string | undefined }> {
  const { body } = await client.cat.nodes({ format: 'json' });
  const nodes = (body as unknown[]).length;
  const { shards, replicas } = loadIndexerConfig({ ...process.env, OPENSEARCH_URL: opensearchUrl });
  const described = `${nodes === 1 ? 'one node' : `${nodes} nodes`}, ${shards} ${shards === 1 ? 'shard' : 'shards'} and ${replicas} ${replicas === 1 ? 'replica' : 'replicas'} per index`;
  // The loads' times are kept apart from one node's default layout (whose keys predate the cluster).
  return { described, loads: nodes === 1 && shards === 1 && replicas === 0 ? undefined : described };
}
const topology = await clusterTopology();

const redis = createRedis(config.redis);
/** Every server of the Redis the API uses: one, or the local Redis Cluster's masters and replicas. */
const redisServers = () => (redis instanceof Cluster ? redis.nodes('all') : [redis]);
try {
  execFileSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  const datasets: Dataset[] = [];
  for (const size of sizes)
    datasets.push(await prepareDataset(client, opensearchUrl, size, log, beforeUpTo, topology.loads));
  const cases = searchMix((datasets[0] as Dataset).dir, semantic ? descriptiveQueries(root) : []);
  const store = new Accounts(redis, BENCH_PREFIX);
  const accountId = await store.createAccount({ plan: 'user', allowance: 1_000_000_000 });
  const { key } = await store.createApiKey(accountId, config.keyPrefix, 'benchmark');
  benchBalance = async () => Number(await redis.hget(redisKeys(BENCH_PREFIX).account(accountId), 'balance'));
  const redisPids = await Promise.all(
    redisServers().map(async (server) =>
      localPid(Number(/process_id:(\d+)/.exec(await server.info('server'))?.[1]), 'redis'),
    ),
  );
  const results: SizeResult[] = [];
  let soakText: string | undefined;
  const layoutsDescribed: string[] = [];
  for (const layout of layouts) {
    const pinned = await applyLayout(layout, config.opensearch, redisPids);
    layoutsDescribed.push(`${layout} (${pinned.description})`);
    try {
      for (const [i, dataset] of datasets.entries()) {
        results.push(await measureSize(dataset, layout, cases, key, i === 0));
      }
      if (soakSeconds > 0 && !soakText) soakText = await soak(datasets[0] as Dataset, cases, key, soakSeconds);
    } finally {
      pinned.restore();
    }
  }

  // The measured figures first: a run at 5,000,000 takes most of an hour, and a fault in the report after it must not
  // lose them.
  mkdirSync(path.join(root, '.cache', 'bench'), { recursive: true });
  writeFileSync(path.join(root, '.cache', 'bench', 'last-api-results.json'), JSON.stringify(results));
  const { body: info } = await client.info();
  const now = new Date();
  const header = `# API benchmark, ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC

Machine: ${machine()}; OpenSearch ${info.version.number} (${topology.described}, heap as the launcher set it), the API, Redis and the load generator all run on it.${topology.loads ? ' Direct OpenSearch is asked through the first node; the API goes round them all.' : ''}
Layouts: ${layoutsDescribed.join('; ')}.
${baseline ? `Baseline: revision ${baseline.sha} (\`--baseline\`), built in ${path.relative(root, baseline.dir)}: its API with the same key, account and settings is one more target of every round, so today's metered API and the baseline's are compared within rounds.\n` : ''}Mix: ${cases.length} creator searches (${cases.length / 4} judged queries${semantic ? ', the descriptive ones included (--semantic)' : ''} plain, with a country, sorted with a floor, page 2 with a filter), the same at every size. Ranking profile ${profile.name} (${profile.version}); API at LOG_LEVEL=${config.logLevel}.
Closed loop: autocannon, ${connections} connections, whole passes of the mix per target and round (as many as fill about ${duration} s at the target's warm-up rate, at least one), ${roundCount} rounds in rotating order after a ${warmup} s warm-up per target; medians of the rounds, with their range.
Open loop: ${openSeconds} s per target and rate. Lookups: ${sequentialCount} per kind and target.
Data: ${datasets.map((d) => `${d.creators.toLocaleString('en')} creators, ${d.loadSeconds === undefined ? 'load time not recorded' : `loaded in ${Math.round(d.loadSeconds).toLocaleString('en')} s`}${semantic ? ' with vectors' : ''}, creators index ${(d.indexBytes / 2 ** 30).toFixed(2)} GiB on disk`).join('; ')} (a load is reused while its data and index definition are unchanged, and its time kept from the run that made it).
Same answers: at every size up to ${beforeUpTo.toLocaleString('en')} creators (\`--before-up-to\`; above it the data is not loaded as before, and only the live shape runs), in each layout, before anything was measured (which also ran every request once), the live shape returned the same top ${config.pageSize} (ids and order) and totalFound as the replaced one for all ${cases.length} requests.
Before: bench/before-query.ts (the request shape live when the speed work began) on the data loaded as the indexer loaded it then (INDEX_FORCE_MERGE=false, INDEX_SORT=false). Live: the API's request shape on the data as the indexer loads it now (with the popularity clauses' sum the indexer stored, for every search without a language or country hint).`;
  const out = path.join(path.resolve(values.out), `api-${now.toISOString().slice(0, 16).replace(':', '')}.md`);
  mkdirSync(path.dirname(out), { recursive: true });
  let growth: string | undefined;
  if (sizes.length > 1) {
    const chart = path.basename(out).replace(/\.md$/, '-growth.svg');
    const points = growthPoints(results);
    writeFileSync(
      path.join(path.dirname(out), chart),
      growthChart(points, `Creator search against data size, ${now.toISOString().slice(0, 10)}`, machine()),
    );
    growth = growthSection(points, chart);
  }
  const report = renderReport({ header, results, soak: soakText, growth });
  writeFileSync(out, report);
  console.log(report);
  console.log(`Written to ${path.relative(process.cwd(), out)}`);
} finally {
  // A long run leaves tens of thousands of per-call keys: found with SCAN (KEYS held Redis for 34 ms) on each master
  // and unlinked a batch at a time, one key a command (a cluster refuses one command across slots).
  for (const server of redis instanceof Cluster ? redis.nodes('master') : [redis]) {
    const scan = server.scanStream({ match: `${BENCH_PREFIX}*`, count: 1000 }) as AsyncIterable<string[]>;
    for await (const keys of scan) {
      const batch = server.pipeline();
      for (const key of keys) batch.unlink(key);
      await batch.exec();
    }
  }
  redis.disconnect();
  await client.close();
}
