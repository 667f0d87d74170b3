// What every workbench command shares: the API's own configuration (OPENSEARCH_URL, INDEX_PREFIX, PAGE_SIZE,
// RANKING_PROFILE…), so the workbench measures what the API serves; a client; profiles and judgments by name.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Client } from '@opensearch-project/opensearch';
import { loadDotEnv } from '../common/cli.ts';
import { dataDir } from '../common/data-dir.ts';
import { loadJudgments } from '../common/judgments.ts';
import { officialClient } from '../src/clients.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { loadEmbedder } from '../src/search/embedder.ts';
import { aliases } from '../src/search/indices.ts';
import { type Mappings, recordedIndex } from '../src/search/live-index.ts';
import { loadProfile, PROFILES_DIR, type Profile } from '../src/search/profile.ts';
import { QueryVectors } from '../src/search/query-vectors.ts';
import type { SearchSettings } from '../src/search/requests.ts';
import { evaluate, type LiveVectors } from './evaluate.ts';

/** What every command needs: the API's configuration, a client, and its search settings. */
export interface Workbench {
  config: Config;
  client: Client;
  settings: SearchSettings;
  profile: (nameOrFile?: string) => Profile;
  judgments: (paths: string[] | undefined) => ReturnType<typeof loadJudgments>;
  progress: (label: string) => (done: number, total: number) => void;
  /**
   * Query vectors as the API embeds them, when it would (SEMANTIC on, the live index has the model's vectors), and
   * the index's size, which the k-NN search's width follows.
   */
  vectors: () => Promise<LiveVectors | undefined>;
}

/** A profile by file, or by name in relevance/profiles/. */
export function resolveProfile(nameOrFile: string): string {
  if (existsSync(nameOrFile)) return nameOrFile;
  const named = path.join(PROFILES_DIR, `${nameOrFile.replace(/\.json$/, '')}.json`);
  if (existsSync(named)) return named;
  throw new Error(`No profile "${nameOrFile}": give a file or one of relevance/profiles/*.json`);
}

/** Hand-written and imported judgments. */
export const JUDGMENTS_DIR = path.resolve(import.meta.dirname, '..', 'relevance', 'judgments');

export function defaultJudgments(): string[] {
  const generated = path.join(dataDir(), 'judgments.jsonl');
  if (!existsSync(generated))
    console.error(`(no ${generated}: \`npm run generate\` writes the graded set of its data)`);
  return [JUDGMENTS_DIR, ...(existsSync(generated) ? [generated] : [])];
}

/** A path relative to where the command was run when it lies below, else absolute: short and still exact. */
export function shownPath(file: string): string {
  const absolute = path.resolve(file);
  const relative = path.relative(process.cwd(), absolute);
  return relative.startsWith('..') ? absolute : relative;
}

/** A progress line on stderr that rewrites itself in a terminal and prints every step elsewhere. */
function progressLine(label: string) {
  return (done: number, total: number) => {
    const line = `${label}: ${done}/${total} queries`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}${done === total ? '\n' : ''}`);
    else process.stderr.write(`${line}\n`);
  };
}

/** The live creators index's vectors are of the API's model: what decides whether the API embeds queries. */
async function semanticVectors(config: Config, client: Client): Promise<LiveVectors | undefined> {
  if (!config.semantic) return undefined;
  const index = aliases(config.indexPrefix).creators;
  const { body } = await client.indices.getMapping({ index });
  if (recordedIndex(body as Mappings)?.embedding !== config.semantic.model) return undefined;
  const { body: count } = await client.count({ index });
  return {
    embed: new QueryVectors(await loadEmbedder(config.semantic.modelDir), config.semantic.model),
    creators: count.count,
  };
}

export function workbench(): Workbench {
  loadDotEnv();
  const config = loadConfig();
  const client = officialClient(config.opensearch, { requestTimeout: 120_000 });
  let vectors: Promise<LiveVectors | undefined> | undefined;
  return {
    config,
    client,
    vectors: () => {
      vectors ??= semanticVectors(config, client);
      return vectors;
    },
    settings: {
      indexPrefix: config.indexPrefix,
      depthLimit: config.searchDepthLimit,
      sponsorResults: config.sponsorResults,
    },
    profile: (nameOrFile) => loadProfile(nameOrFile ? resolveProfile(nameOrFile) : config.rankingProfile),
    judgments: (paths) => {
      const judgments = loadJudgments(paths?.length ? paths : defaultJudgments());
      if (!judgments.length) throw new Error('No judged queries found: see relevance/README.md');
      return judgments;
    },
    progress: progressLine,
  };
}

export async function runEval(bench: Workbench, profileName: string | undefined, paths: string[] | undefined) {
  const profile = bench.profile(profileName);
  return evaluate({
    client: bench.client,
    profile,
    judgments: bench.judgments(paths),
    settings: bench.settings,
    pageSize: bench.config.pageSize,
    vectors: await bench.vectors(),
    onProgress: bench.progress(`eval ${profile.name}`),
  });
}

export const writeJson = (file: string, value: object) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
