// Drills 7–8 and 13: calls whose answer never reaches the client. The API process killed (SIGKILL) with calls in
// flight, or while a fast key is served from blocks of credits, then started again: settlement refunds every call
// left unconfirmed. Clients that hang up just before their answer:
// each call is refunded. Either way no client pays for an answer it did not get.
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { slowOpenSearch } from '../slow-opensearch.ts';
import { type Account, accountsIn, type DrillAccounts } from './accounts.ts';
import { type Context, type Paths, times } from './lab.ts';
import { type Row, row, type Snapshot, settled, snapshot } from './ledger.ts';
import { fetchStatus, type Server, startServer } from './server.ts';

/** An answer received this close to the kill may have had no time to be confirmed: it may go free. */
const LAST_INSTANT_MS = 100;

export async function killNine(ctx: Context, { lookup }: Paths): Promise<Row> {
  const { admin, ledger } = ctx;
  const calls = 50;
  const prefix = `${ctx.runPrefix}kill9:`;
  const accounts = accountsIn(admin, prefix, ctx.keyPrefix);
  const a = await accounts.open(1000);
  // Searches take 0.1 to 1.45 s: some calls are answered before the kill, the rest are in flight at it.
  const slow = await slowOpenSearch(ctx.opensearchUrl, (n) => 100 + (n % 10) * 150);
  const servers: Server[] = [];
  try {
    servers.push(await startServer(ctx, prefix, { OPENSEARCH_URL: slow.url }));
    const before = await snapshot(ledger, accounts, a);
    const answeredAt: number[] = [];
    const base = servers[0]?.base;
    const answers = Promise.all(
      times(calls, async () => {
        const status = await fetchStatus(`${base}${lookup}`, a.key);
        if (status === 200) answeredAt.push(Date.now());
        return status;
      }),
    );
    await sleep(700);
    const killedAt = Date.now();
    servers[0]?.process.kill('SIGKILL');
    const statuses = await answers;
    const served = statuses.filter((s) => s === 200).length;
    const { after, checks, lastInstant } = await afterKill(ctx, accounts, a, before, {
      killedAt,
      served,
      answeredAt,
      restart: async () => void servers.push(await startServer(ctx, prefix, { OPENSEARCH_URL: slow.url })),
      refunded: 'every unanswered call refunded',
    });
    return {
      ...row(
        ledger,
        `7. SIGKILL to src/server.ts with calls in flight (${calls} calls, searches 0.1–1.45 s, killed after 0.7 s), then a restart`,
        statuses,
        before,
        after,
        [
          {
            text: `calls answered before the kill (${served}) and in flight at it (${calls - served})`,
            ok: served > 0 && served < calls,
          },
          ...checks,
        ],
      ),
      mayCreate: lastInstant,
    };
  } finally {
    for (const server of servers) server.process.kill('SIGKILL');
    slow.close();
  }
}

interface Kill {
  killedAt: number;
  /** Calls answered 200 before it, and when each was. */
  served: number;
  answeredAt: number[];
  /** Starts a process again: its settlement refunds what the killed one left pending once past the deadline. */
  restart: () => Promise<void>;
  /** What the first check says was refunded. */
  refunded: string;
}

/**
 * After a kill, what every kill drill checks: once a process is started again, the balance back to what the calls
 * served cost within 60 s, and no more calls free than those answered in the instant before the kill.
 */
async function afterKill(ctx: Context, accounts: DrillAccounts, a: Account, before: Snapshot, kill: Kill) {
  const { killedAt, served } = kill;
  const lastInstant = kill.answeredAt.filter((t) => killedAt - t <= LAST_INSTANT_MS).length;
  await kill.restart();
  let settledMs: number | undefined;
  while (settledMs === undefined && Date.now() - killedAt < 75_000) {
    if ((await accounts.balance(a)) >= before.balance - served) settledMs = Date.now() - killedAt;
    else await sleep(250);
  }
  const after = await settled(ctx.ledger, accounts, a);
  const free = Math.max(0, served - (before.balance - after.balance));
  const checks: Row['checks'] = [
    {
      text: `${kill.refunded} ${settledMs === undefined ? 'not within 75 s' : `${(settledMs / 1000).toFixed(1)} s after the kill`}`,
      ok: settledMs !== undefined && settledMs <= 60_000,
    },
    {
      text: `free calls (${free}) ≤ those answered in the last ${LAST_INSTANT_MS} ms before the kill (${lastInstant})`,
      ok: free <= lastInstant,
    },
  ];
  return { after, checks, lastInstant };
}

/**
 * Drill 13: the process killed while a fast key is served from blocks of credits (src/access/blocks.ts). The calls of
 * a block that kept their credits are recorded in Redis with the confirmations' batches, so settlement refunds the
 * blocks open at the kill but for those: as in drill 7, only calls answered in the instant before the kill go free.
 */
export async function killBlocks(ctx: Context, { lookup }: Paths): Promise<Row> {
  const { admin, ledger } = ctx;
  const clients = 16;
  const prefix = `${ctx.runPrefix}kill9blocks:`;
  const accounts = accountsIn(admin, prefix, ctx.keyPrefix);
  const a = await accounts.open(100_000);
  const servers: Server[] = [];
  try {
    servers.push(await startServer(ctx, prefix));
    const before = await snapshot(ledger, accounts, a);
    const answeredAt: number[] = [];
    const statuses: number[] = [];
    const base = servers[0]?.base;
    let killed = false;
    const client = async () => {
      while (!killed) {
        const status = await fetchStatus(`${base}${lookup}`, a.key);
        statuses.push(status);
        if (status === 200) answeredAt.push(Date.now());
      }
    };
    const load = Promise.all(times(clients, client));
    await sleep(1500);
    const killedAt = Date.now();
    servers[0]?.process.kill('SIGKILL');
    killed = true;
    await load;
    const served = statuses.filter((s) => s === 200).length;
    const reservations = await accounts.reservations(a);
    const { after, checks, lastInstant } = await afterKill(ctx, accounts, a, before, {
      killedAt,
      served,
      answeredAt,
      restart: async () => void servers.push(await startServer(ctx, prefix)),
      refunded: 'the blocks open at the kill refunded',
    });
    return {
      ...row(
        ledger,
        `13. SIGKILL to src/server.ts while ${clients} clients call one key as fast as it answers (served from blocks of credits), after 1.5 s, then a restart`,
        statuses,
        before,
        after,
        [
          {
            text: `served from blocks: ${served} calls answered, ${reservations} reservations made`,
            ok: served > 2 * reservations,
          },
          ...checks,
        ],
      ),
      mayCreate: lastInstant,
    };
  } finally {
    for (const server of servers) server.process.kill('SIGKILL');
  }
}

export async function hangUps(ctx: Context, { lookup }: Paths): Promise<Row> {
  const { admin, ledger } = ctx;
  const calls = 20;
  const prefix = `${ctx.runPrefix}hangup:`;
  const accounts = accountsIn(admin, prefix, ctx.keyPrefix);
  const a = await accounts.open(1000);
  const slow = await slowOpenSearch(ctx.opensearchUrl, 400);
  let server: Server | undefined;
  try {
    server = await startServer(ctx, prefix, { OPENSEARCH_URL: slow.url });
    // A granted call first, so the key goes ahead of its check like a regular client's.
    if ((await fetchStatus(`${server.base}${lookup}`, a.key)) !== 200) throw new Error('the call before failed');
    const before = await snapshot(ledger, accounts, a);
    const { port } = new URL(server.base);
    const hangUp = () =>
      new Promise<number>((resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(`GET ${lookup} HTTP/1.1\r\nHost: drill\r\nAuthorization: Bearer ${a.key}\r\n\r\n`);
          setTimeout(() => socket.destroy(), 350); // the search answers after 400 ms
        });
        let answered = false;
        socket.on('data', () => {
          answered = true;
        });
        socket.on('close', () => resolve(answered ? 200 : 0));
        socket.on('error', () => undefined);
      });
    const statuses = await Promise.all(times(calls, hangUp));
    const after = await settled(ledger, accounts, a);
    return row(
      ledger,
      `8. ${calls} REST calls whose client hangs up 50 ms before the answer (searches held 400 ms)`,
      statuses,
      before,
      after,
      [
        {
          text: `every call refunded (charged ${before.balance - after.balance})`,
          ok: after.balance === before.balance,
        },
      ],
    );
  } finally {
    server?.process.kill('SIGKILL');
    slow.close();
  }
}
