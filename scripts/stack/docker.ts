import { REPO_ROOT } from './config.ts';
import { run } from './process.ts';

/** True when a Docker engine (not just the CLI) answers within a few seconds. */
export function dockerAnswers(): Promise<boolean> {
  return run('docker', ['info', '--format', '{{.ServerVersion}}'], { timeoutMs: 5000 }).then(
    () => true,
    () => false,
  );
}

/** Starts compose services and waits for their healthchecks (docker-compose.yml at the repo root). */
export async function composeUp(services: string[], timeoutMs: number): Promise<void> {
  const wait = String(Math.ceil(timeoutMs / 1000));
  await run('docker', ['compose', 'up', '--detach', '--wait', '--wait-timeout', wait, ...services], {
    timeoutMs: timeoutMs + 10_000,
    cwd: REPO_ROOT,
  });
}

export async function composeStop(services: string[]): Promise<void> {
  await run('docker', ['compose', 'stop', ...services], { timeoutMs: 60_000, cwd: REPO_ROOT });
}
