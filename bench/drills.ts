// The metering fault drills of issue 15, against the local stack (`npm run up`): `npm run drill`.
// Each drill builds the real app in-process (its own Redis key prefix, a small generated dataset under its own index
// prefix), or for shutdown spawns src/server.ts, then puts a fault under billable calls: Redis stalled past the
// command timeout, the app's Redis connection killed between script and reply, 2N calls on a balance of N, SIGTERM
// with calls in flight, an OpenSearch too busy to take more searches, refused keys that must not make OpenSearch work.
// The rule under test: a billable call is charged if and only if its 2xx was sent, so once refunds have settled,
// balance before − balance after = calls served × cost. Writes bench/results/drills-<date>.md; exits 1 when any
// drill lost or created credits, or missed its own expectation.
//
// It pauses the local Redis twice (2.5 s and 0.7 s): an API or a test run on the same Redis sees 503s meanwhile.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { loadIndexerConfig } from '../indexer/config.ts';
import { generate } from '../indexer/generate/dataset.ts';
import { load } from '../indexer/load.ts';
import { loadToolEnv } from '../scripts/stack/cli.ts';
import { maskUrl } from '../scripts/stack/redis.ts';
import { Accounts } from '../src/access/accounts.ts';
import { redisKeys } from '../src/access/store.ts';
import { buildApp } from '../src/app.ts';
import { closeClients, createClients, officialClient } from '../src/clients.ts';
import { loadConfig } from '../src/config.ts';
import { COSTS } from '../src/contract/operations.ts';
import { createLogger } from '../src/logger.ts';
import { singleRedis } from '../src/redis.ts';
import { aliases } from '../src/search/indices.ts';
import { machine } from './machine.ts';
import { slowOpenSearch } from './slow-opensearch.ts';

const root = path.resolve(import.meta.dirname, '..');
// .env, and the launcher's Redis (with its password) when REDIS_URL is not set.
loadToolEnv();
const { opensearch: connection, redis: redisConnection, keyPrefix } = loadConfig();
// The drills pause, kill and watch one Redis server: REDIS_URL.
const redisUrl = singleRedis(redisConnection, 'npm run drill');
// The drills run on one local node: they put a proxy of their own in front of it.
const opensearchUrl = connection.nodes[0] as string;
const run = Date.now().toString(36);
/** Every Redis key of this run starts with it (each drill adds its name); all are deleted at the end. */
const RUN_PREFIX = `drill:${run}:`;
const INDEX_PREFIX = `drills_${run}_`;
/** Every drill calls endpoints of this cost. */
const COST = COSTS.getCreator;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

// --- accounts and keys: the one place this script uses src/access ---

interface Account {
  accountId: string;
  keyId: string;
  key: string;
}

function accountsIn(redis: Redis, prefix: string) {
  const store = new Accounts(redis, prefix);
  const keys = redisKeys(prefix);
  return {
    async open(allowance: number): Promise<Account> {
      const accountId = await store.createAccount({ plan: 'user', allowance });
      return { accountId, ...(await store.createApiKey(accountId, keyPrefix, 'drill')) };
    },
    revoke: (a: Account) => store.revokeKey(a.accountId, a.keyId),
    balance: async (a: Account) => Number((await store.getAccount(a.accountId))?.balance),
    /** The Redis key of the account's hash, where its balance moves. */
    hash: (a: Account) => keys.account(a.accountId),
  };
}
type DrillAccounts = ReturnType<typeof accountsIn>;

// --- the stack ---

async function stackOrExit(): Promise<{ opensearch: string; redis: string }> {
  const problems: string[] = [];
  let opensearch = '';
  let redis = '';
  try {
    const answer = await fetch(opensearchUrl, { signal: AbortSignal.timeout(3000) });
    opensearch = ((await answer.json()) as { version?: { number?: string } }).version?.number ?? 'unknown';
  } catch (error) {
    problems.push(`OpenSearch at ${opensearchUrl} does not answer (${(error as Error).message})`);
  }
  const probe = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 2000, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    redis = /redis_version:(\S+)/.exec(await probe.info('server'))?.[1] ?? 'unknown';
  } catch (error) {
    const message = (error as Error).message;
    const hint = /NOAUTH|WRONGPASS/.test(message)
      ? ': it wants a password. Leave REDIS_URL unset to use the launcher’s, or put the password in REDIS_URL'
      : '';
    problems.push(`Redis at ${maskUrl(redisUrl)} does not answer (${message})${hint}`);
  } finally {
    probe.disconnect();
  }
  if (problems.length) {
    console.error(`✖ The drills need the local stack.\n  ${problems.join('\n  ')}`);
    console.error(
      'Start it with `npm run up` (or `npm run stack:up` for OpenSearch and Redis only), check it with ' +
        '`npm run stack:status`, then run `npm run drill` again. For a stack of your own, set OPENSEARCH_URL and ' +
        'REDIS_URL (environment or .env).',
    );
    process.exit(1);
  }
  return { opensearch, redis };
}

const versions = await stackOrExit();
const admin = new Redis(redisUrl);
const opensearch = officialClient(connection, { requestTimeout: 30_000 });

/**
 * Reservations and refunds, counted by Redis itself: with keyspace notifications on hash commands, every HINCRBY
 * on an account's hash is published, and the credit scripts use HINCRBY for exactly two things, a reservation
 * (−cost) and a refund that gave credits back (+cost). With the balance's drop, that tells how many of each ran.
 * The setting is restored at the end; when CONFIG is refused, reservations are reported as unknown.
 */
class Ledger {
  private readonly counts = new Map<string, number>();
  private readonly events = new Redis(redisUrl);
  private original: string | undefined;

  async start(): Promise<boolean> {
    try {
      const [, flags = ''] = (await admin.call('CONFIG', 'GET', 'notify-keyspace-events')) as string[];
      let wanted = flags.includes('K') ? flags : `${flags}K`;
      if (!/[hA]/.test(wanted)) wanted += 'h';
      await admin.call('CONFIG', 'SET', 'notify-keyspace-events', wanted);
      this.original = flags;
    } catch {
      return false;
    }
    this.events.on('pmessage', (_pattern: string, channel: string, event: string) => {
      if (event !== 'hincrby') return;
      const key = channel.slice(channel.indexOf(':') + 1); // __keyspace@<db>__:<key>
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    });
    await this.events.psubscribe(`__keyspace@*__:${RUN_PREFIX}*`);
    return true;
  }

  get on(): boolean {
    return this.original !== undefined;
  }

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  async stop(): Promise<void> {
    if (this.original !== undefined) await admin.call('CONFIG', 'SET', 'notify-keyspace-events', this.original);
    this.events.disconnect();
  }
}
const ledger = new Ledger();

interface Snapshot {
  balance: number;
  hincrby: number;
}
const snapshot = async (accounts: DrillAccounts, a: Account): Promise<Snapshot> => ({
  balance: await accounts.balance(a),
  hincrby: ledger.count(accounts.hash(a)),
});

/**
 * The account once it has settled: scripts that waited out a fault run late, and refunds Redis missed are retried
 * every second, so it is read until neither the balance nor the count of HINCRBYs has moved for 2 s (at most 20 s).
 */
async function settled(accounts: DrillAccounts, a: Account): Promise<Snapshot> {
  let last = await snapshot(accounts, a);
  for (let still = 0, waited = 0; still < 2000 && waited < 20_000; waited += 250) {
    await sleep(250);
    const now = await snapshot(accounts, a);
    still = now.balance === last.balance && now.hincrby === last.hincrby ? still + 250 : 0;
    last = now;
  }
  return last;
}

// --- the figures of one drill ---

interface Row {
  drill: string;
  sent: number;
  statuses: number[];
  reserved: number | undefined;
  charged: number;
  refunded: number | undefined;
  lost: number;
  created: number;
  /** The drill's own expectations; one without `ok` is an observation, reported but not judged. */
  checks: { text: string; ok?: boolean }[];
}

function row(drill: string, statuses: number[], before: Snapshot, after: Snapshot, checks: Row['checks']): Row {
  const served = statuses.filter((s) => s >= 200 && s < 300).length * COST;
  const charged = before.balance - after.balance;
  const moves = after.hincrby - before.hincrby;
  // moves = reservations + refunds, charged = reservations − refunds (in calls of cost 1).
  const known = ledger.on && (moves + charged) % 2 === 0 && moves >= Math.abs(charged);
  return {
    drill,
    sent: statuses.length,
    statuses,
    reserved: known ? (moves + charged) / 2 : undefined,
    charged,
    refunded: known ? (moves - charged) / 2 : undefined,
    lost: Math.max(0, charged - served),
    created: Math.max(0, served - charged),
    checks,
  };
}

const failed = (drill: string, error: unknown): Row => ({
  drill,
  sent: 0,
  statuses: [],
  reserved: undefined,
  charged: 0,
  refunded: undefined,
  lost: 0,
  created: 0,
  checks: [{ text: `did not run: ${(error as Error).message}`, ok: false }],
});

// --- the dataset and the app ---

async function loadDataset() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'drills-'));
  await generate({ creators: 1000, sponsors: 50, seed: 7, out: dir });
  const quiet = new Writable({ write: (_c, _e, done) => done() }) as unknown as NodeJS.WriteStream;
  const config = { ...loadIndexerConfig({ INDEX_PREFIX, OPENSEARCH_URL: opensearchUrl }), dataDir: dir };
  await load({ client: opensearch, config, out: quiet });
  const first = JSON.parse(readFileSync(path.join(dir, 'creators.ndjson'), 'utf8').split('\n')[0] ?? '{}');
  rmSync(dir, { recursive: true, force: true });
  return { lookup: `/api/v1/creators/${first.channelId}`, search: '/api/v1/creators?query=makeup' };
}

/** The real app on real clients, with Redis keys of its own; limits out of reach unless a drill sets them. */
async function lab(name: string, env: Record<string, string> = {}) {
  const config = loadConfig({
    OPENSEARCH_URL: opensearchUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `${RUN_PREFIX}${name}:`,
    INDEX_PREFIX,
    LOG_LEVEL: 'silent',
    RANKING_PROFILE_POLL_MS: '0',
    IP_RATE_PER_MIN: '1000000',
    PLAN_USER_RATE_PER_MIN: '1000000',
    ...env,
  });
  const logger = createLogger(config);
  const clients = createClients(config, logger);
  const app = await buildApp({ config, clients, logger });
  if (clients.redis.status !== 'ready') await once(clients.redis, 'ready');
  return {
    clients,
    accounts: accountsIn(admin, config.redisKeyPrefix),
    call: async (url: string, a: Account) =>
      (await app.inject({ url, headers: { authorization: `Bearer ${a.key}` } })).statusCode,
    close: async () => {
      await app.close();
      await closeClients(clients);
    },
  };
}

/** Searches OpenSearch has run on the drills' creators index (its own search statistics). */
async function searchesRun(): Promise<number> {
  const { body } = await opensearch.indices.stats({ index: aliases(INDEX_PREFIX).creators, metric: 'search' });
  return Number(body._all.total?.search?.query_total ?? 0);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

// --- the drills ---

type Paths = Awaited<ReturnType<typeof loadDataset>>;

async function stall({ lookup }: Paths): Promise<Row> {
  const calls = 50;
  const t = await lab('stall');
  try {
    const a = await t.accounts.open(1000);
    // A granted call first, so the next ones take the fast path too (the script goes out with the IP count).
    if ((await t.call(lookup, a)) !== 200) throw new Error('the granted call before the stall failed');
    const before = await snapshot(t.accounts, a);
    await admin.call('CLIENT', 'PAUSE', '2500', 'ALL');
    const statuses = await Promise.all(times(calls, () => t.call(lookup, a)));
    const after = await settled(t.accounts, a);
    return row(
      `1. Redis stalled 2.5 s (CLIENT PAUSE ALL), past the 1 s command timeout, ${calls} calls in flight`,
      statuses,
      before,
      after,
      [{ text: 'every call 503 (none served while Redis stalls)', ok: statuses.every((s) => s === 503) }],
    );
  } finally {
    await t.close();
  }
}

async function killed({ lookup }: Paths): Promise<Row> {
  const calls = 50;
  const t = await lab('kill');
  try {
    const a = await t.accounts.open(1000);
    if ((await t.call(lookup, a)) !== 200) throw new Error('the granted call before the kill failed');
    const before = await snapshot(t.accounts, a);
    const connection = String(await t.clients.redis.client('ID'));
    // Writes wait (scripts may write), so the calls' scripts sit unanswered on the connection when it is killed;
    // ioredis reconnects and sends them again, and the ones that waited too long answer 503.
    await admin.call('CLIENT', 'PAUSE', '700', 'WRITE');
    const answers = Promise.all(times(calls, () => t.call(lookup, a)));
    await sleep(150);
    const kills = Number(await admin.call('CLIENT', 'KILL', 'ID', connection));
    const statuses = await answers;
    const after = await settled(t.accounts, a);
    return row(
      `2. the app's Redis connection killed (CLIENT KILL) between send and reply, ${calls} calls`,
      statuses,
      before,
      after,
      [
        { text: 'the connection was killed with the calls on it', ok: kills === 1 },
        { text: 'answers only 200 or 503', ok: statuses.every((s) => s === 200 || s === 503) },
      ],
    );
  } finally {
    await t.close();
  }
}

async function race({ lookup }: Paths): Promise<Row> {
  const balance = 100;
  const t = await lab('race');
  try {
    const a = await t.accounts.open(balance);
    const before = await snapshot(t.accounts, a);
    const statuses = await Promise.all(times(2 * balance, () => t.call(lookup, a)));
    const after = await settled(t.accounts, a);
    const served = statuses.filter((s) => s === 200).length;
    return row(`3. ${2 * balance} concurrent calls on a balance of ${balance}`, statuses, before, after, [
      { text: `${balance} served (${served})`, ok: served === balance },
      { text: `balance 0 after (${after.balance})`, ok: after.balance === 0 },
      { text: 'the rest 402', ok: statuses.every((s) => s === 200 || s === 402) },
    ]);
  } finally {
    await t.close();
  }
}

async function shutdown({ lookup }: Paths): Promise<Row> {
  const calls = 50;
  const grace = 3000;
  const prefix = `${RUN_PREFIX}shutdown:`;
  const accounts = accountsIn(admin, prefix);
  const a = await accounts.open(1000);
  // Half the searches answer within the grace period, half would take far longer: the first half must be served
  // and charged, the second refunded before the process exits.
  const slow = await slowOpenSearch(opensearchUrl, (n) => (n % 2 === 0 ? 1000 : 8000));
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: '0',
      OPENSEARCH_URL: slow.url,
      OPENSEARCH_TIMEOUT_MS: '16000',
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      INDEX_PREFIX,
      SHUTDOWN_GRACE_MS: String(grace),
      LOG_LEVEL: 'silent',
      RANKING_PROFILE_POLL_MS: '0',
      IP_RATE_PER_MIN: '1000000',
      PLAN_USER_RATE_PER_MIN: '1000000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const exited = once(server, 'exit');
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 150 && server.exitCode === null; i++) {
      if ((await fetch(`${base}/readyz`).catch(() => undefined))?.ok) break;
      await sleep(200);
    }
    if (server.exitCode !== null) throw new Error(`src/server.ts exited at start: ${stderr.trim().slice(0, 300)}`);
    const before = await snapshot(accounts, a);
    const call = () =>
      fetch(`${base}${lookup}`, { headers: { authorization: `Bearer ${a.key}` } })
        .then(async (r) => {
          await r.text();
          return r.status;
        })
        .catch(() => 0); // the connection closed without a (whole) answer
    const answers = Promise.all(times(calls, call));
    await sleep(300);
    const started = Date.now();
    server.kill('SIGTERM');
    const [code] = await exited;
    const exitMs = Date.now() - started;
    const timedOut = stderr.includes('killed by timeout');
    const statuses = await answers;
    const after = await settled(accounts, a);
    return row(
      `4. SIGTERM to src/server.ts with ${calls} calls in flight (half their searches take 1 s, half 8 s; grace ${grace / 1000} s)`,
      statuses,
      before,
      after,
      [
        { text: `exited within the grace period (${exitMs} ms after SIGTERM)`, ok: exitMs <= grace + 500 },
        {
          text: `exit code ${code}${timedOut ? ', by close-with-grace’s timeout (the close had not finished)' : ''}`,
        },
      ],
    );
  } finally {
    server.kill('SIGKILL');
    slow.close();
  }
}

async function busy({ lookup }: Paths): Promise<Row> {
  const calls = 50;
  const pending = 5;
  const slow = await slowOpenSearch(opensearchUrl, 1500);
  const t = await lab('busy', {
    OPENSEARCH_URL: slow.url,
    OPENSEARCH_MAX_PENDING: String(pending),
    OPENSEARCH_TIMEOUT_MS: '5000',
  });
  try {
    const a = await t.accounts.open(1000);
    const before = await snapshot(t.accounts, a);
    const started = Date.now();
    const answers = await Promise.all(
      times(calls, () => t.call(lookup, a).then((status) => ({ status, ms: Date.now() - started }))),
    );
    const after = await settled(t.accounts, a);
    const statuses = answers.map((x) => x.status);
    const slowest503 = Math.max(0, ...answers.filter((x) => x.status === 503).map((x) => x.ms));
    return row(
      `5. OpenSearch holding every search 1.5 s, OPENSEARCH_MAX_PENDING=${pending}, ${calls} calls`,
      statuses,
      before,
      after,
      [
        { text: `${pending} served`, ok: statuses.filter((s) => s === 200).length === pending },
        { text: `the rest 503 at once (slowest ${slowest503} ms)`, ok: slowest503 < 1000 },
      ],
    );
  } finally {
    await t.close();
    slow.close();
  }
}

/** Two waves of concurrent searches by a refused key, with the searches OpenSearch ran for each. */
async function waves(t: Awaited<ReturnType<typeof lab>>, search: string, a: Account, size: number) {
  const result: { statuses: number[]; searches: number }[] = [];
  for (let wave = 0; wave < 2; wave++) {
    const start = await searchesRun();
    const statuses = await Promise.all(times(size, () => t.call(search, a)));
    await sleep(1000); // searches still running (cancelled or not) are counted when they end
    result.push({ statuses, searches: (await searchesRun()) - start });
  }
  return result;
}

async function spent({ search }: Paths): Promise<Row> {
  const t = await lab('spent');
  try {
    const a = await t.accounts.open(2);
    for (let i = 0; i < 2; i++) if ((await t.call(search, a)) !== 200) throw new Error('a granted search failed');
    const before = await snapshot(t.accounts, a);
    const [first, second] = await waves(t, search, a, 100);
    const after = await settled(t.accounts, a);
    const statuses = [...(first?.statuses ?? []), ...(second?.statuses ?? [])];
    return row('6a. a key whose last call spent its last credit: 2 waves of 100 searches', statuses, before, after, [
      { text: 'every call 402', ok: statuses.every((s) => s === 402) },
      {
        text: `OpenSearch searches 0 (${first?.searches}, then ${second?.searches})`,
        ok: !first?.searches && !second?.searches,
      },
    ]);
  } finally {
    await t.close();
  }
}

async function refused(kind: 'revoked' | 'ip', { search }: Paths): Promise<Row> {
  const ipLimit = 3;
  const t = await lab(kind, kind === 'ip' ? { IP_RATE_PER_MIN: String(ipLimit) } : {});
  try {
    const a = await t.accounts.open(1000);
    const granted = kind === 'ip' ? ipLimit : 1;
    for (let i = 0; i < granted; i++) if ((await t.call(search, a)) !== 200) throw new Error('a granted search failed');
    if (kind === 'revoked') await t.accounts.revoke(a);
    const before = await snapshot(t.accounts, a);
    const [first, second] = await waves(t, search, a, 100);
    const after = await settled(t.accounts, a);
    const statuses = [...(first?.statuses ?? []), ...(second?.statuses ?? [])];
    const status = kind === 'ip' ? 429 : 401;
    const what =
      kind === 'ip'
        ? `6c. a key over its per-IP limit (IP_RATE_PER_MIN=${ipLimit}) after ${granted} granted searches`
        : '6b. a key revoked after a granted search';
    return row(`${what}: 2 waves of 100 searches`, statuses, before, after, [
      { text: `every call ${status}`, ok: statuses.every((s) => s === status) },
      {
        text: `OpenSearch searches 0 (${first?.searches}, then ${second?.searches})`,
        ok: first?.searches === 0 && second?.searches === 0,
      },
    ]);
  } finally {
    await t.close();
  }
}

// --- the run ---

function answers(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) if (s < 200 || s >= 300) counts.set(s, (counts.get(s) ?? 0) + 1);
  const text = [...counts].sort(([a], [b]) => a - b).map(([s, n]) => `${s === 0 ? 'closed' : s} × ${n}`);
  return text.join(', ') || '—';
}

function table(rows: Row[]): string {
  const shown = (n: number | undefined) => (n === undefined ? '?' : String(n));
  const lines = rows.map((r) =>
    [
      r.drill,
      r.sent,
      r.statuses.filter((s) => s >= 200 && s < 300).length,
      answers(r.statuses),
      shown(r.reserved),
      r.charged,
      shown(r.refunded),
      r.lost,
      r.created,
      r.checks.map((c) => `${c.ok === undefined ? 'seen:' : c.ok ? '✓' : '✗'} ${c.text}`).join('; '),
    ].join(' | '),
  );
  return [
    '| drill | calls sent | served (2xx) | other answers | reserved | charged | refunded | credits lost | credits created | the drill’s own checks |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...lines.map((l) => `| ${l} |`),
  ].join('\n');
}

/** Redis's count of each command it has run (INFO commandstats), scripts' own commands included. */
async function commandStats(): Promise<Map<string, number>> {
  const stats = new Map<string, number>();
  for (const [, name, calls] of (await admin.info('commandstats')).matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) {
    stats.set(String(name), Number(calls));
  }
  return stats;
}

/** The CPU time Redis has used, user and system, in ms (INFO cpu). */
async function redisCpuMs(): Promise<number> {
  const info = await admin.info('cpu');
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? Number.NaN);
  return (field('used_cpu_user') + field('used_cpu_sys')) * 1000;
}

/** Not a fault drill: what one billable call of a known key costs Redis, for the capacity note (docs/cluster.md). */
async function redisWork({ search }: Paths): Promise<string> {
  const calls = 500;
  const t = await lab('work');
  try {
    const a = await t.accounts.open(10_000);
    if ((await t.call(search, a)) !== 200) throw new Error('a granted search failed'); // the key's lookup
    const [before, cpuBefore] = [await commandStats(), await redisCpuMs()];
    for (let i = 0; i < calls; i++) if ((await t.call(search, a)) !== 200) throw new Error('a granted search failed');
    const [after, cpuAfter] = [await commandStats(), await redisCpuMs()];
    after.delete('info'); // the measurement's own
    const per = [...after]
      .map(([name, n]) => [name, (n - (before.get(name) ?? 0)) / calls] as const)
      .filter(([, n]) => n > 0)
      .sort((x, y) => y[1] - x[1]);
    // A known key's call sends two scripts (the IP window's and the access script) and nothing else; every other
    // command runs inside them.
    const sent = per.filter(([name]) => /^(evalsha|eval)$/.test(name));
    const total = per.reduce((sum, [, n]) => sum + n, 0);
    const list = (entries: typeof per) => entries.map(([name, n]) => `${name} ${n.toFixed(2)}`).join(', ');
    return [
      `${calls} billable searches of a known key, one after another; INFO commandstats before and after:`,
      `- commands the API sends per call: ${sent.reduce((sum, [, n]) => sum + n, 0).toFixed(2)} (${list(sent)}), together in one round trip`,
      `- commands Redis runs per call, scripts' own included: ${total.toFixed(2)} (${list(per)})`,
      `- Redis CPU per call (INFO cpu, user + system, keyspace notifications off): ${((cpuAfter - cpuBefore) / calls).toFixed(3)} ms`,
    ].join('\n');
  } finally {
    await t.close();
  }
}

const startedAt = new Date();
const rows: Row[] = [];
let work = 'not measured (the run stopped before it)';
let ledgerOn = false;
try {
  console.log(`Loading a generated dataset (1000 creators) under ${INDEX_PREFIX}…`);
  const paths = await loadDataset();
  // Before the ledger turns keyspace notifications on, which cost Redis CPU of their own.
  console.log('Redis work per billable call…');
  work = await redisWork(paths);
  ledgerOn = await ledger.start();
  const drills: [string, () => Promise<Row>][] = [
    ['1 stall', () => stall(paths)],
    ['2 kill', () => killed(paths)],
    ['3 race', () => race(paths)],
    ['4 shutdown', () => shutdown(paths)],
    ['5 busy', () => busy(paths)],
    ['6a spent', () => spent(paths)],
    ['6b revoked', () => refused('revoked', paths)],
    ['6c ip', () => refused('ip', paths)],
  ];
  for (const [name, drill] of drills) {
    console.log(`drill ${name}…`);
    const r = await drill().catch((error) => failed(name, error));
    console.log(`  sent ${r.sent}, charged ${r.charged}, lost ${r.lost}, created ${r.created}`);
    rows.push(r);
  }
} finally {
  await ledger.stop().catch(() => undefined);
  await opensearch.indices.delete({ index: `${INDEX_PREFIX}*` }, { ignore: [404] }).catch(() => undefined);
  const leftovers: string[] = [];
  for await (const keys of admin.scanStream({ match: `${RUN_PREFIX}*`, count: 1000 })) leftovers.push(...keys);
  for (let i = 0; i < leftovers.length; i += 500) await admin.del(...leftovers.slice(i, i + 500));
  await opensearch.close();
  admin.disconnect();
}

const ok = rows.every((r) => r.lost === 0 && r.created === 0 && r.checks.every((c) => c.ok !== false));
const date = startedAt.toISOString().slice(0, 10);
const report = `# Metering fault drills, ${date}

Run ${startedAt.toISOString()} with \`npm run drill\` (bench/drills.ts) against the local stack.
Machine: ${machine()}; OpenSearch ${versions.opensearch}, Redis ${versions.redis}; the app, OpenSearch and Redis run on it.

A billable call is charged if and only if its 2xx was sent: after each drill, once refunds have settled (neither
the balance nor Redis's count of credit moves changed for 2 s), charged (the balance's drop) must equal served ×
${COST} credit. **Credits lost** = charged − served, **created** = served − charged (when above 0); both must be 0.
${
  ledgerOn
    ? 'Reserved and refunded are counted by Redis: with keyspace notifications on, every HINCRBY on the account is ' +
      'a reservation or a refund that gave credits back, so reserved + refunded = those moves and reserved − refunded = charged.'
    : 'Reserved and refunded are unknown (?): Redis refused CONFIG SET notify-keyspace-events, which counts them.'
}
"closed" = the connection closed without an answer. Each drill has its own Redis key prefix; the data are 1000
generated creators (seed 7) under their own indices, deleted afterwards.

${table(rows)}

## Redis work per billable call

${work}

Result: ${ok ? 'every drill ended with 0 credits lost and 0 created, and met its own checks.' : '**FAILED**: a drill lost or created credits, or missed one of its checks (✗).'}
`;
const out = path.join(root, 'bench', 'results', `drills-${date}.md`);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, report);
console.log(`\n${report}`);
console.log(`Written to ${path.relative(root, out)}`);
if (!ok) process.exitCode = 1;
