// `npm run bench:profile`: where the API's CPU goes under bench:api's closed loop. It runs the built API under
// `node --cpu-prof`, loads it with bench:api's search mix (metered key, or ACCESS_DISABLED with --unmetered), and
// from the samples taken during the measured load only writes a flame graph (SVG) and the self time by owner and
// by function (Markdown) to <out>/profile-<date>T<time>[-unmetered].{svg,md}. Needs OpenSearch and Redis.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { parseCommandLine, wholeNumber } from '../common/cli.ts';
import { API_NODE_FLAGS } from '../scripts/stack/api-node-flags.ts';
import { loadToolEnv } from '../scripts/stack/cli.ts';
import { Accounts } from '../src/access/accounts.ts';
import { officialClient } from '../src/clients.ts';
import { loadConfig } from '../src/config.ts';
import { singleRedis } from '../src/redis.ts';
import { prepareDataset } from './api/datasets.ts';
import { type CpuProfile, callTree, flameGraphSvg, selfTime } from './api/flame-graph.ts';
import { closedLoop } from './api/load.ts';
import { apiRequests, searchMix } from './api/mix.ts';
import { startNode, stop } from './api/processes.ts';
import { applyLayout, localPid, parseLayout } from './cpu-layout.ts';
import { machine } from './machine.ts';

const root = path.resolve(import.meta.dirname, '..');
const USAGE = `Usage: npm run bench:profile -- [--size 20000] [--seconds 20] [--warmup 5] [--connections 8]
         [--layout split|shared] [--unmetered] [--save-profile] [--out bench/results]
  a CPU profile of the API under bench:api's search mix: a flame graph and self time by owner (docs/speed.md)`;
const { values, size, seconds, warmup, connections, layout } = parseCommandLine(
  USAGE,
  {
    options: {
      size: { type: 'string', default: '20000' },
      seconds: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '5' },
      connections: { type: 'string', default: '8' },
      layout: { type: 'string', default: 'split' },
      unmetered: { type: 'boolean', default: false },
      // The raw profile beside the report too, for Chrome DevTools or speedscope.
      'save-profile': { type: 'boolean', default: false },
      out: { type: 'string', default: path.join(root, 'bench', 'results') },
    },
  },
  ({ values }) => ({
    values,
    size: wholeNumber(values.size, '--size', 1),
    seconds: wholeNumber(values.seconds, '--seconds', 1),
    warmup: wholeNumber(values.warmup, '--warmup'),
    connections: wholeNumber(values.connections, '--connections', 1),
    layout: parseLayout(values.layout),
  }),
);

loadToolEnv();
const config = loadConfig();
const opensearchUrl = config.opensearch.nodes[0] as string;
const client = officialClient(config.opensearch, { requestTimeout: 600_000 });
const redis = new Redis(singleRedis(config.redis, 'bench:profile'));
const PREFIX = 'bench:';
const log = (line: string) => console.log(line);
/** V8's profile clock: the monotonic clock in µs, the same in every process of the machine. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

const profileDir = mkdtempSync(path.join(os.tmpdir(), 'api-profile-'));
try {
  execFileSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  const dataset = await prepareDataset(client, opensearchUrl, size, log);
  const accounts = new Accounts(redis, PREFIX);
  const accountId = await accounts.createAccount({ plan: 'user', allowance: 1_000_000_000 });
  const { key } = await accounts.createApiKey(accountId, config.keyPrefix, 'profile');
  const redisPid = localPid(Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]), 'redis');
  const pinned = await applyLayout(layout, config.opensearch, [redisPid]);
  let window: [number, number];
  let figures: Awaited<ReturnType<typeof closedLoop>>;
  try {
    const api = await startNode(
      [...API_NODE_FLAGS, '--cpu-prof', `--cpu-prof-dir=${profileDir}`, 'dist/server.js'],
      {
        INDEX_PREFIX: dataset.prefix,
        REDIS_KEY_PREFIX: PREFIX,
        PLAN_USER_RATE_PER_MIN: '1000000',
        IP_RATE_PER_MIN: '10000000',
        SEMANTIC: 'false',
        ...(values.unmetered && { ACCESS_DISABLED: 'true' }),
      },
      '/readyz',
    );
    try {
      const target = {
        name: 'API',
        url: api.url,
        requests: apiRequests(searchMix(dataset.dir), values.unmetered ? undefined : key),
        pid: api.pid,
      };
      const osCpu = async () => Number.NaN;
      if (warmup) await closedLoop(target, { seconds: warmup }, connections, osCpu);
      const from = nowUs();
      figures = await closedLoop(target, { seconds }, connections, osCpu);
      window = [from, nowUs()];
    } finally {
      await stop(api);
    }
  } finally {
    pinned.restore();
  }
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`the API wrote no CPU profile into ${profileDir}`);
  const text = readFileSync(path.join(profileDir, file), 'utf8');
  const tree = callTree(JSON.parse(text) as CpuProfile, ...window);
  const { owners, functions } = selfTime(tree);
  const code = (text: string) => `\`${text.replace(/\|/g, '\\|')}\``;
  const share = (n: number) => `${((n / tree.total) * 100).toFixed(1)}%`;
  const what = values.unmetered ? 'ACCESS_DISABLED' : 'metered key';
  const stamp = new Date().toISOString().slice(0, 16).replace(':', '');
  const name = `profile-${stamp}${values.unmetered ? '-unmetered' : ''}`;
  if (values['save-profile']) writeFileSync(path.join(values.out, `${name}.cpuprofile`), text);
  const title = `API (${what}), ${size.toLocaleString('en')} creators, ${layout} layout, ${figures.rps.toFixed(0)} req/s, ${figures.frontCpu.toFixed(2)} ms CPU per call`;
  writeFileSync(path.join(values.out, `${name}.svg`), flameGraphSvg(tree, title));
  const report = `# API CPU profile, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC

Machine: ${machine()}. Command: \`npm run bench:profile -- ${process.argv.slice(2).join(' ')}\`.
${title}: ${seconds} s of closed loop (${connections} connections, bench:api's search mix) after a ${warmup} s
warm-up; ${tree.total} samples taken while the API was busy during the measured load (shares below are of these). Flame graph: [${name}.svg](${name}.svg).

| owner | self time |
|---|---|
${owners.map(([owner, n]) => `| ${owner} | ${share(n)} |`).join('\n')}

| function (top 40 by self time) | self time | mostly called through |
|---|---|---|
${functions
  .slice(0, 40)
  .map(([fn, n, via]) => `| ${code(fn)} | ${share(n)} | ${via && code(via)} |`)
  .join('\n')}
`;
  writeFileSync(path.join(values.out, `${name}.md`), report);
  log(report);
} finally {
  rmSync(profileDir, { recursive: true, force: true });
  redis.disconnect();
  await client.close();
}
