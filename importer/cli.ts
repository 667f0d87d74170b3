import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { exitWithUsage, loadDotEnv, main, UsageError, wantsHelp } from '../common/cli.ts';
import { sha256 } from '../common/digest.ts';
import { createProgress, type Progress } from '../common/progress.ts';
import { type Args, parseImportArgs, rejectUnknown, single } from './args.ts';
import { stabilityReport } from './audience/report.ts';
import { Catalog } from './catalog.ts';
import { type ImporterConfig, loadImporterConfig } from './config.ts';
import { buildCorpus } from './corpus/build.ts';
import { labelledVideoIds } from './corpus/holdout.ts';
import { corpusSets, writeCorpusSets } from './corpus/labelled-sets.ts';
import { MANIFEST_FILE, readManifest } from './corpus/manifest.ts';
import type { CorpusVideo } from './corpus/merge.ts';
import { formatSummary } from './corpus/summary.ts';
import { readMappingFile } from './csv/columns.ts';
import { importCsv } from './csv/import.ts';
import { type BadRow, type Encoding, fileSize } from './csv/read.ts';
import { buildDataset } from './dataset.ts';
import { NicheRules } from './enrich/niches.ts';
import { LABELS_FILE, rulesReader, SHARED_TRENDING, scorerReader } from './sponsors/eval.ts';
import { explainVideo } from './sponsors/explain.ts';
import { loadDetector } from './sponsors/find.ts';
import { mineBrands, simpleIconsSeed } from './sponsors/mine.ts';
import { MINED_FILE } from './sponsors/mined.ts';
import { Registry } from './sponsors/registry.ts';
import { printEvaluation, runEvaluation } from './sponsors/report.ts';
import { retrain, setName } from './sponsors/retrain.ts';
import { sampleForLabelling } from './sponsors/sample.ts';
import { printSummary, summaryFigures } from './summary.ts';
import { writeDataset } from './write.ts';
import { loadFetched, YouTubeImporter } from './youtube/import.ts';

/** The shared real data (../shared/realdata beside the repository), read by eval-sponsors and explain by default. */
export const REALDATA = path.resolve(import.meta.dirname, '../../shared/realdata');
/** Where the search tools' `fetch` leaves mirrors of public repositories: the corpus command reads its sources there. */
const MIRRORS = '/work/.mirror';
/** Each command's usage: `import <command> --help`, or a mistake in it, prints its own; `import --help` all of them. */
const USAGES: Record<string, string> = {
  csv: `npm run import -- csv --videos <files…> [--channels <files…>] [--mapping <file>] [--out <dir>]
                          [--evidence <file.jsonl>] [--encoding utf-8|windows-1252] [--skip-bad] [--json]
                          [--as-of YYYY-MM-DD]   (the day the exports' figures were read; default today)`,
  youtube: `npm run import -- youtube --channels <file> [--videos-per-channel N] [--quota units] [--since YYYY-MM-DD]
                          [--refresh-older-than 7d]   (re-read channels read longer ago than 7d or 12h, stalest first)
                          [--comments N]   (read each channel's latest N public comments: its audience estimate)
                          [--out <dir>] [--evidence <file.jsonl>] [--json]     (key in YOUTUBE_API_KEY)`,
  explain: `npm run import -- explain <videoId> [--videos <files…>]`,
  'eval-sponsors': `npm run import -- eval-sponsors [--realdata <dir> | --labels <file.jsonl…> --videos <trending.csv…>] [--details]
                          [--rules | --threshold P]   (the rules alone, or the scored detector from P; default: the model's)
                          [--second-reader <file.jsonl>]   (another reader's labels scored instead of the detector)
                          [--by-rule]   (precision per rule, for a registry brand or a new name)`,
  'sponsor-sample': `npm run import -- sponsor-sample --videos <files…> --out <dir> [--matching 100] [--unmatched 10] [--per-channel 3]
                          [--exclude-channels <file…>] [--exclude-labels <file.jsonl…>]   (videos to label, blind)`,
  'mine-brands': `npm run import -- mine-brands --corpus <videos.ndjson> [--seed <simple-icons.json>] [--min-channels 3] [--out <file>]
                          (brands promoted by distinct channels, written to importer/rules/mined-brands.json)`,
  'train-scorer': `npm run import -- train-scorer --videos-dir <dir>   (retrains importer/sponsors/scorer.json from every labelled
                          set whose videos are in <dir>/<set>/*.csv, and the shared files' labels)`,
  'audience-stability': `npm run import -- audience-stability <comment files…> [--exclude-videos <id,id…>]
                          (per file, one channel's comments: how many it takes for the language estimate to settle)`,
  corpus: `npm run import -- corpus --out <file.ndjson> [--mirror <dir>] [--manifest <sources.json>] [--skip-missing]
                          [--sets-out <dir>]   (public video descriptions, importer/corpus/README.md; --sets-out also
                          writes the videos of the sets picked from it, <dir>/corpus-*/videos.csv, for train-scorer)`,
};
const usageOf = (command: string | undefined) =>
  `Usage: ${(command && USAGES[command] ? [USAGES[command]] : Object.values(USAGES)).join('\n       ')}`;

const argv = process.argv.slice(2);
const args = parseImportArgs(
  argv,
  new Set(['skip-bad', 'details', 'help', 'json', 'rules', 'by-rule', 'skip-missing']),
);
if (wantsHelp(argv)) exitWithUsage(usageOf(args.command));

await main(async () => {
  if (args.command === undefined) {
    rejectUnknown(args, []);
    return console.log(usageOf(undefined));
  }
  loadDotEnv();
  const config = loadImporterConfig();
  switch (args.command) {
    case 'csv':
      return csv(args, config);
    case 'youtube':
      return youtube(args, config);
    case 'explain':
      return explain(args);
    case 'eval-sponsors':
      return evalSponsors(args);
    case 'sponsor-sample':
      return sponsorSample(args);
    case 'train-scorer':
      return trainScorer(args);
    case 'mine-brands':
      return mine(args);
    case 'corpus':
      return corpus(args);
    case 'audience-stability':
      return audienceStability(args);
    default:
      throw new UsageError(`unknown command "${args.command}"`);
  }
}, usageOf(args.command));

async function csv(args: Args, config: ImporterConfig): Promise<void> {
  rejectUnknown(args, ['videos', 'channels', 'mapping', 'out', 'evidence', 'encoding', 'skip-bad', 'json', 'as-of']);
  const asOf = single(args, 'as-of') ?? today();
  // zod's ISO date, as the indexer checks the snapshots' dates (Date.parse would take 2026-02-30 as 2 March).
  if (!z.iso.date().safeParse(asOf).success || asOf > today())
    throw new UsageError(`--as-of is a day no later than today, such as 2024-01-31 (got ${asOf})`);
  // --json: a JSON summary on stdout, progress on stderr (for scripts such as bench/import.ts).
  const json = args.switches.has('json');
  const videos = args.values.get('videos') ?? [];
  const channels = args.values.get('channels') ?? [];
  if (videos.length + channels.length === 0) throw new UsageError(`name at least one file with --videos or --channels`);
  for (const file of [...videos, ...channels]) if (!existsSync(file)) throw new Error(`${file}: no such file`);
  const encoding = single(args, 'encoding');
  if (encoding !== undefined && encoding !== 'utf-8' && encoding !== 'windows-1252')
    throw new UsageError(`--encoding is utf-8 or windows-1252 (got ${encoding})`);
  const mappingFile = single(args, 'mapping');
  const out = path.resolve(single(args, 'out') ?? config.dataDir);
  const evidence = single(args, 'evidence');

  const started = Date.now();
  const niches = NicheRules.load();
  const catalog = new Catalog(loadDetector(), niches);
  const totalKb = Math.ceil(
    (await Promise.all([...videos, ...channels].map(fileSize))).reduce((a, b) => a + b, 0) / 1024,
  );
  const progress = createProgress('import', totalKb, json ? process.stderr : process.stdout, 'KB');
  let shownKb = 0;
  const result = await importCsv(catalog, {
    videos,
    channels,
    ...(mappingFile && { mapping: readMappingFile(mappingFile) }),
    ...(encoding && { encoding: encoding as Encoding }),
    skipBad: args.switches.has('skip-bad'),
    onBytes: (bytes) => {
      const kb = Math.floor(bytes / 1024);
      progress.tick(kb - shownKb);
      shownKb = kb;
    },
  }).finally(() => progress.stop());
  const dataset = buildDataset(catalog, niches, asOf);
  await writeDataset(out, dataset, evidence);
  const report = {
    catalog,
    dataset,
    out,
    evidence,
    bad: result.bad as BadRow[],
    seconds: (Date.now() - started) / 1000,
  };
  if (json) console.log(JSON.stringify(summaryFigures(report)));
  else printSummary(report);
}

async function youtube(args: Args, config: ImporterConfig): Promise<void> {
  rejectUnknown(args, [
    'channels',
    'videos-per-channel',
    'quota',
    'since',
    'refresh-older-than',
    'comments',
    'out',
    'evidence',
    'json',
  ]);
  const window = single(args, 'refresh-older-than');
  const refreshOlderThanMs = window === undefined ? undefined : duration(window, '--refresh-older-than');
  const commentsText = single(args, 'comments');
  const comments = commentsText === undefined ? undefined : positiveInteger(commentsText, '--comments');
  const key = config.youtubeKey;
  if (!key) throw new Error('set YOUTUBE_API_KEY to a YouTube Data API v3 key (docs/real-data.md says how to get one)');
  const channelsFile = single(args, 'channels');
  if (!channelsFile) throw new UsageError(`name the channels with --channels <file>`);
  if (!existsSync(channelsFile)) throw new Error(`${channelsFile}: no such file`);
  const videosPerChannel = positiveInteger(single(args, 'videos-per-channel') ?? '50', '--videos-per-channel');
  const budget = positiveInteger(single(args, 'quota') ?? '10000', '--quota');
  const since = single(args, 'since');
  if (since !== undefined && Number.isNaN(Date.parse(since)))
    throw new UsageError(`--since is a date such as 2024-01-31 (got ${since})`);
  const json = args.switches.has('json');
  const out = path.resolve(single(args, 'out') ?? config.dataDir);
  const evidence = single(args, 'evidence');

  const started = Date.now();
  let progress: Progress | undefined;
  let shown = 0;
  const result = await new YouTubeImporter({
    channelsFile,
    out,
    key,
    baseUrl: config.youtubeBaseUrl,
    budget,
    videosPerChannel,
    ...(since && { since: new Date(since).toISOString() }),
    ...(refreshOlderThanMs !== undefined && { refreshOlderThanMs }),
    ...(comments !== undefined && { comments }),
    onChannel: (done, total) => {
      progress ??= createProgress('youtube', total, json ? process.stderr : process.stdout, 'channels');
      progress.tick(done - shown);
      shown = done;
    },
  })
    .run()
    .finally(() => progress?.stop());
  const niches = NicheRules.load();
  const catalog = new Catalog(loadDetector(), niches);
  await loadFetched(out, catalog);
  // Each channel is dated the day it was fetched; today only stands in for one fetched before dates were kept.
  const dataset = buildDataset(catalog, niches, today());
  await writeDataset(out, dataset, evidence);
  const report = { catalog, dataset, out, evidence, bad: [], seconds: (Date.now() - started) / 1000 };
  if (json) return console.log(JSON.stringify({ ...result, ...summaryFigures(report) }));
  console.log(
    `\nYouTube: ${result.done} of ${result.channels} channels done, ${result.pending} left, ${result.unitsUsed} of ${result.budget} quota units used today.`,
  );
  if (result.stale !== undefined)
    console.log(
      `${result.stale} of ${result.channels} channels are still older than ${window} (or were never read)${result.stale > 0 ? ': run again to refresh them' : ''}.`,
    );
  if (result.unknown.length > 0) console.log(`Unknown to YouTube (skipped): ${result.unknown.join(', ')}`);
  if (result.stoppedByQuota)
    console.log(
      `Stopped: ${result.stoppedByQuota}. Run the same command again (tomorrow, for YouTube's quota) to resume.`,
    );
  printSummary(report);
}

/** Today in UTC, as YYYY-MM-DD: the day of a snapshot whose source gives none. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** `7d` or `12h` in milliseconds. */
function duration(text: string, option: string): number {
  const match = /^(\d+)([dh])$/.exec(text);
  if (!match || Number(match[1]) === 0)
    throw new UsageError(`${option} takes a duration such as 7d or 12h (got ${text})`);
  return Number(match[1]) * (match[2] === 'd' ? 86_400_000 : 3_600_000);
}

function positiveInteger(text: string, option: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new UsageError(`${option} takes a positive integer (got ${text})`);
  return value;
}

async function explain(args: Args): Promise<void> {
  rejectUnknown(args, ['videos']);
  const [videoId] = args.positionals;
  if (!videoId) throw new UsageError(`name the video: npm run import -- explain <videoId>`);
  const files = args.values.get('videos') ?? [
    path.join(REALDATA, 'trending-2017-US.csv'),
    path.join(REALDATA, 'trending-2017-FR.csv'),
  ];
  console.log(await explainVideo(videoId, files, loadDetector()));
}

async function evalSponsors(args: Args): Promise<void> {
  rejectUnknown(args, ['realdata', 'labels', 'videos', 'details', 'second-reader', 'rules', 'threshold', 'by-rule']);
  const realdata = path.resolve(single(args, 'realdata') ?? REALDATA);
  const labels = (args.values.get('labels') ?? [LABELS_FILE]).map((file) => path.resolve(file));
  const videos = args.values.get('videos')?.map((file) => path.resolve(file));
  if (args.values.has('labels') !== Boolean(videos))
    throw new UsageError('--labels and --videos go together: labels of the videos in those trending files');
  const second = single(args, 'second-reader');
  const secondReader = second ? path.resolve(second) : undefined;
  const registry = Registry.load();
  const threshold = single(args, 'threshold');
  if (threshold !== undefined && args.switches.has('rules'))
    throw new UsageError('--rules and --threshold cannot be used together: the rules alone have no threshold');
  if (threshold !== undefined && !(Number(threshold) >= 0 && Number(threshold) <= 1))
    throw new UsageError(`--threshold is a probability between 0 and 1 (got ${threshold})`);
  const scored = args.switches.has('rules') ? undefined : loadDetector();
  const detector = scored
    ? scorerReader(scored, threshold === undefined ? undefined : Number(threshold))
    : rulesReader(registry);
  const seen = labels.map(setName).filter((set) => scored?.scorer.trainedOn.includes(set));
  if (seen.length > 0)
    console.error(
      `The scorer learned from ${seen.join(', ')}: these figures are in-sample. Its figures on text it did not learn from are train-scorer's, leaving one set out (importer/sponsors/scorer.json, "evaluation").\n`,
    );
  const evaluation = await runEvaluation({ realdata, labels, videos, secondReader, detector }, registry);
  printEvaluation(evaluation, labels, args.switches.has('details'), secondReader, args.switches.has('by-rule'));
}

async function sponsorSample(args: Args): Promise<void> {
  rejectUnknown(args, ['videos', 'out', 'matching', 'unmatched', 'per-channel', 'exclude-channels', 'exclude-labels']);
  const files = (args.values.get('videos') ?? []).map((file) => path.resolve(file));
  if (files.length === 0) throw new UsageError(`name the exports to pick from with --videos`);
  const out = single(args, 'out');
  if (!out) throw new UsageError('name the folder to write the sample to with --out');
  const excludeChannels = args.values.get('exclude-channels') ?? [];
  for (const file of [...files, ...excludeChannels]) if (!existsSync(file)) throw new Error(`${file}: no such file`);
  const whole = (name: string, fallback: number) => {
    const value = single(args, name) ?? String(fallback);
    if (!/^\d+$/.test(value)) throw new UsageError(`--${name} is a whole number (got ${value})`);
    return Number(value);
  };
  console.log(
    await sampleForLabelling({
      files,
      out: path.resolve(out),
      matching: whole('matching', 100),
      unmatched: whole('unmatched', 10),
      perChannel: Math.max(1, whole('per-channel', 3)),
      excludeChannels,
      excludeLabels: args.values.get('exclude-labels'),
    }),
  );
}

async function trainScorer(args: Args): Promise<void> {
  rejectUnknown(args, ['videos-dir', 'realdata']);
  const videosDir = single(args, 'videos-dir');
  if (!videosDir) throw new UsageError(`name the folder of the labelled sets' videos with --videos-dir`);
  if (!existsSync(videosDir)) throw new Error(`${videosDir}: no such folder`);
  const realdata = path.resolve(single(args, 'realdata') ?? REALDATA);
  const shared = Object.values(SHARED_TRENDING).map((name) => path.join(realdata, name));
  for (const file of shared) if (!existsSync(file)) throw new Error(`${file} is missing: the shared labels read it`);
  const report = await retrain({
    shared,
    videosDir: path.resolve(videosDir),
    registry: Registry.load(),
    log: console.error,
  });
  console.log(report);
}

async function mine(args: Args): Promise<void> {
  rejectUnknown(args, ['corpus', 'seed', 'min-channels', 'out']);
  const corpus = single(args, 'corpus');
  if (!corpus) throw new UsageError(`name the corpus (npm run import -- corpus) with --corpus`);
  const seedFile = single(args, 'seed');
  for (const file of [corpus, ...(seedFile ? [seedFile] : [])])
    if (!existsSync(file)) throw new Error(`${file}: no such file`);
  const minChannels = Number(single(args, 'min-channels') ?? 3);
  if (!Number.isInteger(minChannels) || minChannels < 1)
    throw new UsageError('--min-channels is a whole number from 1');
  const out = path.resolve(single(args, 'out') ?? MINED_FILE);
  const seed = seedFile ? simpleIconsSeed(JSON.parse(await readFile(seedFile, 'utf8'))) : [];
  const started = Date.now();
  const mined = await mineBrands({
    corpus,
    registry: Registry.load(),
    minChannels,
    seed,
    progress: (videos) => console.error(`${videos.toLocaleString('en-US')} videos read`),
  });
  mined.sources = [
    {
      what: `corpus ${path.basename(corpus)} (sha256 ${await sha256(corpus)}), importer/corpus/README.md`,
      licence: 'see importer/corpus/README.md',
    },
    ...(seedFile
      ? [
          {
            what: `simple-icons data (${path.basename(seedFile)}, sha256 ${await sha256(seedFile)})`,
            licence: 'CC0-1.0',
          },
        ]
      : []),
  ];
  await writeFile(out, `${JSON.stringify(mined, null, 1)}\n`);
  const promoted = mined.brands.filter((b) => b.channels > 0).length;
  console.log(
    `${promoted} brands promoted by at least ${minChannels} channels, ${mined.brands.length - promoted} seed brands besides → ${out} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
}

async function corpus(args: Args): Promise<void> {
  rejectUnknown(args, ['out', 'mirror', 'manifest', 'skip-missing', 'sets-out']);
  const out = single(args, 'out');
  if (!out) throw new UsageError(`name the corpus file to write with --out <file.ndjson>`);
  const mirror = path.resolve(single(args, 'mirror') ?? MIRRORS);
  if (!existsSync(mirror)) throw new Error(`${mirror}: no such folder of mirrors (--mirror)`);
  const manifest = readManifest(path.resolve(single(args, 'manifest') ?? MANIFEST_FILE));
  const setsOut = single(args, 'sets-out');
  const labelled = new Map<string, CorpusVideo>();
  const summary = await buildCorpus({
    manifest,
    mirror,
    out: path.resolve(out),
    skipMissing: args.switches.has('skip-missing'),
    labelled: labelledVideoIds(),
    onLabelled: setsOut ? (video) => labelled.set(video.videoId, video) : undefined,
    log: (line) => console.log(line),
  });
  console.log(`\n${formatSummary(summary, path.resolve(out))}`);
  if (!setsOut) return;
  const dir = path.resolve(setsOut);
  for (const { set, written, missing } of writeCorpusSets(dir, corpusSets(), labelled)) {
    const absent = missing.length ? `; not in the corpus: ${missing.join(', ')}` : '';
    console.log(`${path.join(dir, set, 'videos.csv')}: ${written} videos${absent}`);
  }
}

async function audienceStability(args: Args): Promise<void> {
  rejectUnknown(args, ['exclude-videos']);
  const files = args.positionals;
  if (files.length === 0) throw new UsageError(`name the comment files`);
  for (const file of files) if (!existsSync(file)) throw new Error(`${file}: no such file`);
  const exclude = new Set((single(args, 'exclude-videos') ?? '').split(',').filter(Boolean));
  console.log(await stabilityReport(files, exclude));
}
