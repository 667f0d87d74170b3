// What every command-line tool of the repository shares (the launcher, the indexer, the importer, the workbench, the
// benchmarks, the admin CLI): .env read like `docker compose` reads it, one way to read the command line, and an
// error ending the command with its message. The convention (docs/cli.md): `--help` or `-h` prints the usage on
// stdout and exits 0; a command given wrongly prints one line naming what is wrong, then the usage, on stderr and
// exits 2; any other failure prints its message and exits 1. Never a stack trace.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';

/** What parseArgs returns for a config (node:util does not export the type). */
type Parsed<T extends ParseArgsConfig> = ReturnType<typeof parseArgs<T>>;

/** Reads the repository's .env, when there is one, into process.env (variables already set win). */
export function loadDotEnv(): void {
  const file = path.resolve(import.meta.dirname, '..', '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

/** A command given wrongly (an unknown option, a malformed value, a missing argument); the message is one line. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Whether the arguments ask for the usage: `--help` or `-h` anywhere before a `--` that ends the options. */
export function wantsHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/** The usage on stdout, status 0: what `--help` does. */
export function exitWithUsage(usage: string): never {
  console.log(usage);
  process.exit(0);
}

function reportUsageError(error: UsageError, usage: string): void {
  console.error(`✖ ${error.message}\n\n${usage}`);
}

/**
 * node:util's parseArgs, strict, with its errors as UsageErrors: for code that also runs in-process (a test calls
 * it) and must throw rather than exit. Node's message is cut to its first sentence, the one naming the option: the
 * advice after it runs to several lines.
 */
export function readArgs<T extends ParseArgsConfig>(config: T): Parsed<T> {
  try {
    return parseArgs<T>({ ...config, strict: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (!code.startsWith('ERR_PARSE_ARGS_')) throw error;
    throw new UsageError((error as Error).message.split(/\.\s/)[0] as string);
  }
}

/**
 * A command's entry reads its command line with this: `--help` prints the usage and exits 0; an unknown or malformed
 * option exits 2 with one line naming it and the usage. `check` turns the parsed strings into what the command needs
 * (numbers, choices); a UsageError it throws ends the command the same way. `args` defaults to process.argv's.
 */
export function parseCommandLine<T extends ParseArgsConfig, R = Parsed<T>>(
  usage: string,
  config: T,
  check?: (parsed: Parsed<T>) => R,
): R {
  const args = config.args ?? process.argv.slice(2);
  if (wantsHelp(args)) exitWithUsage(usage);
  try {
    const parsed = readArgs<T>({ ...config, args });
    return check ? check(parsed) : (parsed as R);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    reportUsageError(error, usage);
    process.exit(2);
  }
}

/** An option's value as a whole number of at least `min`; anything else is a UsageError naming the option. */
export function wholeNumber(text: string | undefined, option: string, min = 0): number {
  const value = Number(text);
  if (!text || !/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min)
    throw new UsageError(
      `${option} takes a whole number${min ? ` of at least ${min}` : ''} (got ${text ?? 'nothing'})`,
    );
  return value;
}

/**
 * Runs a command's body; an error ends it with its message and exit code 1, a UsageError with its message, the usage
 * (when the command has one) and exit code 2; never a stack trace.
 */
export async function main(body: () => Promise<void>, usage?: string): Promise<void> {
  // Output piped into `head` closes early: that ends the command quietly, not with a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
  try {
    await body();
  } catch (error) {
    if (error instanceof UsageError && usage !== undefined) {
      reportUsageError(error, usage);
      process.exitCode = 2;
      return;
    }
    console.error(`\n✖ ${(error as Error).message}`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  }
}
