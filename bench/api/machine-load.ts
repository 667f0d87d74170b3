import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** CPU ms every core together has spent busy since boot (/proc/stat counts hundredths of a second). */
function machineBusyMs(): number {
  const [user, nice, system, , , irq, softirq, steal] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 10;
}

const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Runs `work` and says how many cores the rest of the machine kept busy meanwhile, on average. */
export async function othersBusy<T>(work: () => Promise<T>): Promise<{ result: T; cores: number }> {
  const [machine, own, started] = [machineBusyMs(), ownCpuMs(), performance.now()];
  const result = await work();
  const others = machineBusyMs() - machine - (ownCpuMs() - own);
  return { result, cores: Math.max(0, others / (performance.now() - started)) };
}

/**
 * Waits until the rest of the machine keeps fewer than `cores` busy over a second (OpenSearch finishing a merge or
 * a collection after a load, say), for at most `limitMs`. A CPU time measured meanwhile would be inflated by the
 * caches and the core it shares; the figure says how quiet it got.
 */
export async function quietMachine(cores = 0.1, limitMs = 30_000): Promise<number> {
  const deadline = performance.now() + limitMs;
  for (;;) {
    const { cores: busy } = await othersBusy(() => sleep(1000));
    if (busy < cores || performance.now() > deadline) return busy;
  }
}
