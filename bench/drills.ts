// The metering fault drills of issues 15 and 38, `npm run drill`, against the local stack (`npm run up`). The rule under
// test: a billable call is charged if and only if its 2xx was sent. This entry finds the stack, runs the drills of
// bench/drills/ in order, writes bench/results/drills-<date>.md and exits 1 when a drill lost or created credits or
// missed its own checks. It pauses the local Redis twice: an API or a test run on it sees 503s meanwhile.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { parseCommandLine } from '../common/cli.ts';
import { loadToolEnv } from '../scripts/stack/cli.ts';
import { officialClient } from '../src/clients.ts';
import { loadConfig } from '../src/config.ts';
import { singleRedis } from '../src/redis.ts';
import { capRace } from './drills/caps.ts';
import { pausedNode, readyzFlood, silentRedis } from './drills/edges.ts';
import { busy, killed, race, shutdown, stall } from './drills/faults.ts';
import { type Context, loadDataset } from './drills/lab.ts';
import { failed, Ledger, type Row } from './drills/ledger.ts';
import { redisWork } from './drills/redis-cost.ts';
import { refused, spent } from './drills/refusals.ts';
import { report } from './drills/report.ts';
import { stackOrExit } from './drills/stack.ts';
import { hangUps, killBlocks, killNine } from './drills/unanswered.ts';

const root = path.resolve(import.meta.dirname, '..');
parseCommandLine(
  `Usage: npm run drill
  the metering fault drills against the local stack (npm run up); writes bench/results/drills-<date>.md and exits 1
  when a drill lost or created credits. It pauses the local Redis: an API or a test run on it sees 503s meanwhile.`,
  {},
);
// .env, and the launcher's Redis (with its password) when REDIS_URL is not set.
loadToolEnv();
const { opensearch: connection, redis: redisConnection, keyPrefix } = loadConfig();
// The drills pause, kill and watch one Redis server: REDIS_URL.
const redisUrl = singleRedis(redisConnection, 'npm run drill');
// The drills run on one local node: they put a proxy of their own in front of it.
const opensearchUrl = connection.nodes[0] as string;
const run = Date.now().toString(36);

const versions = await stackOrExit(opensearchUrl, redisUrl);
const admin = new Redis(redisUrl);
const runPrefix = `drill:${run}:`;
const ctx: Context = {
  root,
  opensearchUrl,
  redisUrl,
  keyPrefix,
  runPrefix,
  indexPrefix: `drills_${run}_`,
  admin,
  opensearch: officialClient(connection, { requestTimeout: 30_000 }),
  ledger: new Ledger(admin, redisUrl, runPrefix),
};
const { ledger, opensearch, indexPrefix } = ctx;

const startedAt = new Date();
const rows: Row[] = [];
let work = 'not measured (the run stopped before it)';
let ledgerOn = false;
try {
  console.log(`Loading a generated dataset (1000 creators) under ${indexPrefix}…`);
  const paths = await loadDataset(ctx);
  // Before the ledger turns keyspace notifications on, which cost Redis CPU of their own.
  console.log('Redis work per billable call…');
  work = await redisWork(ctx, paths);
  ledgerOn = await ledger.start();
  const drills: [string, () => Promise<Row>][] = [
    ['1 stall', () => stall(ctx, paths)],
    ['2 kill', () => killed(ctx, paths)],
    ['3 race', () => race(ctx, paths)],
    ['4 shutdown', () => shutdown(ctx, paths)],
    ['5 busy', () => busy(ctx, paths)],
    ['6a spent', () => spent(ctx, paths)],
    ['6b revoked', () => refused(ctx, 'revoked', paths)],
    ['6c ip', () => refused(ctx, 'ip', paths)],
    ['7 kill -9', () => killNine(ctx, paths)],
    ['8 hang-ups', () => hangUps(ctx, paths)],
    ['9 silent Redis', () => silentRedis(ctx, paths)],
    ['10 paused node', () => pausedNode(ctx)],
    ['11 /readyz flood', () => readyzFlood(ctx)],
    ['12 cap', () => capRace(ctx, paths)],
    ['13 kill -9, blocks', () => killBlocks(ctx, paths)],
  ];
  for (const [name, drill] of drills) {
    console.log(`drill ${name}…`);
    const r = await drill().catch((error) => failed(name, error));
    console.log(`  sent ${r.sent}, charged ${r.charged}, lost ${r.lost}, created ${r.created}`);
    rows.push(r);
  }
} finally {
  await ledger.stop().catch(() => undefined);
  await opensearch.indices.delete({ index: `${indexPrefix}*` }, { ignore: [404] }).catch(() => undefined);
  const leftovers: string[] = [];
  for await (const keys of admin.scanStream({ match: `${runPrefix}*`, count: 1000 })) leftovers.push(...keys);
  for (let i = 0; i < leftovers.length; i += 500) await admin.del(...leftovers.slice(i, i + 500));
  await opensearch.close();
  admin.disconnect();
}

const ok = rows.every((r) => r.lost === 0 && r.created <= (r.mayCreate ?? 0) && r.checks.every((c) => c.ok !== false));
const date = startedAt.toISOString().slice(0, 10);
const text = report({ startedAt, versions, ledgerOn, rows, work, ok });
const out = path.join(root, 'bench', 'results', `drills-${date}.md`);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, text);
console.log(`\n${text}`);
console.log(`Written to ${path.relative(root, out)}`);
if (!ok) process.exitCode = 1;
