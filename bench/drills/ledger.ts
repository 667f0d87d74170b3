// What a drill's billable calls did to an account's credits: the balance, and Redis's own count of reservations and
// refunds, read before and once settled after a fault. A credit lost or created is a served call the balance
// disagrees with; that is the rule every drill is judged by.
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { COSTS } from '../../src/contract/operations.ts';
import type { Account, DrillAccounts } from './accounts.ts';

/** Every drill calls endpoints of this cost. */
export const COST = COSTS.getCreator;

/**
 * Reservations and refunds, counted by Redis itself: with keyspace notifications on hash commands, every HINCRBY
 * on an account's hash is published, and the credit scripts use HINCRBY for exactly two things, a reservation
 * (−cost) and a refund that gave credits back (+cost). With the balance's drop, that tells how many of each ran.
 * The setting is restored at the end; when CONFIG is refused, reservations are reported as unknown.
 */
export class Ledger {
  private readonly counts = new Map<string, number>();
  private readonly events: Redis;
  private original: string | undefined;

  /** Counts the moves of keys under `runPrefix`; `admin` changes the server's setting and restores it. */
  constructor(
    private readonly admin: Redis,
    redisUrl: string,
    private readonly runPrefix: string,
  ) {
    this.events = new Redis(redisUrl);
  }

  async start(): Promise<boolean> {
    try {
      const [, flags = ''] = (await this.admin.call('CONFIG', 'GET', 'notify-keyspace-events')) as string[];
      let wanted = flags.includes('K') ? flags : `${flags}K`;
      if (!/[hA]/.test(wanted)) wanted += 'h';
      await this.admin.call('CONFIG', 'SET', 'notify-keyspace-events', wanted);
      this.original = flags;
    } catch {
      return false;
    }
    this.events.on('pmessage', (_pattern: string, channel: string, event: string) => {
      if (event !== 'hincrby') return;
      const key = channel.slice(channel.indexOf(':') + 1); // __keyspace@<db>__:<key>
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    });
    await this.events.psubscribe(`__keyspace@*__:${this.runPrefix}*`);
    return true;
  }

  get on(): boolean {
    return this.original !== undefined;
  }

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  async stop(): Promise<void> {
    if (this.original !== undefined) await this.admin.call('CONFIG', 'SET', 'notify-keyspace-events', this.original);
    this.events.disconnect();
  }
}

export interface Snapshot {
  balance: number;
  hincrby: number;
}
export const snapshot = async (ledger: Ledger, accounts: DrillAccounts, a: Account): Promise<Snapshot> => ({
  balance: await accounts.balance(a),
  hincrby: ledger.count(accounts.hash(a)),
});

/**
 * The account once it has settled: scripts that waited out a fault run late, and refunds Redis missed are retried
 * every second, so it is read until neither the balance nor the count of HINCRBYs has moved for 2 s (at most 20 s).
 */
export async function settled(ledger: Ledger, accounts: DrillAccounts, a: Account): Promise<Snapshot> {
  let last = await snapshot(ledger, accounts, a);
  for (let still = 0, waited = 0; still < 2000 && waited < 20_000; waited += 250) {
    await sleep(250);
    const now = await snapshot(ledger, accounts, a);
    still = now.balance === last.balance && now.hincrby === last.hincrby ? still + 250 : 0;
    last = now;
  }
  return last;
}

// --- the figures of one drill ---

export interface Row {
  drill: string;
  sent: number;
  statuses: number[];
  reserved: number | undefined;
  charged: number;
  refunded: number | undefined;
  lost: number;
  created: number;
  /** Credits the drill may create, and says why (calls answered in the instant before a kill go free). */
  mayCreate?: number;
  /** The drill's own expectations; one without `ok` is an observation, reported but not judged. */
  checks: { text: string; ok?: boolean }[];
}

export function row(
  ledger: Ledger,
  drill: string,
  statuses: number[],
  before: Snapshot,
  after: Snapshot,
  checks: Row['checks'],
): Row {
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

/** The row of a drill that threw before it had figures: judged failed. */
export const failed = (drill: string, error: unknown): Row => ({
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
