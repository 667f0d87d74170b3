// `npm run up`: the whole local service in one command. Brings up OpenSearch and Redis (or reuses them), loads
// the demo dataset when none is loaded, then (re)starts the API in the background and waits until it is ready.
// `npm run up -- --data <dir>`: the same, serving the dataset in <dir> (made by `npm run import`) instead of the demo one.
// `npm run up -- --cluster`: the same on the cluster topology (scripts/stack/cluster.ts): 3 OpenSearch nodes, the
// data with 1 replica, a Redis Cluster of 3 masters and 3 replicas.
import path from 'node:path';
import { loadDotEnv, main, parseCommandLine } from '../common/cli.ts';
import { loadConfig } from '../src/config.ts';
import { ensureDemoData, loadDataDir } from './demo-data.ts';
import { demoKey } from './demo-key.ts';
import { API_NODE_FLAGS } from './stack/api-node-flags.ts';
import { startVectorLoad, vectorsLog } from './stack/background-vectors.ts';
import { describe } from './stack/cli.ts';
import { clusterStatus, clusterUp } from './stack/cluster.ts';
import { loadStackConfig, REPO_ROOT, type StackConfig } from './stack/config.ts';
import { apiHealthy } from './stack/health.ts';
import { down, up } from './stack/launcher.ts';
import { modelDir } from './stack/model.ts';
import { portAnswers, StackError, startDetached } from './stack/process.ts';
import { updateState } from './stack/state.ts';

const USAGE = `Usage: npm run up -- [--data DIR] [--cluster]
  starts OpenSearch, Redis and the API (reusing what runs), loading the demo dataset when none is loaded;
  --data serves the dataset in DIR (made by npm run import), --cluster uses the cluster topology. Stop: npm run down`;

const { values: flags } = parseCommandLine(USAGE, {
  options: { cluster: { type: 'boolean', default: false }, data: { type: 'string' } },
});

await main(async () => {
  loadDotEnv();
  const started = Date.now();
  const stackConfig = loadStackConfig();
  const apiConfig = loadConfig();
  const onCluster = flags.cluster;
  const dataDir = flags.data === undefined ? undefined : path.resolve(flags.data);
  const backends = onCluster ? await clusterBackends(stackConfig) : await singleBackends(stackConfig);
  const indexEnv = onCluster ? { INDEX_REPLICAS: '1' } : {};
  // The model is where this launcher fetched it (STACK_CACHE_DIR moves it), unless EMBEDDING_MODEL_DIR says otherwise.
  const modelEnv = { EMBEDDING_MODEL_DIR: process.env.EMBEDDING_MODEL_DIR ?? modelDir(stackConfig) };
  const options = { env: { ...indexEnv, ...modelEnv }, lexicalFirst: true };
  const data = dataDir
    ? await loadDataDir(backends.env.OPENSEARCH_URL, dataDir, options)
    : await ensureDemoData(backends.env.OPENSEARCH_URL, options);

  // A running API from an earlier `up` is replaced, so the code you just changed is what answers.
  await down(stackConfig, ['api']);
  if (await portAnswers(apiConfig.port)) {
    throw new StackError(`Port ${apiConfig.port} is taken by another process; set PORT to a free port.`);
  }
  const host = apiConfig.host === '0.0.0.0' ? '127.0.0.1' : apiConfig.host;
  const url = `http://${host}:${apiConfig.port}`;
  const log = path.join(stackConfig.cacheDir, 'api.log');
  const apiProcess = await startDetached({
    what: 'The API',
    command: process.execPath,
    args: [...API_NODE_FLAGS, '--import', 'tsx', path.join(REPO_ROOT, 'src', 'server.ts')],
    cwd: REPO_ROOT,
    // The API gets the Redis password only here, in its environment (readable by its user alone), never printed.
    env: { ...process.env, ...backends.env, ...modelEnv },
    log,
    timeoutMs: stackConfig.timeoutMs,
    healthy: () => apiHealthy(url),
  });
  const api = { name: 'api', url, provider: 'local', ...apiProcess, log } as const;
  updateState(stackConfig.cacheDir, (state) => {
    state.api = api;
  });

  console.log(`\nReady in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
  console.log(describe({ ...api, reused: false }));
  for (const line of backends.lines) console.log(line);
  console.log(`Data        ${data.summary}`);
  if (data.needsVectors) {
    const env = { ...backends.env, ...options.env, ...(dataDir && { DATA_DIR: dataDir }) };
    const job = startVectorLoad(stackConfig.cacheDir, env);
    console.log(
      `Vectors     ${job === 'started' ? 'being computed' : 'still being computed'} in the background ` +
        `(log: ${path.relative(process.cwd(), vectorsLog(stackConfig.cacheDir))}); semantic search and lookalikes ` +
        'by content start when they are in (about 2 minutes for the 20,000 demo creators)',
    );
  }
  // A demo account with a fresh key, and the suggested search run once, so the printed line works as shown.
  const { accountId, key } = await demoKey(loadConfig({ ...process.env, ...backends.env }).redis, apiConfig);
  const search = dataDir
    ? `${url}/api/v1/creators?query=music&min_subscribers=1000000`
    : `${url}/api/v1/creators?query=personal+finance&country=US&min_subscribers=10000`;
  const answer = await fetch(search, { headers: { authorization: `Bearer ${key}` } });
  if (!answer.ok) throw new StackError(`The API answered ${answer.status} to ${search}: ${await answer.text()}`);
  const { totalFound } = (await answer.json()) as { totalFound: number };
  console.log(`\nDemo account ${accountId} (plan user), API key (shown once; the next \`up\` replaces it):\n  ${key}`);
  console.log(`\nTry:  curl -H 'Authorization: Bearer ${key}' '${search}'    # ${totalFound} creators`);
  console.log(`      curl -H 'Authorization: Bearer ${key}' ${url}/api/v1/credits`);
  console.log(`Docs: ${url}/docs`);
  if (apiConfig.metrics) {
    const { host: metricsHost, port } = apiConfig.metrics;
    console.log(
      `Metrics: http://${metricsHost === '0.0.0.0' ? '127.0.0.1' : metricsHost}:${port}/metrics   (Prometheus)`,
    );
  }
  console.log('Stop: npm run down   (stops the API and what the launcher started; never services you run yourself)');
});

/** What the API is pointed at (its environment, the passwords only there) and what to print about it. */
interface Backends {
  env: { OPENSEARCH_URL: string; REDIS_URL: string; REDIS_CLUSTER_NODES: string };
  lines: string[];
}

async function singleBackends(config: StackConfig): Promise<Backends> {
  const stack = await up(config);
  return {
    env: { OPENSEARCH_URL: stack.opensearch.url, REDIS_URL: stack.redis.url, REDIS_CLUSTER_NODES: '' },
    lines: [describe(stack.opensearch), describe(stack.redis)],
  };
}

async function clusterBackends(config: StackConfig): Promise<Backends> {
  const cluster = await clusterUp(config);
  return {
    // REDIS_URL is left as it was: REDIS_CLUSTER_NODES takes precedence in the API.
    env: {
      OPENSEARCH_URL: cluster.opensearchUrl,
      REDIS_URL: process.env.REDIS_URL ?? '',
      REDIS_CLUSTER_NODES: cluster.redisNodes,
    },
    lines: await clusterStatus(config),
  };
}
