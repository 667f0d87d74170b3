// Drills 1–5: a fault under billable calls. Redis stalled past the command timeout, the app's Redis connection
// killed between script and reply, 2N calls on a balance of N, SIGTERM to src/server.ts with calls in flight, an
// OpenSearch too busy to take more searches. Each must leave the balance equal to what was served.
import { setTimeout as sleep } from 'node:timers/promises';
import { slowOpenSearch } from '../slow-opensearch.ts';
import { accountsIn } from './accounts.ts';
import { type Context, lab, type Paths, times } from './lab.ts';
import { type Row, row, settled, snapshot } from './ledger.ts';
import { fetchStatus, type Server, startServer } from './server.ts';

export async function stall(ctx: Context, { lookup }: Paths): Promise<Row> {
  const { admin, ledger } = ctx;
  const calls = 50;
  const t = await lab(ctx, 'stall');
  try {
    const a = await t.accounts.open(1000);
    // A granted call first, so the next ones take the fast path too (the script goes out with the IP count).
    if ((await t.call(lookup, a)) !== 200) throw new Error('the granted call before the stall failed');
    const before = await snapshot(ledger, t.accounts, a);
    await admin.call('CLIENT', 'PAUSE', '2500', 'ALL');
    const statuses = await Promise.all(times(calls, () => t.call(lookup, a)));
    const after = await settled(ledger, t.accounts, a);
    return row(
      ledger,
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

export async function killed(ctx: Context, { lookup }: Paths): Promise<Row> {
  const { admin, ledger } = ctx;
  const calls = 50;
  const t = await lab(ctx, 'kill');
  try {
    const a = await t.accounts.open(1000);
    if ((await t.call(lookup, a)) !== 200) throw new Error('the granted call before the kill failed');
    const before = await snapshot(ledger, t.accounts, a);
    const connection = String(await t.clients.redis.client('ID'));
    // Writes wait (scripts may write), so the calls' scripts sit unanswered on the connection when it is killed;
    // ioredis reconnects and sends them again, and the ones that waited too long answer 503.
    await admin.call('CLIENT', 'PAUSE', '700', 'WRITE');
    const answers = Promise.all(times(calls, () => t.call(lookup, a)));
    await sleep(150);
    const kills = Number(await admin.call('CLIENT', 'KILL', 'ID', connection));
    const statuses = await answers;
    const after = await settled(ledger, t.accounts, a);
    return row(
      ledger,
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

export async function race(ctx: Context, { lookup }: Paths): Promise<Row> {
  const { ledger } = ctx;
  const balance = 100;
  const t = await lab(ctx, 'race');
  try {
    const a = await t.accounts.open(balance);
    const before = await snapshot(ledger, t.accounts, a);
    const statuses = await Promise.all(times(2 * balance, () => t.call(lookup, a)));
    const after = await settled(ledger, t.accounts, a);
    const served = statuses.filter((s) => s === 200).length;
    return row(ledger, `3. ${2 * balance} concurrent calls on a balance of ${balance}`, statuses, before, after, [
      { text: `${balance} served (${served})`, ok: served === balance },
      { text: `balance 0 after (${after.balance})`, ok: after.balance === 0 },
      { text: 'the rest 402', ok: statuses.every((s) => s === 200 || s === 402) },
    ]);
  } finally {
    await t.close();
  }
}

export async function shutdown(ctx: Context, { lookup }: Paths): Promise<Row> {
  const { admin, ledger } = ctx;
  const calls = 50;
  const grace = 3000;
  const prefix = `${ctx.runPrefix}shutdown:`;
  const accounts = accountsIn(admin, prefix, ctx.keyPrefix);
  const a = await accounts.open(1000);
  // Half the searches answer within the grace period, half would take far longer: the first half must be served
  // and charged, the second refunded before the process exits.
  const slow = await slowOpenSearch(ctx.opensearchUrl, (n) => (n % 2 === 0 ? 1000 : 8000));
  let server: Server | undefined;
  try {
    server = await startServer(ctx, prefix, {
      OPENSEARCH_URL: slow.url,
      OPENSEARCH_TIMEOUT_MS: '16000',
      SHUTDOWN_GRACE_MS: String(grace),
    });
    const before = await snapshot(ledger, accounts, a);
    const base = server.base;
    const answers = Promise.all(times(calls, () => fetchStatus(`${base}${lookup}`, a.key)));
    await sleep(300);
    const started = Date.now();
    server.process.kill('SIGTERM');
    const [code] = await server.exited;
    const exitMs = Date.now() - started;
    const timedOut = server.stderr().includes('killed by timeout');
    const statuses = await answers;
    const after = await settled(ledger, accounts, a);
    return row(
      ledger,
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
    server?.process.kill('SIGKILL');
    slow.close();
  }
}

export async function busy(ctx: Context, { lookup }: Paths): Promise<Row> {
  const { ledger } = ctx;
  const calls = 50;
  const pending = 5;
  const slow = await slowOpenSearch(ctx.opensearchUrl, 1500);
  const t = await lab(ctx, 'busy', {
    OPENSEARCH_URL: slow.url,
    OPENSEARCH_MAX_PENDING: String(pending),
    OPENSEARCH_TIMEOUT_MS: '5000',
  });
  try {
    const a = await t.accounts.open(1000);
    const before = await snapshot(ledger, t.accounts, a);
    const started = Date.now();
    const answers = await Promise.all(
      times(calls, () => t.call(lookup, a).then((status) => ({ status, ms: Date.now() - started }))),
    );
    const after = await settled(ledger, t.accounts, a);
    const statuses = answers.map((x) => x.status);
    const slowest503 = Math.max(0, ...answers.filter((x) => x.status === 503).map((x) => x.ms));
    return row(
      ledger,
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
