// `npm run generate -- [--creators N] [--sponsors M] [--seed S] [--history-months 12] [--out DIR]`: the deterministic demo dataset, written
// to DATA_DIR (data/ unless set), where `npm run index` loads from; `--out` writes elsewhere.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { main } from '../common/cli.ts';
import { dataDir } from '../common/data-dir.ts';
import { generate, HISTORY_MONTHS } from './generate/dataset.ts';

const { values } = parseArgs({
  options: {
    creators: { type: 'string', default: '20000' },
    sponsors: { type: 'string', default: '1500' },
    seed: { type: 'string', default: '42' },
    'history-months': { type: 'string', default: String(HISTORY_MONTHS) },
    out: { type: 'string' },
  },
});

await main(async () => {
  const out = values.out ? path.resolve(values.out) : dataDir();
  const summary = await generate({
    creators: Number(values.creators),
    sponsors: Number(values.sponsors),
    seed: Number(values.seed),
    historyMonths: Number(values['history-months']),
    out,
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
