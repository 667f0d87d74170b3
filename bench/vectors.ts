// `npm run bench:vectors -- --count N`: what creators' sentence vectors cost OpenSearch at a size the machine cannot
// embed in a session (1,000,000 texts take the model about 100 minutes on two cores): N vectors made from the real
// ones in the embedding cache (each a cached vector plus noise, unit length again), in an index with the creators
// mapping's `embedding` field, timed through bulk loading and the merge to one segment (which builds the HNSW graph
// again), then their size on disk (what must stay in the page cache for k-NN to run from memory) and k-NN latency.
// Writes <out>/vectors-<date>-<N>.md. Needs OpenSearch with the k-NN plugin (`npm run stack:up`).
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { parseCommandLine, wholeNumber } from '../common/cli.ts';
import { loadIndexerConfig } from '../indexer/config.ts';
import { Random } from '../indexer/generate/random.ts';
import { officialClient } from '../src/clients.ts';
import { EMBEDDING_DIMENSIONS } from '../src/search/embedder.ts';
import { quantile } from './api/stats.ts';
import { machine } from './machine.ts';

const root = path.resolve(import.meta.dirname, '..');
const USAGE = `Usage: npm run bench:vectors -- [--count 1000000] [--queries 300] [--keep] [--out bench/results]
  what --count creators' sentence vectors cost OpenSearch: loading, merging, size on disk, k-NN latency over
  --queries searches; --keep keeps the index; needs OpenSearch with the k-NN plugin`;
const { values, count, queryCount } = parseCommandLine(
  USAGE,
  {
    options: {
      count: { type: 'string', default: '1000000' },
      queries: { type: 'string', default: '300' },
      out: { type: 'string', default: path.join(root, 'bench', 'results') },
      keep: { type: 'boolean', default: false },
    },
  },
  ({ values }) => ({
    values,
    count: wholeNumber(values.count, '--count', 1),
    queryCount: wholeNumber(values.queries, '--queries', 1),
  }),
);

// Only the vectors' settings are read (the model's name, the cache); the model itself is never run here.
const config = loadIndexerConfig({ ...process.env, SEMANTIC: 'true' });
const client = officialClient(config.opensearch, { requestTimeout: 3_600_000 });
const index = 'bench-vectors';
const log = (line: string) => console.log(line);

// The same vectors on every run.
const random = new Random(42);
/**
 * The cached vectors (indexer/embeddings.ts: a 16-byte key, then 384 float32, per entry), up to 20,000; random unit
 * vectors when there are none (a machine that never loaded with SEMANTIC on), which the report says.
 */
function baseVectors(): { vectors: Float32Array[]; source: string } {
  const file = path.join(config.embedding?.cacheDir ?? '.cache/embeddings', `${config.embedding?.model}.vectors`);
  const entry = 16 + EMBEDDING_DIMENSIONS * 4;
  const vectors: Float32Array[] = [];
  if (existsSync(file)) {
    const fd = openSync(file, 'r');
    const buffer = Buffer.alloc(entry);
    for (let at = 0; vectors.length < 20_000 && readSync(fd, buffer, 0, entry, at) === entry; at += entry)
      vectors.push(new Float32Array(buffer.buffer.slice(buffer.byteOffset + 16, buffer.byteOffset + entry)));
    closeSync(fd);
  }
  if (vectors.length) return { vectors, source: `the ${vectors.length.toLocaleString('en')} cached demo vectors` };
  const zeros = Array.from({ length: 1000 }, () => Float32Array.from({ length: EMBEDDING_DIMENSIONS }, () => 0));
  return { vectors: zeros, source: '1,000 random unit vectors (no embedding cache here)' };
}

/** The merged segment's files by what they hold, when this machine runs the node (the local stack does). */
async function segmentFiles(): Promise<Record<string, number> | undefined> {
  const { body: fs } = await client.nodes.stats({ node_id: ['_local'], metric: ['fs'] });
  const dataPath = (Object.values(fs.nodes)[0] as { fs?: { data?: { path?: string }[] } } | undefined)?.fs?.data?.[0]
    ?.path;
  const { body: settings } = await client.indices.getSettings({ index });
  const uuid = (Object.values(settings)[0] as { settings: { index: { uuid: string } } }).settings.index.uuid;
  const dir = dataPath && path.join(dataPath, 'indices', uuid, '0', 'index');
  if (!dir || !existsSync(dir)) return undefined;
  const kinds: [string, RegExp][] = [
    ['vectors (.vec)', /\.vec$/],
    ['HNSW graph (.vex, .vem)', /\.ve(x|m|mf)$/],
    ['stored fields (.fdt, .fdx, .fdm)', /\.fd[txm]$/],
  ];
  const sizes: Record<string, number> = Object.fromEntries([...kinds.map(([k]) => [k, 0]), ['the rest', 0]]);
  for (const file of readdirSync(dir)) {
    const kind = kinds.find(([, pattern]) => pattern.test(file))?.[0] ?? 'the rest';
    sizes[kind] = (sizes[kind] ?? 0) + statSync(path.join(dir, file)).size;
  }
  return sizes;
}

/** A cached vector moved by noise about as large as one of its own components, then unit length again. */
function variant(base: Float32Array): number[] {
  const v = Array.from(base, (x) => x + (random.next() - 0.5) * 0.1);
  const norm = Math.hypot(...v);
  return v.map((x) => Math.round((x / norm) * 1e6) / 1e6);
}

const mappings = JSON.parse(readFileSync(path.join(root, 'mappings', 'creators.json'), 'utf8'));
const field = mappings.mappings.properties.embedding;
const { vectors: base, source } = baseVectors();
await client.indices.delete({ index }, { ignore: [404] });
await client.indices.create({
  index,
  body: {
    // No compound files, so the report can tell the vectors' files from the rest at any size.
    settings: {
      index: { knn: true, number_of_shards: 1, number_of_replicas: 0, refresh_interval: '-1', compound_format: false },
    },
    mappings: { dynamic: 'strict', properties: { creatorId: { type: 'integer' }, embedding: field } },
  },
});
try {
  const started = Date.now();
  const batch = 500;
  for (let from = 0; from < count; from += batch) {
    const body: Record<string, unknown>[] = [];
    for (let id = from; id < Math.min(count, from + batch); id++)
      body.push(
        { index: { _id: String(id) } },
        { creatorId: id, embedding: variant(base[id % base.length] as Float32Array) },
      );
    const { body: answer } = await client.bulk({ index, body });
    if (answer.errors) throw new Error(`bulk refused documents near ${from}`);
    if (from % 50_000 === 0) log(`  ${from.toLocaleString('en')} / ${count.toLocaleString('en')}`);
  }
  const loadedS = (Date.now() - started) / 1000;
  await client.indices.refresh({ index });
  const mergeStarted = Date.now();
  await client.indices.forcemerge({ index, max_num_segments: 1 });
  const mergeS = (Date.now() - mergeStarted) / 1000;
  // The merged-away segments' files go once no reader holds them: a refresh and a flush let them go.
  await client.indices.refresh({ index });
  await client.indices.flush({ index });
  const { body: stats } = await client.indices.stats({ index, metric: 'store' });
  const storeBytes = stats._all.primaries.store?.size_in_bytes ?? Number.NaN;
  const files = await segmentFiles();
  const took: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < queryCount; i++) {
    const vector = variant(base[(i * 7919) % base.length] as Float32Array);
    const at = performance.now();
    const { body: answer } = await client.search({
      index,
      body: { size: 15, _source: false, query: { knn: { embedding: { vector, k: 15 } } } },
    });
    wall.push(performance.now() - at);
    took.push(answer.took as number);
  }
  const mb = (bytes: number) => (bytes / 1024 ** 2).toFixed(0);
  const now = new Date();
  const report = `# Creators' vectors at ${count.toLocaleString('en')}, ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC

Machine: ${machine()}; OpenSearch as \`npm run stack:up\` runs it (heap ${process.env.STACK_OPENSEARCH_HEAP ?? 'the launcher default'}).
Vectors: ${count.toLocaleString('en')}, each one of ${source} plus noise, unit length; the creators mapping's \`embedding\` field (${JSON.stringify(field.method)}), one shard, no replica.

| step | measured |
|---|---|
| bulk load (500 a request, refresh off) | ${loadedS.toFixed(0)} s (${Math.round(count / loadedS).toLocaleString('en')} vectors/s) |
| force merge to one segment (the HNSW graph built again) | ${mergeS.toFixed(0)} s |
| whole index on disk (\`_stats\`) | ${mb(storeBytes)} MB (${(storeBytes / count).toFixed(0)} bytes a creator) |
${
  files
    ? Object.entries(files)
        .map(([kind, bytes]) => `| ${kind} | ${mb(bytes)} MB (${(bytes / count).toFixed(0)} bytes a creator) |`)
        .join('\n')
    : '| its files | not readable here (OpenSearch is not a local process) |'
}
| k-NN search, k 15, ${queryCount} one at a time: OpenSearch \`took\` p50 / p99 | ${quantile(took, 0.5).toFixed(0)} / ${quantile(took, 0.99).toFixed(0)} ms |
| the same, as the client waited: p50 / p99 | ${quantile(wall, 0.5).toFixed(1)} / ${quantile(wall, 0.99).toFixed(1)} ms |

Lucene keeps the vectors and the graph off the JVM heap, in files it memory-maps: k-NN runs from memory when the
vectors' and the graph's files fit in the page cache beside what the rest of the index needs. The k-NN plugin of
OpenSearch 3 leaves vectors out of the stored \`_source\` and rebuilds them from the vector files when a search
asks for them (the API does, for lookalikes), so they are stored once.
`;
  const out = path.join(path.resolve(values.out), `vectors-${now.toISOString().slice(0, 10)}-${count}.md`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, report);
  console.log(report);
  console.log(`Written to ${path.relative(process.cwd(), out)}`);
} finally {
  if (!values.keep) await client.indices.delete({ index }, { ignore: [404] });
  await client.close();
}
