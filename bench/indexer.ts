// `npm run bench:index`: indexer throughput against raw _bulk of the same documents at the same request size and
// concurrency (the ceiling OpenSearch allows here), in one run on one machine, so what shows is the indexer's own
// cost. --layout (bench/cpu-layout.ts): OpenSearch on a core of its own (split) or sharing every core with the
// indexer. Writes bench/results/indexer-<date>-<n>-<layout>.md; figures are never edited.
import { execFile } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { parseCommandLine, wholeNumber } from '../common/cli.ts';
import { loadIndexerConfig } from '../indexer/config.ts';
import { creatorDocument } from '../indexer/documents.ts';
import { indexDefinition } from '../indexer/mappings.ts';
import { readNdjson } from '../indexer/ndjson.ts';
import { CreatorRecordSchema, type SponsorRecord, SponsorRecordSchema } from '../indexer/records.ts';
import { directRequest, officialClient } from '../src/clients.ts';
import { NICHE_LIST } from '../src/contract/niches.ts';
import { applyLayout, parseLayout } from './cpu-layout.ts';
import { machine } from './machine.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const USAGE = `Usage: npm run bench:index -- [--creators 1000000] [--layout split|shared]
  the indexer's throughput against raw _bulk of the same documents; --layout split gives OpenSearch a core of its own`;
const { creators, chosenLayout } = parseCommandLine(
  USAGE,
  { options: { creators: { type: 'string', default: '1000000' }, layout: { type: 'string', default: 'split' } } },
  ({ values }) => ({
    creators: wholeNumber(values.creators, '--creators', 1),
    chosenLayout: parseLayout(values.layout),
  }),
);
const work = path.join(root, '.cache', 'bench', `creators-${creators}`);
// The indexer against raw _bulk with the same documents: without vectors, unless SEMANTIC=true says otherwise.
const config = loadIndexerConfig({ SEMANTIC: 'false', ...process.env });
const client = officialClient(config.opensearch, { requestTimeout: 300_000 });
const seconds = (since: number) => (Date.now() - since) / 1000;
const tsx = [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs')];

async function generate(): Promise<{ seconds: number; bytes: number }> {
  const started = Date.now();
  // Without history: raw _bulk loads the creators' documents only, so the indexer is timed on the same work.
  const args = ['indexer/generate.ts', '--creators', String(creators), '--history-months', '0', '--out', work];
  await run(process.execPath, [...tsx, ...args], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  const bytes = readdirSync(work).reduce((sum, f) => sum + statSync(path.join(work, f)).size, 0);
  return { seconds: seconds(started), bytes };
}

/** The indexer's own documents as one _bulk body file, prepared before the clock starts. */
async function prepareRawBody(): Promise<string> {
  const sponsors = new Map<number, SponsorRecord>();
  for await (const p of readNdjson(path.join(work, 'sponsors.ndjson'), SponsorRecordSchema)) {
    if (p.ok) sponsors.set(p.record.id, p.record);
  }
  const niches = new Map(NICHE_LIST.map((n) => [n.value, n]));
  const file = path.join(work, 'raw-bulk.ndjson');
  const out = createWriteStream(file);
  for await (const p of readNdjson(path.join(work, 'creators.ndjson'), CreatorRecordSchema)) {
    if (!p.ok) continue;
    const line = `${JSON.stringify({ index: { _id: String(p.record.id) } })}\n${JSON.stringify(creatorDocument(p.record, sponsors, niches))}\n`;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
  return file;
}

/** Plain _bulk: the same request size and concurrency as the indexer, nothing else. */
async function rawBulk(file: string, index: string): Promise<{ seconds: number; docs: number }> {
  const { settings, mappings } = indexDefinition('creators');
  await client.indices.create({
    index,
    body: { settings: { ...settings, number_of_replicas: 0, refresh_interval: '-1' }, mappings },
  });
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
  const inFlight = new Set<Promise<unknown>>();
  let chunk: string[] = [];
  let bytes = 0;
  let docs = 0;
  const started = Date.now();
  const send = async () => {
    const body = `${chunk.join('\n')}\n`;
    chunk = [];
    bytes = 0;
    while (inFlight.size >= config.bulkConcurrency) await Promise.race(inFlight);
    const request = fetch(
      ...directRequest(config.opensearch, `/${index}/_bulk`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-ndjson' },
        body,
      }),
    )
      .then((r) => r.json())
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  for await (const line of lines) {
    chunk.push(line);
    bytes += line.length + 1;
    // Lines come in pairs (action, document): cut requests only after a document.
    if (chunk.length % 2 === 1) continue;
    docs += 1;
    if (bytes >= config.bulkMaxBytes) await send();
  }
  if (chunk.length) await send();
  await Promise.all(inFlight);
  await client.indices.refresh({ index });
  const elapsed = seconds(started);
  const { body } = await client.count({ index });
  if (body.count !== docs) throw new Error(`raw _bulk indexed ${body.count} of ${docs} documents`);
  return { seconds: elapsed, docs };
}

async function indexer(prefix: string) {
  // Through the npm script, so the benchmark runs the indexer with the same Node flags users get.
  const { stdout } = await run('npm', ['run', '-s', 'index', '--', '--json'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: work, INDEX_PREFIX: prefix },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
    creators: number;
    sponsorships: number;
    seconds: number;
    peakMb: number;
  };
}

async function storeSize(index: string): Promise<string> {
  const { body } = await client.cat.indices({ index, format: 'json', h: ['store.size'], bytes: 'mb' });
  return `${(body as { 'store.size': string }[])[0]?.['store.size']} MB`;
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
mkdirSync(work, { recursive: true });
const generated = existsSync(path.join(work, 'creators.ndjson')) ? undefined : await generate();
const rawFile = await prepareRawBody();
const prefix = 'bench_';

/** One raw load into a fresh index, deleted afterwards so that it cannot slow the next load down. */
async function rawRun() {
  const index = `bench_raw_${Date.now()}`;
  const run = await rawBulk(rawFile, index);
  const size = await storeSize(index);
  await client.indices.delete({ index });
  return { ...run, size };
}

// Raw _bulk before and after the indexer, the indexer compared with the faster of the two: neither warm-up nor
// OpenSearch's drift can favour the indexer. Only the loads run in the layout (generation is not compared).
const layout = await applyLayout(chosenLayout, config.opensearch, []);
let raws: Awaited<ReturnType<typeof rawRun>>[];
let loaded: Awaited<ReturnType<typeof indexer>>;
let indexerSize: string;
try {
  const before = await rawRun();
  loaded = await indexer(prefix);
  indexerSize = await storeSize(`${prefix}creators`);
  await client.indices.delete({ index: `${prefix}creators-*,${prefix}sponsors-*,${prefix}sponsorships-*` });
  raws = [before, await rawRun()];
} finally {
  layout.restore();
  rmSync(rawFile);
}
const raw = raws.reduce((a, b) => (a.seconds <= b.seconds ? a : b));
const rawRate = raw.docs / raw.seconds;
const indexerRate = loaded.creators / loaded.seconds;
const { body: info } = await client.info();
const report = `# Indexer benchmark, ${new Date().toISOString().slice(0, 10)}

Machine: ${machine()}.
OpenSearch ${info.version.number} at ${config.opensearch.nodes[0]} (single node; heap as the launcher set it).
Bulk requests of ${mb(config.bulkMaxBytes)}, ${config.bulkConcurrency} in flight, 1 shard, 0 replicas, refresh off while loading.
Layout \`${layout.layout}\`: ${layout.description}.

| what | figure |
|---|---|
| creators | ${creators} |
| generation | ${generated ? `${generated.seconds.toFixed(1)} s, ${mb(generated.bytes)} of NDJSON` : 'reused an earlier run'} |
| raw _bulk (same documents, prepared beforehand), before / after the indexer | ${raws.map((r) => `${r.seconds.toFixed(1)} s, ${Math.round(r.docs / r.seconds)} docs/s`).join(' / ')} |
| indexer (parse, validate, transform, bulk, swap; its time includes the ${loaded.sponsorships} sponsorship evidence rows, which raw _bulk does not load) | ${loaded.seconds.toFixed(1)} s, ${Math.round(indexerRate)} creators/s |
| indexer / faster raw run | ${(indexerRate / rawRate).toFixed(2)}× |
| indexer peak RSS | ${loaded.peakMb} MB |
| creators index on disk | ${indexerSize} (raw run: ${raw.size}) |
`;
const out = path.join(
  root,
  'bench',
  'results',
  `indexer-${new Date().toISOString().slice(0, 10)}-${creators}-${layout.layout}.md`,
);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, report);
console.log(report);
console.log(`Written to ${path.relative(root, out)}`);
await client.close();
