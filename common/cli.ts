// What every command-line tool of the repository shares (the launcher, the indexer, the workbench, the benchmarks,
// the admin CLI): .env read like `docker compose` reads it, and an error ending the command with its message.
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Reads the repository's .env, when there is one, into process.env (variables already set win). */
export function loadDotEnv(): void {
  const file = path.resolve(import.meta.dirname, '..', '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Runs a command's body; an error ends it with its message and exit code 1, never a stack trace. */
export async function main(body: () => Promise<void>): Promise<void> {
  // Output piped into `head` closes early: that ends the command quietly, not with a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
  try {
    await body();
  } catch (error) {
    console.error(`\n✖ ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
