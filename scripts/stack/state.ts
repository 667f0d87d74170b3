import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SERVICE_NAMES = ['api', 'opensearch', 'redis'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** How a service was provided: a URL the user gave, docker compose, or a process the launcher runs. */
export type Provider = 'external' | 'docker' | 'local';

export interface Service {
  name: ServiceName;
  url: string;
  provider: Provider;
  pid?: number;
  log?: string;
  /** True when `up` found it running; false when this very call started it. */
  reused: boolean;
}

/** What the launcher started (never external services), so `down` stops only that. */
export type StackState = Partial<Record<ServiceName, Omit<Service, 'reused'>>>;

export function statePath(cacheDir: string): string {
  return path.join(cacheDir, 'state.json');
}

export function readState(cacheDir: string): StackState {
  const file = statePath(cacheDir);
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as StackState;
  } catch {
    return {};
  }
}

export function updateState(cacheDir: string, change: (state: StackState) => void): void {
  const state = readState(cacheDir);
  change(state);
  mkdirSync(cacheDir, { recursive: true });
  // Write then rename, so a crash never leaves half a state file behind.
  const file = statePath(cacheDir);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}
