import { once } from 'node:events';
import { createWriteStream, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Faker } from '@faker-js/faker';
import { faker as englishFaker } from '@faker-js/faker/locale/en';
import { UsageError } from '../../common/cli.ts';
import { formatJudgment } from '../../common/judgments.ts';
import { type CreatorContext, generateCreator } from './creators.ts';
import { HandleSet } from './handles.ts';
import { generateHistory } from './history.ts';
import { Judge } from './judgments.ts';
import { Random } from './random.ts';
import { generateSponsors } from './sponsors.ts';

export interface GenerateOptions {
  creators: number;
  sponsors: number;
  seed: number;
  out: string;
  /** Months of monthly snapshots before the reference date (snapshots.ndjson); 0 writes none. Default 12. */
  historyMonths?: number;
  log?: (line: string) => void;
}

export interface GenerateSummary {
  creators: number;
  sponsors: number;
  seconds: number;
  files: Record<string, number>;
}

/** Fixed, so the same seed gives byte-identical files on any day. */
export const REFERENCE_DATE = new Date('2026-11-01T00:00:00Z');
export const LIMITS = { creators: [1000, 5_000_000], sponsors: [50, 20_000] } as const;

/** A year of monthly snapshots by default: enough for both growth windows and a chart. */
export const HISTORY_MONTHS = 12;

/** The options' ranges, named as `npm run generate` takes them: a value out of range is the command given wrongly. */
export function checkOptions(o: Pick<GenerateOptions, 'creators' | 'sponsors' | 'seed' | 'historyMonths'>): void {
  for (const key of ['creators', 'sponsors'] as const) {
    const [min, max] = LIMITS[key];
    if (!Number.isInteger(o[key]) || o[key] < min || o[key] > max) {
      throw new UsageError(`--${key} must be a whole number from ${min} to ${max} (got ${o[key]})`);
    }
  }
  if (!Number.isInteger(o.seed) || o.seed < 0)
    throw new UsageError(`--seed must be a whole number ≥ 0 (got ${o.seed})`);
  const months = o.historyMonths ?? HISTORY_MONTHS;
  if (!Number.isInteger(months) || months < 0 || months > 120)
    throw new UsageError(`--history-months must be a whole number from 0 to 120 (got ${o.historyMonths})`);
}

/**
 * A private, seeded English faker (names only). Built from the English-only entry point: the package's main entry
 * loads every locale, some 30 MB more resident memory.
 */
function seededFaker(seed: number): Faker {
  const FakerClass = englishFaker.constructor as typeof Faker;
  const faker = new FakerClass({ locale: englishFaker.rawDefinitions });
  faker.seed(seed);
  return faker;
}

/** NDJSON to a file in 64 KB chunks, waiting for the stream to drain when its buffer is full. */
function lineWriter(file: string) {
  const out = createWriteStream(file);
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => {});
  let batch = '';
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await Promise.race([once(out, 'drain'), failed]);
  };
  return {
    add: async (record: unknown) => {
      batch += `${JSON.stringify(record)}\n`;
      if (batch.length < 64 * 1024) return;
      await write(batch);
      batch = '';
    },
    close: async () => {
      if (batch) await write(batch);
      out.end();
      await Promise.race([once(out, 'finish'), failed]);
    },
  };
}

/**
 * Streams a deterministic dataset to out/: sponsors.ndjson, creators.ndjson, sponsorships.ndjson and snapshots.ndjson
 * (one record at a time, so any size fits in memory) and judgments.jsonl (the relevance workbench's ground truth for this dataset). Each file is
 * written under a temporary name and renamed when complete.
 */
export async function generate(options: GenerateOptions): Promise<GenerateSummary> {
  checkOptions(options);
  const started = Date.now();
  const log = options.log ?? (() => {});
  mkdirSync(options.out, { recursive: true });
  const random = new Random(options.seed);
  const faker = seededFaker(options.seed);

  const sponsors = generateSponsors(random, options.sponsors);
  const file = (name: string) => path.join(options.out, name);
  writeFileSync(file('sponsors.ndjson.tmp'), `${sponsors.sponsors.map((s) => JSON.stringify(s)).join('\n')}\n`);

  const context: CreatorContext = {
    seed: options.seed,
    random,
    faker,
    sponsors,
    sponsorById: new Map(sponsors.sponsors.map((s) => [s.id, s])),
    handles: new HandleSet(options.creators),
    referenceDate: REFERENCE_DATE,
  };
  const judge = new Judge(options.seed, sponsors);
  const creators = lineWriter(file('creators.ndjson.tmp'));
  const evidence = lineWriter(file('sponsorships.ndjson.tmp'));
  const months = options.historyMonths ?? HISTORY_MONTHS;
  const history = months > 0 ? lineWriter(file('snapshots.ndjson.tmp')) : undefined;
  const step = Math.max(1, Math.floor(options.creators / 10));
  for (let id = 1; id <= options.creators; id++) {
    const { record, evidence: rows } = generateCreator(context, id);
    judge.rate(record);
    await creators.add(record);
    for (const row of rows) await evidence.add(row);
    if (history)
      for (const snapshot of generateHistory(options.seed, record, REFERENCE_DATE, months)) await history.add(snapshot);
    if (id % step === 0) {
      const seconds = (Date.now() - started) / 1000;
      log(`creators: ${id}/${options.creators} (${Math.round(id / seconds)}/s)`);
    }
  }
  await creators.close();
  await evidence.close();
  await history?.close();
  writeFileSync(file('judgments.jsonl.tmp'), `${judge.judgments().map(formatJudgment).join('\n')}\n`);

  const files: Record<string, number> = {};
  const names = ['sponsors.ndjson', 'creators.ndjson', 'sponsorships.ndjson', 'judgments.jsonl'];
  if (history) names.push('snapshots.ndjson');
  else rmSync(file('snapshots.ndjson'), { force: true }); // a history left by an earlier run would not match
  for (const name of names) {
    renameSync(file(`${name}.tmp`), file(name));
    files[name] = statSync(file(name)).size;
  }
  return { creators: options.creators, sponsors: options.sponsors, seconds: (Date.now() - started) / 1000, files };
}
