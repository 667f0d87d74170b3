// The importer's command line: `<command> [positionals] --flag value --list a b c --switch`. A list option takes
// every value up to the next option, the way `--videos <files…>` reads in the docs.
import { UsageError } from '../common/cli.ts';

export interface Args {
  command: string | undefined;
  positionals: string[];
  values: Map<string, string[]>;
  switches: Set<string>;
}

export function parseImportArgs(argv: string[], switches: ReadonlySet<string>): Args {
  const args: Args = { command: undefined, positionals: [], values: new Map(), switches: new Set() };
  let current: string[] | undefined;
  for (const arg of argv) {
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s) as [string, string | undefined];
      if (switches.has(name)) {
        args.switches.add(name);
        current = undefined;
        continue;
      }
      current = args.values.get(name) ?? [];
      args.values.set(name, current);
      if (inline !== undefined) {
        current.push(inline);
        current = undefined;
      }
    } else if (current) {
      current.push(arg);
    } else if (args.command === undefined) {
      args.command = arg;
    } else {
      args.positionals.push(arg);
    }
  }
  return args;
}

/** The one value of an option, or the default; a missing value is an error naming the option. */
export function single(args: Args, name: string): string | undefined {
  const values = args.values.get(name);
  if (values === undefined) return undefined;
  if (values.length !== 1) throw new UsageError(`--${name} takes one value (got ${values.length})`);
  return values[0];
}

/**
 * Options the command does not know, or given without a value: an error naming them, rather than silently ignoring
 * a typo (or reading `--videos` with no file as no option at all).
 */
export function rejectUnknown(args: Args, known: readonly string[]): void {
  const unknown = [...args.values.keys(), ...args.switches].filter((name) => !known.includes(name));
  if (unknown.length > 0)
    throw new UsageError(`Unknown option${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `'--${n}'`).join(', ')}`);
  const empty = [...args.values].find(([, values]) => values.length === 0)?.[0];
  if (empty !== undefined) throw new UsageError(`--${empty} needs a value`);
}
