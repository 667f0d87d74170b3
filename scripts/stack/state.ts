import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseProcStat, processStart } from './process.ts';
import { assertTrusted, ensureCacheDir } from './trust.ts';

export const SERVICE_NAMES = ['api', 'opensearch', 'redis'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** How a service was provided: a URL the user gave, docker compose, or a process the launcher runs. */
export type Provider = 'external' | 'docker' | 'local';

export interface Service {
  name: ServiceName;
  /** For the launcher's Redis this carries its password: print it only through `maskUrl`. */
  url: string;
  provider: Provider;
  pid?: number;
  /** `processStart(pid)` when the launcher started it: the PID is signalled only while it still matches. */
  startTime?: string;
  log?: string;
  /** True when `up` found it running; false when this very call started it. */
  reused: boolean;
}

/**
 * What the launcher started (never external services), so `down` stops only that. Redis's URL is stored without
 * its password (state.json is readable by others; the password file is not).
 */
export type StackState = Partial<Record<ServiceName, Omit<Service, 'reused'>>>;

export function statePath(cacheDir: string): string {
  return path.join(cacheDir, 'state.json');
}

// What each service's command line contains, to recognise processes listed by a launcher that did not yet record
// start times (before November 2026); such an entry is kept only if its process also started before the file was
// last written, which a PID handed to another process since cannot have. Delete this once those files are gone.
const LEGACY_COMMANDS: Record<ServiceName, string> = {
  api: 'src/server.ts',
  opensearch: 'org.opensearch.bootstrap.OpenSearch',
  redis: 'redis-server',
};
const CLOCK_TICKS_PER_S = 100; // USER_HZ, 100 on every architecture Node runs on

/** When a process started, in ms since the epoch (Linux only). */
function startedAtMs(pid: number): number | undefined {
  try {
    const bootS = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    const stat = parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    return stat && Number.isFinite(bootS) ? (bootS + stat.startTicks / CLOCK_TICKS_PER_S) * 1000 : undefined;
  } catch {
    return undefined;
  }
}

function adoptLegacy(state: StackState, writtenMs: number): boolean {
  let adopted = false;
  for (const service of Object.values(state)) {
    if (!service.pid || service.startTime || service.provider !== 'local') continue;
    let commandLine = '';
    try {
      commandLine = readFileSync(`/proc/${service.pid}/cmdline`, 'utf8');
    } catch {}
    const identity = processStart(service.pid);
    const started = startedAtMs(service.pid);
    // Two seconds of slack: the boot time is rounded to the second and the clock may have been adjusted since.
    const before = started !== undefined && started <= writtenMs + 2000;
    if (identity && before && commandLine.includes(LEGACY_COMMANDS[service.name])) {
      service.startTime = identity;
      adopted = true;
    }
  }
  return adopted;
}

function writeState(cacheDir: string, state: StackState): void {
  // Write then rename, so a crash never leaves half a state file behind; never group- or world-writable.
  const file = statePath(cacheDir);
  rmSync(`${file}.tmp`, { force: true });
  writeFileSync(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o644 });
  renameSync(`${file}.tmp`, file);
}

/** The state, after checking that the cache and the file belong to the launcher's user (else a StackError). */
export function readState(cacheDir: string): StackState {
  const file = statePath(cacheDir);
  assertTrusted(cacheDir, "The launcher's cache folder");
  if (!existsSync(file)) return {};
  assertTrusted(file, 'The state file');
  let state: StackState;
  try {
    state = JSON.parse(readFileSync(file, 'utf8')) as StackState;
  } catch {
    return {};
  }
  if (adoptLegacy(state, statSync(file).mtimeMs)) writeState(cacheDir, state);
  return state;
}

export function updateState(cacheDir: string, change: (state: StackState) => void): void {
  ensureCacheDir(cacheDir);
  const state = readState(cacheDir);
  change(state);
  writeState(cacheDir, state);
}
