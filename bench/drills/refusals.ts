// Drills 6a–6c: keys the access pipeline refuses (balance spent, revoked, over the per-IP limit), in waves of
// concurrent searches. A refused call must cost neither credits nor OpenSearch work, so each drill also counts the
// searches OpenSearch ran on the drills' index while the waves went out.
import { setTimeout as sleep } from 'node:timers/promises';
import { aliases } from '../../src/search/indices.ts';
import type { Account } from './accounts.ts';
import { type Context, type Lab, lab, type Paths, times } from './lab.ts';
import { type Row, row, settled, snapshot } from './ledger.ts';

/** Searches OpenSearch has run on the drills' creators index (its own search statistics). */
async function searchesRun({ opensearch, indexPrefix }: Context): Promise<number> {
  const { body } = await opensearch.indices.stats({ index: aliases(indexPrefix).creators, metric: 'search' });
  return Number(body._all.total?.search?.query_total ?? 0);
}

/** Two waves of concurrent searches by a refused key, with the searches OpenSearch ran for each. */
async function waves(ctx: Context, t: Lab, search: string, a: Account, size: number) {
  const result: { statuses: number[]; searches: number }[] = [];
  for (let wave = 0; wave < 2; wave++) {
    const start = await searchesRun(ctx);
    const statuses = await Promise.all(times(size, () => t.call(search, a)));
    await sleep(1000); // searches still running (cancelled or not) are counted when they end
    result.push({ statuses, searches: (await searchesRun(ctx)) - start });
  }
  return result;
}

export async function spent(ctx: Context, { search }: Paths): Promise<Row> {
  const { ledger } = ctx;
  const t = await lab(ctx, 'spent');
  try {
    const a = await t.accounts.open(2);
    for (let i = 0; i < 2; i++) if ((await t.call(search, a)) !== 200) throw new Error('a granted search failed');
    const before = await snapshot(ledger, t.accounts, a);
    const [first, second] = await waves(ctx, t, search, a, 100);
    const after = await settled(ledger, t.accounts, a);
    const statuses = [...(first?.statuses ?? []), ...(second?.statuses ?? [])];
    return row(
      ledger,
      '6a. a key whose last call spent its last credit: 2 waves of 100 searches',
      statuses,
      before,
      after,
      [
        { text: 'every call 402', ok: statuses.every((s) => s === 402) },
        {
          text: `OpenSearch searches 0 (${first?.searches}, then ${second?.searches})`,
          ok: !first?.searches && !second?.searches,
        },
      ],
    );
  } finally {
    await t.close();
  }
}

export async function refused(ctx: Context, kind: 'revoked' | 'ip', { search }: Paths): Promise<Row> {
  const { ledger } = ctx;
  const ipLimit = 3;
  const t = await lab(ctx, kind, kind === 'ip' ? { IP_RATE_PER_MIN: String(ipLimit) } : {});
  try {
    const a = await t.accounts.open(1000);
    const granted = kind === 'ip' ? ipLimit : 1;
    for (let i = 0; i < granted; i++) if ((await t.call(search, a)) !== 200) throw new Error('a granted search failed');
    if (kind === 'revoked') await t.accounts.revoke(a);
    const before = await snapshot(ledger, t.accounts, a);
    const [first, second] = await waves(ctx, t, search, a, 100);
    const after = await settled(ledger, t.accounts, a);
    const statuses = [...(first?.statuses ?? []), ...(second?.statuses ?? [])];
    const status = kind === 'ip' ? 429 : 401;
    const what =
      kind === 'ip'
        ? `6c. a key over its per-IP limit (IP_RATE_PER_MIN=${ipLimit}) after ${granted} granted searches`
        : '6b. a key revoked after a granted search';
    return row(ledger, `${what}: 2 waves of 100 searches`, statuses, before, after, [
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
