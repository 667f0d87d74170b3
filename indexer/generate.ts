// `npm run generate`: the deterministic demo dataset, written to DATA_DIR (data/ unless set), where `npm run index`
// loads from; `--out` writes elsewhere.
import path from 'node:path';
import { main, parseCommandLine, wholeNumber } from '../common/cli.ts';
import { dataDir } from '../common/data-dir.ts';
import { checkOptions, generate, HISTORY_MONTHS } from './generate/dataset.ts';

const USAGE = `Usage: npm run generate -- [--creators 20000] [--sponsors 1500] [--seed 42]
                            [--history-months ${HISTORY_MONTHS}] [--out DIR]
  writes the demo dataset to DIR, or to DATA_DIR (data/ unless set)`;

const options = parseCommandLine(
  USAGE,
  {
    options: {
      creators: { type: 'string', default: '20000' },
      sponsors: { type: 'string', default: '1500' },
      seed: { type: 'string', default: '42' },
      'history-months': { type: 'string', default: String(HISTORY_MONTHS) },
      out: { type: 'string' },
    },
  },
  ({ values }) => {
    const numbers = {
      creators: wholeNumber(values.creators, '--creators'),
      sponsors: wholeNumber(values.sponsors, '--sponsors'),
      seed: wholeNumber(values.seed, '--seed'),
      historyMonths: wholeNumber(values['history-months'], '--history-months'),
    };
    checkOptions(numbers);
    return { ...numbers, out: values.out ? path.resolve(values.out) : dataDir() };
  },
);

await main(async () => {
  const { out } = options;
  const summary = await generate({
    ...options,
    log: (line) => console.log(line),
  });
  const sizes = Object.entries(summary.files)
    .map(([name, bytes]) => `${name} ${(bytes / 1024 / 1024).toFixed(1)} MB`)
    .join(', ');
  console.log(
    `Generated ${summary.creators} creators and ${summary.sponsors} sponsors in ${summary.seconds.toFixed(1)} s ` +
      `into ${path.relative(process.cwd(), out) || '.'}: ${sizes}.`,
  );
});
