// Drill 12: a capped key raced at its cap by 50 clients while the app's Redis connection is killed under them, and
// the account's other key calling alongside. The cap is checked and spent in the credit script beside the balance,
// so the capped key must end having spent its cap exactly (never one more, whatever the kill re-sent), the other key
// must never see the cap, and the balance must equal what was served, as in every drill.
import { setTimeout as sleep } from 'node:timers/promises';
import { type Context, lab, type Paths, times } from './lab.ts';
import { type Row, row, settled, snapshot } from './ledger.ts';

export async function capRace(ctx: Context, { lookup }: Paths): Promise<Row> {
  const { admin, ledger } = ctx;
  const cap = 20;
  const clients = 50;
  const t = await lab(ctx, 'cap');
  try {
    const capped = await t.accounts.open(1000);
    const other = await t.accounts.secondKey(capped);
    await t.accounts.cap(capped, cap);
    const before = await snapshot(ledger, t.accounts, capped);
    const connection = String(await t.clients.redis.client('ID'));
    // The first wave meets a killed connection (its scripts re-sent after the reconnect, some answered 503 and
    // refunded); the second wave, once settled, races for whatever of the cap is left.
    await admin.call('CLIENT', 'PAUSE', '500', 'WRITE');
    const first = Promise.all([
      Promise.all(times(clients, () => t.call(lookup, capped))),
      Promise.all(times(10, () => t.call(lookup, other))),
    ]);
    await sleep(150);
    const kills = Number(await admin.call('CLIENT', 'KILL', 'ID', connection));
    const [cappedFirst, otherFirst] = await first;
    await settled(ledger, t.accounts, capped);
    const [cappedSecond, otherSecond] = await Promise.all([
      Promise.all(times(clients, () => t.call(lookup, capped))),
      Promise.all(times(10, () => t.call(lookup, other))),
    ]);
    const after = await settled(ledger, t.accounts, capped);
    const cappedStatuses = [...cappedFirst, ...cappedSecond];
    const otherStatuses = [...otherFirst, ...otherSecond];
    const served = cappedStatuses.filter((s) => s === 200).length;
    const spent = await t.accounts.spent(capped);
    return row(
      ledger,
      `12. ${clients} clients racing a key capped at ${cap} (twice), the app's Redis connection killed under the first wave, the account's other key calling alongside`,
      [...cappedStatuses, ...otherStatuses],
      before,
      after,
      [
        { text: 'the connection was killed with the calls on it', ok: kills === 1 },
        { text: `the capped key served exactly its cap (${served} of ${cap})`, ok: served === cap },
        { text: `its usage counter says ${spent} spent`, ok: spent === cap },
        { text: 'its other calls 402 or 503', ok: cappedStatuses.every((s) => s === 200 || s === 402 || s === 503) },
        {
          text: `the other key never refused by the cap (${otherStatuses.filter((s) => s === 200).length} of ${otherStatuses.length} served)`,
          ok: otherStatuses.every((s) => s === 200 || s === 503) && otherSecond.every((s) => s === 200),
        },
      ],
    );
  } finally {
    await t.close();
  }
}
