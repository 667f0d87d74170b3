// Settlement: a reservation that no API process confirmed or refunded by its deadline (its process was killed, or
// cut off from Redis for longer) is refunded here, by whichever live API process sweeps first (every few seconds;
// sweeps may overlap, since a refund happens once by its call id) or by `npm run admin -- settle`. Accounts come
// from the settlement index (store.ts); an account found with reservations not yet due is indexed again for the
// earliest of them, so none is ever left out.
import type { Metrics } from '../metrics.ts';
import type { Log } from './refunds.ts';
import type { AccessStore } from './store.ts';

type Store = Pick<AccessStore, 'dueAccounts' | 'settle' | 'markDue' | 'settled' | 'dueTime'>;

export interface Settled {
  accounts: number;
  calls: number;
  credits: number;
}

/** Accounts settled per index read, and calls per script run. */
const BATCH = 200;
const CALLS_PER_RUN = 500;

/** Settles every account due by `now` (ms); what was given back. */
export async function settleDue(store: Store, now = Date.now()): Promise<Settled> {
  const total: Settled = { accounts: 0, calls: 0, credits: 0 };
  for (;;) {
    const due = await store.dueAccounts(now, BATCH);
    let done = 0;
    for (const { accountId, due: at, entry } of due) {
      let run: Awaited<ReturnType<Store['settle']>>;
      do {
        run = await store.settle(accountId, CALLS_PER_RUN);
        total.calls += run.calls;
        total.credits += run.credits;
      } while (run.more);
      if (run.next !== undefined) {
        const again = store.dueTime(run.next);
        if (again === at) continue; // found before its time on Redis's clock: the entry stays
        await store.markDue(accountId, again);
      }
      await store.settled(entry);
      total.accounts++;
      done++;
    }
    if (due.length < BATCH || done === 0) return total;
  }
}

/** Sweeps every `everyMs` (with jitter, so processes started together spread out) until stopped. */
export class Settlement {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  private failing = false;

  constructor(
    private readonly store: Store,
    private readonly log: Log & { info(obj: object, msg: string): void },
    private readonly everyMs: number,
    private readonly metrics?: Metrics,
  ) {}

  start(): void {
    const delay = this.everyMs * (0.75 + Math.random() / 2);
    this.timer = setTimeout(() => {
      this.sweeping = this.sweep().finally(() => {
        this.sweeping = undefined;
        if (this.timer) this.start();
      });
    }, delay);
    this.timer.unref();
  }

  private async sweep(): Promise<void> {
    try {
      const settled = await settleDue(this.store);
      if (settled.calls) {
        this.metrics?.creditsSettled.inc(settled.credits);
        this.log.info({ ...settled }, 'settled calls left unconfirmed past their deadline');
      }
      this.failing = false;
    } catch (err) {
      if (!this.failing) {
        this.metrics?.redisErrors.inc({ operation: 'settle' });
        this.log.warn({ err }, 'settlement failed: Redis did not answer; retrying');
      }
      this.failing = true;
    }
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.sweeping;
  }
}
