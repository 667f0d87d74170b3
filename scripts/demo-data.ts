import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Client } from '@opensearch-project/opensearch';
import { type IndexerConfig, loadIndexerConfig } from '../indexer/config.ts';
import { load } from '../indexer/load.ts';
import { definitionDigest } from '../indexer/mappings.ts';
import { ALIASES, type AliasName, liveVersion, metaOf } from '../indexer/versions.ts';
import { officialClient } from '../src/clients.ts';
import { signalsKey } from '../src/search/indexed-popularity.ts';
import { loadProfile } from '../src/search/profile.ts';
import { REPO_ROOT } from './stack/config.ts';
import { StackError } from './stack/process.ts';

/** What the data step did, and whether the live data still lacks the vectors semantic search needs. */
export interface DataStep {
  summary: string;
  needsVectors: boolean;
}

export interface DataOptions {
  env?: NodeJS.ProcessEnv;
  /**
   * Load without vectors even when semantic search is on, and say whether the live data lacks them: `npm run up`
   * serves at once and embeds in the background (scripts/stack/background-vectors.ts). Off, a load embeds at once
   * (the compose stack's one-shot indexer, which the API waits for).
   */
  lexicalFirst?: boolean;
}

/**
 * The quick start's data step: when the aliases are missing, generate the demo dataset (unless DATA_DIR already
 * holds one) and load it. A loaded dataset is left alone (`npm run index` reloads on purpose) unless mappings/ has
 * changed since it was loaded (the ranking profiles may use analyzers that the older indices do not have), or the
 * profile's popularity signals have.
 */
export async function ensureDemoData(opensearchUrl: string, options: DataOptions = {}): Promise<DataStep> {
  const config = loadIndexerConfig({ ...process.env, ...options.env, OPENSEARCH_URL: opensearchUrl });
  const client = officialClient(config.opensearch, { requestTimeout: 120_000 });
  try {
    const live = await liveVersion(client, config.indexPrefix);
    const stale = live ? await staleness(client, config, live) : [];
    if (live && !stale.length) {
      const { embedding } = await metaOf(client, config.indexPrefix, 'creators', live);
      return {
        summary: `data version ${live} (reused; \`npm run index\` reloads)`,
        needsVectors: config.embedding !== undefined && embedding !== config.embedding.model,
      };
    }
    if (live) console.log(`${stale.join(' and ')} changed since data version ${live} was loaded: reloading.`);
    const has = (file: string) => existsSync(path.join(config.dataDir, file));
    // A demo dataset generated before evidence rows or history (judgments.jsonl marks a generated one) is generated
    // again, so the evidence and history endpoints answer on it; an imported dataset is never replaced.
    const generatedBefore = has('judgments.jsonl') && !(has('sponsorships.ndjson') && has('snapshots.ndjson'));
    if (!has('creators.ndjson') || generatedBefore) {
      console.log(`Generating the demo dataset into ${path.relative(process.cwd(), config.dataDir)}/…`);
      await generate(config.dataDir);
    }
    console.log('Loading it into OpenSearch…');
    return await loadNow(client, config, options.lexicalFirst, '');
  } finally {
    await client.close();
  }
}

async function loadNow(
  client: Client,
  config: IndexerConfig,
  lexicalFirst: boolean | undefined,
  from: string,
): Promise<DataStep> {
  const later = lexicalFirst === true && config.embedding !== undefined;
  const summary = await load({ client, config: later ? { ...config, embedding: undefined } : config });
  return {
    summary: `data version ${summary.version} (${summary.creators} creators, ${summary.sponsors} sponsors${from}, loaded now)`,
    needsVectors: later,
  };
}

/**
 * What changed since the live version was built: mappings/ (for which aliases), and the popularity signals whose
 * sum the creators store (src/search/indexed-popularity.ts; searches with other signals are slower).
 */
async function staleness(client: Client, config: IndexerConfig, version: string): Promise<string[]> {
  const aliases: AliasName[] = [];
  for (const alias of ALIASES) {
    const { definition } = await metaOf(client, config.indexPrefix, alias, version);
    if (definition !== definitionDigest(alias)) aliases.push(alias);
  }
  const stale = aliases.length ? [`mappings/ (${aliases.join(', ')})`] : [];
  const { popularity } = await metaOf(client, config.indexPrefix, 'creators', version);
  const signals = loadProfile(config.rankingProfile).ranking.creators.popularity?.signals;
  if ((popularity ?? undefined) !== signalsKey(signals)) stale.push("the ranking profile's popularity signals");
  return stale;
}

/**
 * `npm run up -- --data <dir>`: loads a dataset the importer wrote (or any folder in the source format) into new
 * indices now, whatever is live: the command names the data to serve.
 */
export async function loadDataDir(opensearchUrl: string, dir: string, options: DataOptions = {}): Promise<DataStep> {
  for (const file of ['creators.ndjson', 'sponsors.ndjson'])
    if (!existsSync(path.join(dir, file)))
      throw new StackError(`${dir} holds no ${file}: make a dataset with \`npm run import\` (docs/real-data.md)`);
  const config = loadIndexerConfig({ ...process.env, ...options.env, OPENSEARCH_URL: opensearchUrl, DATA_DIR: dir });
  const client = officialClient(config.opensearch, { requestTimeout: 120_000 });
  try {
    console.log(`Loading ${dir} into OpenSearch…`);
    return await loadNow(client, config, options.lexicalFirst, ` from ${dir}`);
  } finally {
    await client.close();
  }
}

function generate(out: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'indexer/generate.ts', '--out', out], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new StackError(`The generator exited with code ${code}`)),
    );
  });
}
