import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../common/cli.ts';
import { parseImportArgs, rejectUnknown } from '../../../importer/args.ts';
import { runTs } from '../../support/run.ts';

const parse = (...argv: string[]) => parseImportArgs(argv, new Set(['json', 'rules']));

describe("the importer's command line", () => {
  it('reads a list option up to the next option, and a switch', () => {
    const args = parse('csv', '--videos', 'a.csv', 'b.csv', '--json', 'extra');
    expect(args).toMatchObject({ command: 'csv', positionals: ['extra'], switches: new Set(['json']) });
    expect(args.values.get('videos')).toEqual(['a.csv', 'b.csv']);
  });

  it('names an option the command does not know, and one given without a value', () => {
    expect(() => rejectUnknown(parse('csv', '--vidoes', 'a.csv'), ['videos'])).toThrow(
      new UsageError("Unknown option '--vidoes'"),
    );
    // `--videos` alone once read as no files at all ("name at least one file"), hiding which option was empty.
    expect(() => rejectUnknown(parse('csv', '--videos'), ['videos'])).toThrow(new UsageError('--videos needs a value'));
    expect(() => rejectUnknown(parse('csv', '--videos', '--json'), ['videos', 'json'])).toThrow(
      new UsageError('--videos needs a value'),
    );
    expect(() => rejectUnknown(parse('csv', '--videos', 'a.csv'), ['videos'])).not.toThrow();
  });

  it('refuses --rules with --threshold in eval-sponsors, exit 2, before reading anything', async () => {
    const run = await runTs('importer/cli.ts', ['eval-sponsors', '--rules', '--threshold', '0.5'], process.env, 60_000);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^✖ --rules and --threshold cannot be used together: the rules alone have no threshold\n\nUsage:/,
    );
  }, 60_000);
});
