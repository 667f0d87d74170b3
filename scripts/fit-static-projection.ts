// `npx tsx scripts/fit-static-projection.ts --corpus videos.ndjson`: fits the linear map that turns the static
// model's vectors into the sentence model's (scripts/stack/static-model.ts) and writes it where the launcher reads it.
// The corpus is the importer's (`npm run import -- corpus`, importer/corpus/README.md); docs/semantic.md has the figures.
import { createHash } from 'node:crypto';
import { createReadStream, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { main, parseCommandLine } from '../common/cli.ts';
import { heldOut } from '../importer/corpus/holdout.ts';
import type { CorpusVideo } from '../importer/corpus/merge.ts';
import { EmbeddingPool } from '../indexer/embeddings.ts';
import { loadConfig } from '../src/config.ts';
import { EMBEDDING_DIMENSIONS, loadTokenizer, staticEmbedder, unitLength } from '../src/search/embedder.ts';
import { ridge } from './ridge.ts';
import { PROJECTION_FILE, type Projection, projected, tokenVectors } from './stack/static-model.ts';

const USAGE = `Usage: npx tsx scripts/fit-static-projection.ts --corpus FILE.ndjson [--texts N] [--lambda L]
  embeds N texts of the corpus (one video per channel, in sha1(video id) order; 20000 unless set) with the sentence
  model and with the static one, fits the map between them (ridge, L 0.1 unless set) on 80%, reports how close it
  brings the other 20%, then fits on all of them and writes ${path.relative(process.cwd(), PROJECTION_FILE.pathname)}`;

const { values } = parseCommandLine(USAGE, {
  options: {
    corpus: { type: 'string' },
    texts: { type: 'string', default: '20000' },
    lambda: { type: 'string', default: '0.1' },
  },
});

const TEXT_CHARS = 600;
const GROUP = 64;

/** One video per channel, in a fixed pseudo-random order: a creator's text is its name, its titles, tags and description. */
async function sample(file: string, count: number): Promise<string[]> {
  const byChannel = new Map<string, { key: string; text: string }>();
  for await (const line of createInterface({ input: createReadStream(file) })) {
    if (!line.trim()) continue;
    const video = JSON.parse(line) as CorpusVideo;
    // The corpus already leaves the held-out months out; checked again, since nothing may ever be fitted on them.
    if (heldOut(video)) continue;
    const key = createHash('sha1').update(video.videoId).digest('hex');
    const channel = video.channelId ?? video.channelTitle;
    const known = byChannel.get(channel);
    if (known && known.key < key) continue;
    const text = [video.channelTitle, video.title, video.tags.join(' '), video.description.replace(/\s+/g, ' ')]
      .filter(Boolean)
      .join(' ')
      .slice(0, TEXT_CHARS);
    byChannel.set(channel, { key, text });
  }
  return [...byChannel.values()]
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .slice(0, count)
    .map(({ text }) => text);
}

/** Mean cosine between each row of `a · W` and `b`, and how often a row's nearest `b` is its own. */
function closeness(a: Float32Array[], b: Float32Array[], weights?: Float32Array) {
  const d = EMBEDDING_DIMENSIONS;
  const mapped = a.map((v) => unitLength(weights ? projected(v, weights) : v.slice()));
  const dot = (x: Float32Array, y: Float32Array) => x.reduce((sum, value, i) => sum + value * (y[i] as number), 0);
  const cosine = mapped.reduce((sum, v, i) => sum + dot(v, b[i] as Float32Array), 0) / mapped.length;
  const probe = mapped.slice(0, 2000);
  const own = probe.filter((v, i) => {
    let best = -1;
    let at = -1;
    for (let j = 0; j < probe.length; j++) {
      const score = dot(v, b[j] as Float32Array);
      if (score > best) [best, at] = [score, j];
    }
    return at === i;
  }).length;
  return { cosine: round(cosine), nearestIsOwn: round(own / probe.length), rows: a.length, dimensions: d };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

await main(async () => {
  if (!values.corpus) throw new Error('name the corpus: --corpus FILE.ndjson');
  const count = Number(values.texts);
  const lambda = Number(values.lambda);
  const semantic = loadConfig().semantic;
  if (!semantic) throw new Error('SEMANTIC is off: the fit needs the sentence model');
  const texts = await sample(values.corpus, count);
  console.log(`${texts.length} texts from ${values.corpus}; embedding them with ${semantic.model}…`);
  const pool = await EmbeddingPool.start(semantic.modelDir, 2);
  const started = Date.now();
  const target: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += GROUP * 8) {
    const groups = Array.from({ length: 8 }, (_, g) => texts.slice(i + g * GROUP, i + (g + 1) * GROUP));
    for (const vectors of await Promise.all(groups.filter((group) => group.length).map((group) => pool.embed(group)))) {
      target.push(...vectors);
    }
    process.stderr.write(`\r${target.length}/${texts.length} (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  process.stderr.write('\n');
  await pool.close();
  const table = await tokenVectors(semantic.modelDir);
  const source = await staticEmbedder(loadTokenizer(semantic.modelDir), table).embed(texts);
  const split = Math.floor(texts.length * 0.8);
  const heldOutWeights = ridge(source.slice(0, split), target.slice(0, split), lambda);
  const fit = {
    corpus: {
      file: path.basename(values.corpus),
      texts: texts.length,
      rule: 'one video per channel, sha1(video id) order',
    },
    lambda,
    heldOut: {
      before: closeness(source.slice(split), target.slice(split)),
      after: closeness(source.slice(split), target.slice(split), heldOutWeights),
    },
  };
  const weights = ridge(source, target, lambda);
  const encoded = Buffer.from(weights.buffer).toString('base64');
  const projection: Projection = {
    model: semantic.model,
    fit,
    weights: encoded,
    digest: createHash('sha256').update(encoded).digest('hex'),
  };
  writeFileSync(PROJECTION_FILE, `${JSON.stringify(projection, null, 2)}\n`);
  console.log(JSON.stringify(fit, null, 2));
  console.log(`Wrote ${PROJECTION_FILE.pathname}`);
}, USAGE);
