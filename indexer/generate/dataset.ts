import { once } from 'node:events';
import { createWriteStream, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { base, en, Faker } from '@faker-js/faker';
import { type CreatorContext, generateCreator } from './creators.ts';
import { EARLY_CREATORS, Judge } from './judgments.ts';
import { Random } from './random.ts';
import { generateSponsors } from './sponsors.ts';

export interface GenerateOptions {
  creators: number;
  sponsors: number;
  seed: number;
  out: string;
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
export const LIMITS = { creators: [1000, 1_000_000], sponsors: [50, 20_000] } as const;

export function checkOptions(o: Pick<GenerateOptions, 'creators' | 'sponsors' | 'seed'>): void {
  for (const key of ['creators', 'sponsors'] as const) {
    const [min, max] = LIMITS[key];
    if (!Number.isInteger(o[key]) || o[key] < min || o[key] > max) {
      throw new Error(`--${key} must be a whole number from ${min} to ${max} (got ${o[key]})`);
    }
  }
  if (!Number.isInteger(o.seed) || o.seed < 0) throw new Error(`--seed must be a whole number ≥ 0 (got ${o.seed})`);
}

/**
 * Streams a deterministic dataset to out/: sponsors.ndjson, creators.ndjson (one record at a time, so any size
 * fits in memory) and judgments.json. Each file is written under a temporary name and renamed when complete.
 */
export async function generate(options: GenerateOptions): Promise<GenerateSummary> {
  checkOptions(options);
  const started = Date.now();
  const log = options.log ?? (() => {});
  mkdirSync(options.out, { recursive: true });
  const random = new Random(options.seed);
  const faker = new Faker({ locale: [en, base] });
  faker.seed(options.seed);

  const sponsors = generateSponsors(random, options.sponsors);
  const file = (name: string) => path.join(options.out, name);
  writeFileSync(file('sponsors.ndjson.tmp'), `${sponsors.sponsors.map((s) => JSON.stringify(s)).join('\n')}\n`);

  const context: CreatorContext = {
    random,
    faker,
    sponsors,
    sponsorById: new Map(sponsors.sponsors.map((s) => [s.id, s])),
    handles: new Set(),
    referenceDate: REFERENCE_DATE,
  };
  const judge = new Judge(sponsors.byPopularity);
  const out = createWriteStream(file('creators.ndjson.tmp'));
  const step = Math.max(1, Math.floor(options.creators / 10));
  for (let id = 1; id <= options.creators; id++) {
    const creator = generateCreator(context, id);
    judge.rate(creator);
    if (!out.write(`${JSON.stringify(creator)}\n`)) await once(out, 'drain');
    if (id % step === 0) {
      const seconds = (Date.now() - started) / 1000;
      log(`creators: ${id}/${options.creators} (${Math.round(id / seconds)}/s)`);
    }
  }
  out.end();
  await once(out, 'finish');
  if (options.creators < EARLY_CREATORS) throw new Error('unreachable: too few creators for the judgments');
  writeFileSync(file('judgments.json.tmp'), `${JSON.stringify(judge.judgments(), null, 2)}\n`);

  const files: Record<string, number> = {};
  for (const name of ['sponsors.ndjson', 'creators.ndjson', 'judgments.json']) {
    renameSync(file(`${name}.tmp`), file(name));
    files[name] = statSync(file(name)).size;
  }
  return { creators: options.creators, sponsors: options.sponsors, seconds: (Date.now() - started) / 1000, files };
}
