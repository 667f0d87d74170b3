// The local stack launcher (see docs/local-stack.md): `npm run stack:up | stack:down | stack:status`, and two commands
// for tools: `model` fetches the embedding model alone (up fetches it too), `env` prints the URLs (Redis's password
// included). `--cluster` (up, env) means the cluster topology of scripts/stack/cluster.ts; down and status cover both.
import { loadDotEnv, main, parseCommandLine, UsageError } from '../common/cli.ts';
import { describe } from './stack/cli.ts';
import { clusterDown, clusterStatus, clusterUp, clusterUrls } from './stack/cluster.ts';
import { loadStackConfig } from './stack/config.ts';
import { down, status, up } from './stack/launcher.ts';
import { ensureModel } from './stack/model.ts';
import { maskUrl } from './stack/redis.ts';
import { SERVICE_NAMES, type Service, type ServiceName } from './stack/state.ts';

const USAGE = `Usage: npm run stack:up -- [--cluster] [--json]    start OpenSearch and Redis, or reuse them
       npm run stack:down -- [service…]          stop what the launcher started, or the services named
                                                 (${[...SERVICE_NAMES, 'cluster'].join(', ')}); npm run down is the same
       npm run stack:status -- [--json]          what the launcher runs, and whether it is healthy
       npx tsx scripts/stack.ts model            fetch the embedding model alone
       npx tsx scripts/stack.ts env [--cluster]  print the URLs (Redis's password included) for other tools`;

/** What is printed never carries a password, in JSON too (it ends up in CI logs). */
const masked = <S extends Pick<Service, 'url'>>(service: S): S => ({ ...service, url: maskUrl(service.url) });

const { values, positionals } = parseCommandLine(USAGE, {
  allowPositionals: true,
  options: { cluster: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } },
});
const [command = 'status', ...names] = positionals;
const { json } = values;

await main(async () => {
  loadDotEnv();
  const config = loadStackConfig();
  switch (command) {
    case 'up': {
      const started = Date.now();
      if (values.cluster) {
        await clusterUp(config);
        console.log(`\nCluster ready in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
        for (const line of await clusterStatus(config)) console.log(line);
        return console.log('Stop with: npm run stack:down');
      }
      const stack = await up(config);
      if (json)
        return console.log(JSON.stringify({ opensearch: masked(stack.opensearch), redis: masked(stack.redis) }));
      console.log(`\nStack ready in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
      for (const service of Object.values(stack)) console.log(describe(service));
      console.log('Stop with: npm run stack:down');
      return;
    }
    case 'down': {
      for (const name of names)
        if (!SERVICE_NAMES.includes(name as ServiceName) && name !== 'cluster') {
          throw new UsageError(`Unknown service "${name}"`);
        }
      const stopped: string[] = await down(config, names.length ? (names as ServiceName[]) : undefined);
      if (!names.length || names.includes('cluster')) {
        const nodes = await clusterDown(config);
        if (nodes) stopped.push(`the cluster (${nodes} processes)`);
      }
      console.log(stopped.length ? `Stopped: ${stopped.join(', ')}` : 'Nothing the launcher started is running.');
      return;
    }
    case 'status': {
      const services = await status(config);
      const cluster = await clusterStatus(config);
      if (json) return console.log(JSON.stringify(services.map(masked)));
      if (!services.length && !cluster.length) console.log('The launcher has nothing running.');
      for (const s of services) {
        const health = !s.running ? 'NOT running (its process is gone)' : s.healthy ? 'healthy' : 'NOT healthy';
        console.log(`${describe(s)}\n${' '.repeat(12)}${health}`);
      }
      for (const line of cluster) console.log(line);
      return;
    }
    case 'model':
      // What `up` fetches besides the services; the Dockerfile runs it to put the model in the images.
      return console.log(`Embedding model: ${await ensureModel(config)}`);
    case 'env': {
      // For tools that read OPENSEARCH_URL/REDIS_URL themselves: export $(npx tsx scripts/stack.ts env)
      if (values.cluster) {
        const cluster = await clusterUrls(config);
        if (!cluster) throw new Error('No cluster runs: npm run stack:up -- --cluster first.');
        return console.log(`OPENSEARCH_URL=${cluster.opensearchUrl}\nREDIS_CLUSTER_NODES=${cluster.redisNodes}`);
      }
      const running = (await status(config)).filter((s) => s.running && s.name !== 'api');
      if (!running.length) throw new Error('The launcher has nothing running: npm run stack:up first.');
      for (const s of running) console.log(`${s.name === 'redis' ? 'REDIS_URL' : 'OPENSEARCH_URL'}=${s.url}`);
      return;
    }
    default:
      throw new UsageError(`Unknown command "${command}"`);
  }
}, USAGE);
