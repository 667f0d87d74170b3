import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import {
  EMBEDDING_DIMENSIONS,
  meanPooled,
  STATIC_MODEL_ID_FILE,
  STATIC_VECTORS_FILE,
  staticModelDir,
} from '../../src/search/embedder.ts';

/** The linear map fitted by scripts/fit-static-projection.ts, committed: what makes the static model's vectors the model's. */
export const PROJECTION_FILE = new URL('./static-projection.json', import.meta.url);

/** The files a static model shares with the sentence model it is distilled from. */
const SHARED_FILES = ['tokenizer.json', 'tokenizer_config.json', 'LICENSE', 'NOTICE'];
const GROUP = 512;
// The weight of a token of probability p is SIF / (SIF + p): "the" counts about 1%, a word of rank 100 half.
const SIF = 1e-3;

export interface Projection {
  model: string;
  /** What it was fitted on and how well it does on texts left out of the fit (scripts/fit-static-projection.ts). */
  fit: Record<string, unknown>;
  /** 384 × 384 float32, row-major, little-endian, in base64: a static vector v becomes v · W. */
  weights: string;
  digest: string;
}

/**
 * The static model the indexer embeds creators with (`<model>/static`), built from the sentence model and the
 * committed projection the first time, and again whenever the projection changes; its id names it in the vectors'
 * cache. Built in a temporary folder and renamed, as the model is.
 */
export async function ensureStaticModel(modelDir: string, model: string): Promise<string> {
  const projection = JSON.parse(readFileSync(PROJECTION_FILE, 'utf8')) as Projection;
  if (projection.model !== model) {
    throw new Error(`${PROJECTION_FILE.pathname} was fitted for ${projection.model}, not ${model}: fit it again`);
  }
  const dir = staticModelDir(modelDir);
  const id = `${model}-static-${projection.digest.slice(0, 12)}`;
  const idFile = path.join(dir, STATIC_MODEL_ID_FILE);
  if (existsSync(idFile) && readFileSync(idFile, 'utf8').trim() === id) return dir;
  const table = projected(await tokenVectors(modelDir), weightsOf(projection));
  const staging = `${dir}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const name of SHARED_FILES) copyFileSync(path.join(modelDir, name), path.join(staging, name));
  writeFileSync(path.join(staging, STATIC_VECTORS_FILE), Buffer.from(table.buffer));
  writeFileSync(path.join(staging, STATIC_MODEL_ID_FILE), `${id}\n`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  return dir;
}

/**
 * One vector per vocabulary entry, distilled from the sentence model by the model2vec method (Tulkens & van Dongen,
 * 2024): each token's vector is the model's own sentence vector of the text made of that token alone, times its
 * weight SIF / (SIF + p), p the token's probability estimated from its rank in the vocabulary (a WordPiece vocabulary
 * lists words by frequency after its special tokens and single characters): frequent words say little about what a
 * text is about. A text's static vector is then the sum of its tokens' vectors.
 */
export async function tokenVectors(modelDir: string): Promise<Float32Array> {
  const vocab = (JSON.parse(readFileSync(path.join(modelDir, 'tokenizer.json'), 'utf8')) as TokenizerJson).model.vocab;
  const size = Math.max(...Object.values(vocab)) + 1;
  const [cls, sep, firstWord] = [vocab['[CLS]'], vocab['[SEP]'], vocab.the] as [number, number, number];
  const session = await InferenceSession.create(path.join(modelDir, 'model.onnx'), {
    intraOpNumThreads: 2,
    graphOptimizationLevel: 'basic',
    logSeverityLevel: 3,
  });
  const table = new Float32Array(size * EMBEDDING_DIMENSIONS);
  for (let first = 0; first < size; first += GROUP) {
    const count = Math.min(GROUP, size - first);
    const ids = new BigInt64Array(count * 3);
    for (let i = 0; i < count; i++) ids.set([BigInt(cls), BigInt(first + i), BigInt(sep)], i * 3);
    const shape = [count, 3];
    const output = await session.run({
      input_ids: new Tensor('int64', ids, shape),
      attention_mask: new Tensor('int64', new BigInt64Array(ids.length).fill(1n), shape),
      token_type_ids: new Tensor('int64', new BigInt64Array(ids.length), shape),
    });
    const hidden = output.last_hidden_state?.data as Float32Array;
    for (let i = 0; i < count; i++) {
      const token = first + i;
      const weight = SIF / (SIF + probability(Math.max(1, token - firstWord + 1), size - firstWord));
      table.set(
        meanPooled(hidden, i * 3, 3).map((value) => value * weight),
        token * EMBEDDING_DIMENSIONS,
      );
    }
  }
  await session.release();
  return table;
}

/**
 * Zipf's law over the vocabulary's order, counted from its first word ("the"): the token of rank r has probability
 * 1 / (r H), H the harmonic number of the words' count. The special tokens and single characters before it count as
 * frequent as the first word.
 */
function probability(rank: number, words: number): number {
  return 1 / (rank * (Math.log(words) + 0.5772));
}

export function weightsOf(projection: Projection): Float32Array {
  const bytes = Buffer.from(projection.weights, 'base64');
  const weights = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  if (weights.length !== EMBEDDING_DIMENSIONS * EMBEDDING_DIMENSIONS)
    throw new Error('The projection is not 384 × 384');
  return new Float32Array(weights);
}

/** Every row of the table times the projection: since a text's vector is a sum of rows, projecting rows projects it. */
export function projected(table: Float32Array, weights: Float32Array): Float32Array {
  const d = EMBEDDING_DIMENSIONS;
  const out = new Float32Array(table.length);
  for (let row = 0; row < table.length / d; row++) {
    for (let i = 0; i < d; i++) {
      const value = table[row * d + i] as number;
      if (value === 0) continue;
      for (let j = 0; j < d; j++)
        out[row * d + j] = (out[row * d + j] as number) + value * (weights[i * d + j] as number);
    }
  }
  return out;
}

interface TokenizerJson {
  model: { vocab: Record<string, number> };
}
