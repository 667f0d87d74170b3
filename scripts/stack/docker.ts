import { REPO_ROOT } from './config.ts';
import { run } from './process.ts';

/** docker-compose.yml with the launcher's layer over it (loopback ports, plain HTTP; its header says why). */
const FILES = ['-f', 'docker-compose.yml', '-f', 'scripts/stack/compose.launcher.yml'];

/**
 * What docker-compose.yml requires to be set: Redis's password (the launcher's own, so its clients need nothing
 * else) and OpenSearch's admin password, unused here since the launcher's layer turns the security plugin off.
 */
const passwords = (redisPassword: string) => ({
  ...process.env,
  REDIS_PASSWORD: redisPassword,
  OPENSEARCH_ADMIN_PASSWORD: 'unused-without-the-security-plugin',
});

/** True when a Docker engine (not just the CLI) answers within a few seconds. */
export function dockerAnswers(): Promise<boolean> {
  return run('docker', ['info', '--format', '{{.ServerVersion}}'], { timeoutMs: 5000 }).then(
    () => true,
    () => false,
  );
}

/** Starts compose services and waits for their healthchecks. */
export async function composeUp(services: string[], timeoutMs: number, redisPassword: string): Promise<void> {
  const wait = String(Math.ceil(timeoutMs / 1000));
  await run('docker', ['compose', ...FILES, 'up', '--detach', '--wait', '--wait-timeout', wait, ...services], {
    timeoutMs: timeoutMs + 10_000,
    cwd: REPO_ROOT,
    env: passwords(redisPassword),
  });
}

export async function composeStop(services: string[], redisPassword: string): Promise<void> {
  await run('docker', ['compose', ...FILES, 'stop', ...services], {
    timeoutMs: 60_000,
    cwd: REPO_ROOT,
    env: passwords(redisPassword),
  });
}
