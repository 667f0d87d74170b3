// Not a fault drill: what one billable call of a known key costs Redis (commands sent, commands run, CPU), read
// from INFO before and after a run of calls. It feeds the capacity note of docs/cluster.md, so it is measured
// before keyspace notifications (which cost Redis CPU of their own) are turned on.
import type { Redis } from 'ioredis';
import { type Context, lab, type Paths, times } from './lab.ts';

/** Redis's count of each command it has run (INFO commandstats), scripts' own commands included. */
async function commandStats(admin: Redis): Promise<Map<string, number>> {
  const stats = new Map<string, number>();
  for (const [, name, calls] of (await admin.info('commandstats')).matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) {
    stats.set(String(name), Number(calls));
  }
  return stats;
}

/** The CPU time Redis has used, user and system, in ms (INFO cpu). */
async function redisCpuMs(admin: Redis): Promise<number> {
  const info = await admin.info('cpu');
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? Number.NaN);
  return (field('used_cpu_user') + field('used_cpu_sys')) * 1000;
}

/** Redis's commands and CPU per call over `calls` billable calls that `run` makes. */
async function perCall(admin: Redis, calls: number, run: () => Promise<void>) {
  const [before, cpuBefore] = [await commandStats(admin), await redisCpuMs(admin)];
  await run();
  const [after, cpuAfter] = [await commandStats(admin), await redisCpuMs(admin)];
  after.delete('info'); // the measurement's own
  const per = [...after]
    .map(([name, n]) => [name, (n - (before.get(name) ?? 0)) / calls] as const)
    .filter(([, n]) => n > 0)
    .sort((x, y) => y[1] - x[1]);
  // A known key's call sends its access script (which counts the IP window too) on the response path, and its
  // confirmation (ZREM) after it, batched with others of its account every 50 ms; a block of credits's calls share
  // one script and one confirmation or refund script; every other command runs inside the scripts.
  const sent = per.filter(([name]) => /^(evalsha|eval|zrem)$/.test(name));
  const total = per.reduce((sum, [, n]) => sum + n, 0);
  const list = (entries: typeof per) => entries.map(([name, n]) => `${name} ${n.toFixed(2)}`).join(', ');
  return {
    sent: `${sent.reduce((sum, [, n]) => sum + n, 0).toFixed(2)} (${list(sent)})`,
    run: `${total.toFixed(2)} (${list(per)})`,
    cpu: `${((cpuAfter - cpuBefore) / calls).toFixed(3)} ms`,
  };
}

/** Redis's commands and CPU per call over `calls` granted searches, `clients` at once, on a lab app with `env`. */
async function searches(ctx: Context, search: string, calls: number, clients: number, env: Record<string, string>) {
  const t = await lab(ctx, `work${clients}`, env);
  try {
    const a = await t.accounts.open(10_000);
    const granted = async () => {
      if ((await t.call(search, a)) !== 200) throw new Error('a granted search failed');
    };
    await granted(); // the key's lookup
    return await perCall(ctx.admin, calls, async () => {
      await Promise.all(
        times(clients, async () => {
          for (let i = 0; i < calls / clients; i++) await granted();
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 200)); // the last blocks end and settle
    });
  } finally {
    await t.close();
  }
}

/** The report's section on Redis's work per billable call, as text. */
export async function redisWork(ctx: Context, { search }: Paths): Promise<string> {
  const calls = 512;
  const clients = 16;
  const serial = await searches(ctx, search, calls, 1, { ACCESS_BLOCKS: 'false' });
  const together = await searches(ctx, search, calls, clients, {});
  return [
    `${calls} billable searches of a known key, one after another, each checked on its own (ACCESS_BLOCKS=false); INFO commandstats before and after:`,
    `- commands the API sends per call: ${serial.sent}: one round trip on the response path (the script), confirmations batched after it`,
    `- commands Redis runs per call, scripts' own included: ${serial.run}`,
    `- Redis CPU per call (INFO cpu, user + system, keyspace notifications off): ${serial.cpu}`,
    '',
    `The same ${calls} from ${clients} clients at once, blocks of credits on (src/access/blocks.ts: the key calls fast enough):`,
    `- commands the API sends per call: ${together.sent}`,
    `- commands Redis runs per call: ${together.run}`,
    `- Redis CPU per call: ${together.cpu}`,
  ].join('\n');
}
