// `npm run relevance -- <command>`: the relevance workbench (docs/ranking.md, "Tuning ranking").
import { exitWithUsage, main, readArgs, UsageError, wantsHelp } from '../common/cli.ts';
import { compareCommand } from './compare.ts';
import { runEval, type Workbench, workbench, writeJson } from './context.ts';
import { explainCommand } from './explain.ts';
import { quepidCommand } from './quepid.ts';
import { realNamesCommand } from './real-names.ts';
import { evaluationReport } from './table.ts';

const USAGE = `Usage: npm run relevance -- <command>
  eval [--profile P] [--judgments PATH]… [--json FILE]
      nDCG@10, P@10, MRR, hit@1/3, zero-result rate per class
  compare A B [--judgments PATH]… [--out DIR]
      two profiles on the same judgments, with significance
  explain "query" [--profile P] [--filter name=value]… [--size N] [--sponsors]
      the top results with each score taken apart
  import-quepid FILE.csv --class NAME [--target creators|sponsors] [--out FILE] [--scale N]
      Quepid ratings (query,docid,rating) as judgments
  real-names DIR [--out FILE]
      judged name queries for an imported dataset's creators
A profile P is a file or a name in relevance/profiles/ (default: RANKING_PROFILE). Judgments default to
relevance/judgments/ and the generated set of the loaded data (DATA_DIR/judgments.jsonl).`;

async function evalCommand(bench: Workbench, args: string[]) {
  const { values } = readArgs({
    args,
    options: {
      profile: { type: 'string' },
      judgments: { type: 'string', multiple: true },
      json: { type: 'string' },
    },
  });
  const evaluation = await runEval(bench, values.profile, values.judgments);
  console.log(evaluationReport(evaluation));
  if (values.json) {
    writeJson(values.json, evaluation);
    console.log(`\nEvery query's figures and top 10: ${values.json}`);
  }
}

const COMMANDS: Record<string, (bench: Workbench, args: string[]) => Promise<void>> = {
  eval: evalCommand,
  compare: compareCommand,
  explain: explainCommand,
  'import-quepid': quepidCommand,
  'real-names': realNamesCommand,
};

const argv = process.argv.slice(2);
// One usage for all the commands: `relevance explain --help` prints it too.
if (wantsHelp(argv)) exitWithUsage(USAGE);
const [command, ...rest] = argv;
await main(async () => {
  const run = command === undefined ? undefined : COMMANDS[command];
  if (!run) {
    if (command === undefined) throw new UsageError('name a command');
    throw new UsageError(command.startsWith('-') ? `Unknown option '${command}'` : `unknown command "${command}"`);
  }
  const bench = workbench();
  try {
    await run(bench, rest);
  } finally {
    await bench.client.close();
  }
}, USAGE);
