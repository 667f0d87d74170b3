// What an account spent this period, by key, by endpoint and by day (GET /api/v1/usage, `npm run admin -- usage`):
// read from the counters the credit script keeps in the account's usage hash of the period (store.ts), which a
// refund takes back down, so the figures are what was charged, exactly, pending reservations included.
import type { RedisClient } from '../clients.ts';
import { redisKeys } from './store.ts';

export interface KeyUsage {
  keyId: string;
  name: string | null;
  /** Credits per period the key may spend, or null for no cap. */
  cap: number | null;
  spent: number;
  revoked: boolean;
}

export interface Usage {
  periodId: string;
  spent: number;
  keys: KeyUsage[];
  endpoints: { operation: string; spent: number }[];
  days: { date: string; spent: number }[];
}

/**
 * Keys in the order they were made. Creation time is kept to the millisecond: two keys made in one come in id order,
 * not the key set's random one.
 */
export const byCreation = (a: { keyId: string; createdAt?: string }, b: { keyId: string; createdAt?: string }) =>
  String(a.createdAt).localeCompare(String(b.createdAt)) || a.keyId.localeCompare(b.keyId);

/** The counts above 0, ordered by `order`. */
const spentOnly = (counts: Map<string, number>, order: (a: [string, number], b: [string, number]) => number) =>
  [...counts].filter(([, spent]) => spent > 0).sort(order);

export async function readUsage(redis: RedisClient, prefix: string, accountId: string, periodId: string) {
  const keys = redisKeys(prefix);
  const [counters, keyIds] = await Promise.all([
    redis.hgetall(keys.usage(accountId, periodId)),
    redis.smembers(keys.keyIds(accountId)),
  ]);
  const records = await Promise.all(
    keyIds.map((keyId) => redis.hmget(keys.record(accountId, keyId), 'name', 'cap', 'revokedAt', 'createdAt')),
  );
  const byKey = new Map<string, number>();
  const byOperation = new Map<string, number>();
  const byDay = new Map<string, number>();
  const add = (counts: Map<string, number>, name: string, spent: number) =>
    counts.set(name, (counts.get(name) ?? 0) + spent);
  for (const [field, value] of Object.entries(counters)) {
    const [keyId = '', operation = '', day = ''] = field.split(' ');
    if (keyId === 'k') continue; // the per-key totals the caps read: the same credits as the detail fields
    add(byKey, keyId, Number(value));
    add(byOperation, operation, Number(value));
    add(byDay, day, Number(value));
  }
  const keyUsage = keyIds
    .map((keyId, i) => {
      const [name, cap, revokedAt, createdAt] = records[i] ?? [];
      const usage: KeyUsage = {
        keyId,
        name: name || null,
        cap: cap ? Number(cap) : null,
        spent: byKey.get(keyId) ?? 0,
        revoked: Boolean(revokedAt),
      };
      return { usage, keyId, createdAt: createdAt ?? '' };
    })
    .sort(byCreation)
    .map(({ usage }) => usage);
  return {
    periodId,
    spent: [...byKey.values()].reduce((sum, spent) => sum + spent, 0),
    keys: keyUsage,
    // The biggest spender first; days in order.
    endpoints: spentOnly(byOperation, ([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([operation, spent]) => ({
      operation,
      spent,
    })),
    days: spentOnly(byDay, ([a], [b]) => a.localeCompare(b)).map(([date, spent]) => ({ date, spent })),
  } satisfies Usage;
}
