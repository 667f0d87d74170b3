import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../support/app.ts';
import { REPO_ROOT, type Run } from '../support/run.ts';

// Every npm command of ours speaks the same way (docs/cli.md): `--help` prints the usage on stdout and exits 0; an
// unknown or malformed option prints one line naming it, then the usage, on stderr and exits 2; never a stack trace.
// Each runs as a user runs it, `npm run <name> -- …`, with OpenSearch and Redis on closed ports and an empty launcher
// cache: a command that went past its command line (`down`, `drill`) would reach nothing real.

const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** The scripts that are not commands of ours, and why. */
const NOT_OURS: Record<string, string> = {
  dev: 'the server under `tsx watch`: configured by the environment, it takes no options (an option would start it)',
  start: 'the built server: the same',
  build: 'tsc',
  typecheck: 'tsc',
  lint: 'biome',
  format: 'biome',
  test: 'typecheck, lint and vitest',
  'test:unit': 'vitest',
  'test:bench': 'vitest',
  'test:cluster': 'vitest',
  'test:all': 'typecheck, lint and vitest',
};
/** npm's hooks (`preup` runs before `up`): not commands of their own. */
const hook = (name: string) => name.startsWith('pre') && name.slice(3) in scripts;
const COMMANDS = Object.keys(scripts).filter((name) => !hook(name) && !(name in NOT_OURS));

/** A malformed value for each command that takes an option with a value, and the option its message names. */
const MALFORMED: Record<string, { args: string[]; names: string }> = {
  up: { args: ['--data'], names: '--data' },
  down: { args: ['--json=yes'], names: '--json' },
  'stack:up': { args: ['--cluster=yes'], names: '--cluster' },
  'stack:down': { args: ['--json=yes'], names: '--json' },
  'stack:status': { args: ['--json=yes'], names: '--json' },
  generate: { args: ['--creators', 'abc'], names: '--creators' },
  index: { args: ['--json=yes'], names: '--json' },
  'bench:index': { args: ['--creators', 'abc'], names: '--creators' },
  'bench:api': { args: ['--sizes', '1000,abc'], names: '--sizes' },
  'bench:clauses': { args: ['--size', 'abc'], names: '--size' },
  'bench:profile': { args: ['--seconds', 'abc'], names: '--seconds' },
  'bench:vectors': { args: ['--count', 'abc'], names: '--count' },
  'bench:import': { args: ['--runs', 'abc'], names: '--runs' },
  admin: { args: ['credits', 'add', '1', 'abc'], names: 'credits' },
  relevance: { args: ['explain', 'query', '--size', 'abc'], names: '--size' },
  import: { args: ['youtube', '--comments', 'abc'], names: '--comments' },
};

/** Commands with subcommands answer `--help` (or `-h`) after one too; the importer with that command's usage alone. */
const SUBCOMMAND_HELP: { name: string; args: string[]; shows: RegExp; hides?: RegExp }[] = [
  { name: 'admin', args: ['key', 'create', '--help'], shows: /key create <accountId>/ },
  { name: 'relevance', args: ['eval', '-h'], shows: /eval \[--profile P\]/ },
  { name: 'import', args: ['csv', '--help'], shows: /^Usage: npm run import -- csv /m, hides: /import -- youtube/ },
  { name: 'stack:status', args: ['-h'], shows: /npm run stack:status/ },
];

const STACK_TRACE = /^\s+at /m;
let env: NodeJS.ProcessEnv;
let cacheDir: string;
beforeAll(async () => {
  cacheDir = mkdtempSync(path.join(os.tmpdir(), 'cli-conventions-'));
  const { CSI_API_KEY: _k, REDIS_CLUSTER_NODES: _n, ...rest } = process.env;
  env = {
    ...rest,
    STACK_CACHE_DIR: cacheDir,
    OPENSEARCH_URL: `http://127.0.0.1:${await closedPort()}`,
    REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
  };
});
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

/** Three commands at a time: each is a Node process loading TypeScript, and the machine has other tests to run. */
const LIMIT = 3;
let running = 0;
const waiting: (() => void)[] = [];
async function npmRun(name: string, args: string[]): Promise<Run> {
  if (running < LIMIT) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await new Promise((resolve) => {
      execFile('npm', ['run', name, '--', ...args], { cwd: REPO_ROOT, env, timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr }),
      );
    });
  } finally {
    // The slot passes to the next waiting command, or is freed.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** npm's own lines (`> name@version script`) come first on stdout; the command's usage follows them. */
const namesCommand = (name: string) => new RegExp(`Usage: [\\s\\S]*npm run ${name}(?![\\w:-])`);

/** One line naming what is wrong, a blank line, then the usage: on stderr, with exit status 2. */
function expectUsageError(run: Run, name: string, names: string): void {
  expect(run.code, run.stderr).toBe(2);
  const [first, blank, usage] = run.stderr.split('\n');
  expect(first).toMatch(/^✖ /);
  expect(first).toContain(names);
  expect(blank).toBe('');
  expect(usage).toMatch(/^Usage: /);
  expect(run.stderr).toMatch(namesCommand(name));
  expect(`${run.stdout}\n${run.stderr}`).not.toMatch(STACK_TRACE);
}

// Under a loaded machine a command waits for its turn (LIMIT) as well as runs: more than the project's 60 s.
describe.concurrent('every npm command', { timeout: 120_000 }, () => {
  it('is ours or excluded with a reason, and the exclusions and malformed cases name scripts that exist', () => {
    expect(COMMANDS).toContain('up');
    for (const name of [...Object.keys(NOT_OURS), ...Object.keys(MALFORMED)]) expect(scripts).toHaveProperty([name]);
  });

  for (const name of COMMANDS) {
    it(`${name}: --help prints the usage, exit 0`, async () => {
      const run = await npmRun(name, ['--help']);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(namesCommand(name));
      expect(`${run.stdout}\n${run.stderr}`).not.toMatch(STACK_TRACE);
    });

    it(`${name}: an unknown option is one line naming it, then the usage, exit 2`, async () => {
      expectUsageError(await npmRun(name, ['--no-such-option']), name, '--no-such-option');
    });

    for (const { args, shows, hides } of SUBCOMMAND_HELP.filter((c) => c.name === name)) {
      it(`${name} ${args.join(' ')} prints the usage, exit 0`, async () => {
        const run = await npmRun(name, args);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).toMatch(shows);
        if (hides) expect(run.stdout).not.toMatch(hides);
      });
    }

    const malformed = MALFORMED[name];
    if (malformed) {
      it(`${name} ${malformed.args.join(' ')}: one line naming ${malformed.names}, then the usage, exit 2`, async () => {
        expectUsageError(await npmRun(name, malformed.args), name, malformed.names);
      });
    }
  }
});
