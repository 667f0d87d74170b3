// `npm run bench:import`: the CSV importer's speed and memory on video files made by repeating the shared trending
// rows (../shared/realdata), at two sizes: rows per second at the larger, and peak memory at both (flat memory is
// the same peak at ten times the rows). Writes bench/results/import-<date>.md; figures are never edited.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseCommandLine, wholeNumber } from '../common/cli.ts';
import { CsvParser } from '../importer/csv/parse.ts';
import { machine } from './machine.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const realdata = path.resolve(root, '../shared/realdata');
const USAGE = `Usage: npm run bench:import -- [--rows 100000,1000000] [--runs 2] [--out bench/results]
  the CSV importer's speed and memory on files of the shared trending rows repeated to each number of --rows`;
const { values, sizes, runs } = parseCommandLine(
  USAGE,
  {
    options: {
      rows: { type: 'string', default: '100000,1000000' },
      runs: { type: 'string', default: '2' },
      out: { type: 'string', default: path.join(root, 'bench', 'results') },
    },
  },
  ({ values }) => ({
    values,
    sizes: values.rows.split(',').map((rows) => wholeNumber(rows, '--rows', 1)),
    runs: wholeNumber(values.runs, '--runs', 1),
  }),
);
const work = path.join(root, '.cache', 'bench');

/** A video file of at least `rows` rows: the shared US and FR trending rows, over and over, under one header. */
async function repeatedFile(rows: number): Promise<{ file: string; rows: number }> {
  const sources = ['trending-2017-US.csv', 'trending-2017-FR.csv'].map((f) => path.join(realdata, f));
  for (const source of sources)
    if (!existsSync(source)) throw new Error(`${source} is missing: the benchmark repeats the shared rows`);
  const texts = sources.map((f) => readFileSync(f, 'utf8'));
  const header = (texts[0] as string).slice(0, (texts[0] as string).indexOf('\n') + 1);
  const bodies = texts.map((t) => t.slice(t.indexOf('\n') + 1).replace(/\n?$/, '\n'));
  const perCopy = bodies.reduce((sum, body) => sum + new CsvParser().push(body).length, 0);
  const copies = Math.ceil(rows / perCopy);
  const file = path.join(work, `trending-${rows}.csv`);
  if (!existsSync(file)) {
    mkdirSync(work, { recursive: true });
    const out = createWriteStream(`${file}.partial`);
    out.write(header);
    for (let i = 0; i < copies; i += 1) for (const body of bodies) if (!out.write(body)) await once(out, 'drain');
    out.end();
    await once(out, 'finish');
    renameSync(`${file}.partial`, file);
  }
  return { file, rows: copies * perCopy };
}

interface Figures {
  rows: number;
  videos: number;
  seconds: number;
  rowsPerSecond: number;
  peakMb: number;
}

async function importOnce(file: string): Promise<Figures> {
  const out = path.join(work, 'import-out');
  rmSync(out, { recursive: true, force: true });
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'importer/cli.ts', 'csv', '--videos', file, '--out', out, '--json'],
    {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as Figures;
}

const results: { size: number; rows: number; figures: Figures[] }[] = [];
for (const size of sizes) {
  const { file, rows } = await repeatedFile(size);
  const figures: Figures[] = [];
  for (let i = 0; i < runs; i += 1) {
    const f = await importOnce(file);
    console.log(
      `${rows} rows, run ${i + 1}: ${f.rowsPerSecond} rows/s, ${f.seconds.toFixed(1)} s, peak ${f.peakMb} MB, ${f.videos} distinct videos`,
    );
    figures.push(f);
  }
  results.push({ size, rows, figures });
}

const stamp = new Date().toISOString().slice(0, 16).replace(':', '');
const lines = [
  `# CSV import speed and memory (${new Date().toISOString().slice(0, 10)})`,
  '',
  `Machine: ${machine()}. Command: \`npm run bench:import -- --rows ${values.rows} --runs ${runs}\`.`,
  'Each file repeats the rows of the shared trending-2017-US.csv and trending-2017-FR.csv under one header; each run is',
  '`npm run import -- csv --videos <file> --json` in its own process (peak memory is its maxRSS).',
  '',
  '| rows | run | rows/s | seconds | peak memory (MB) | distinct videos |',
  '|---|---|---|---|---|---|',
  ...results.flatMap(({ rows, figures }) =>
    figures.map(
      (f, i) => `| ${rows} | ${i + 1} | ${f.rowsPerSecond} | ${f.seconds.toFixed(1)} | ${f.peakMb} | ${f.videos} |`,
    ),
  ),
];
mkdirSync(values.out, { recursive: true });
const report = path.join(values.out, `import-${stamp}.md`);
writeFileSync(report, `${lines.join('\n')}\n`);
console.log(`\nWrote ${path.relative(root, report)}`);
