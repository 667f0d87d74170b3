import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import { InferenceSession, Tensor } from 'onnxruntime-node';

/** all-MiniLM-L6-v2's vectors: the index's `embedding` field has this many dimensions. */
export const EMBEDDING_DIMENSIONS = 384;
// The length the model was trained at, and what its tokenizer.json truncates to: longer text costs time and adds
// little, since a creator's name, niches and the start of the description come first.
const MAX_TOKENS = 128;

/** A static model's one vector per vocabulary entry (scripts/stack/static-model.ts), float32, in the vocabulary's order. */
export const STATIC_VECTORS_FILE = 'token-vectors.f32';
/** The file that names a static model: its vectors' name in the cache (indexer/embeddings.ts). */
export const STATIC_MODEL_ID_FILE = 'id';

/**
 * Where the launcher puts the static model the indexer embeds creators with, beside the sentence model the API
 * embeds queries with: both give vectors of the same space (docs/semantic.md, "Creators' vectors").
 */
export const staticModelDir = (modelDir: string) => path.join(modelDir, 'static');

/** Whether a folder holds a model loadEmbedder can load: a network's ONNX file, or a static model's vectors. */
export const hasModel = (dir: string) =>
  existsSync(path.join(dir, 'model.onnx')) || existsSync(path.join(dir, STATIC_VECTORS_FILE));

/** What a process that needs the model says when it cannot load it. */
export const noModel = (dir: string, why?: string) =>
  new Error(`No embedding model in ${dir}${why ? ` (${why})` : ''}: npm run stack:up fetches it, or set SEMANTIC=off`);

export interface Embedder {
  /** Unit-length vectors (so a dot product is the cosine), one per text, in order. */
  embed(texts: string[]): Promise<Float32Array[]>;
  close(): Promise<void>;
}

/**
 * The sentence model the launcher fetched (scripts/stack/model.ts) on onnxruntime's CPU backend. `threads` bounds
 * the cores one call uses: the API embeds a query on one, so a search never takes the core OpenSearch needs.
 */
export async function loadEmbedder(dir: string, threads = 1): Promise<Embedder> {
  const file = (name: string) => path.join(dir, name);
  if (existsSync(file(STATIC_VECTORS_FILE))) return loadStaticEmbedder(dir);
  let tokenizer: Tokenizer;
  let session: InferenceSession;
  try {
    tokenizer = loadTokenizer(dir);
    session = await InferenceSession.create(file('model.onnx'), {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      // The launcher already fused each layer (scripts/stack/onnx-fuse.ts); the extended level would also merge each
      // residual Add into the LayerNormalization after it, and that fused kernel is slower here: 17% more CPU for a
      // short query, 10% fewer creators' texts a second (2026-11-27).
      graphOptimizationLevel: 'basic',
      logSeverityLevel: 3,
    });
  } catch (error) {
    throw noModel(dir, (error as Error).message.split('\n')[0]);
  }
  const tokens = (text: string): number[] => {
    const ids = tokenizer.encode(text).ids;
    return ids.length <= MAX_TOKENS ? ids : [...ids.slice(0, MAX_TOKENS - 1), ids[ids.length - 1] as number];
  };
  return {
    async embed(texts) {
      if (!texts.length) return [];
      const encoded = texts.map(tokens);
      const width = Math.max(...encoded.map((ids) => ids.length));
      const shape = [encoded.length, width];
      const ids = new BigInt64Array(encoded.length * width);
      const mask = new BigInt64Array(encoded.length * width);
      encoded.forEach((row, i) => {
        row.forEach((id, j) => {
          ids[i * width + j] = BigInt(id);
          mask[i * width + j] = 1n;
        });
      });
      const output = await session.run({
        input_ids: new Tensor('int64', ids, shape),
        attention_mask: new Tensor('int64', mask, shape),
        token_type_ids: new Tensor('int64', new BigInt64Array(ids.length), shape),
      });
      const hidden = output.last_hidden_state?.data as Float32Array;
      return encoded.map((row, i) => meanPooled(hidden, i * width, row.length));
    },
    close: () => session.release(),
  };
}

export function loadTokenizer(dir: string): Tokenizer {
  return new Tokenizer(
    JSON.parse(readFileSync(path.join(dir, 'tokenizer.json'), 'utf8')),
    JSON.parse(readFileSync(path.join(dir, 'tokenizer_config.json'), 'utf8')),
  );
}

/**
 * A static model: a text's vector is the sum of its tokens' weighted vectors, scaled to unit length. No network
 * runs, so it embeds thousands of texts a second on one core; the special tokens ([CLS], [SEP]) are left out, as
 * they are the same in every text.
 */
function loadStaticEmbedder(dir: string): Embedder {
  try {
    const bytes = readFileSync(path.join(dir, STATIC_VECTORS_FILE));
    return staticEmbedder(loadTokenizer(dir), new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4));
  } catch (error) {
    throw noModel(dir, (error as Error).message.split('\n')[0]);
  }
}

export function staticEmbedder(tokenizer: Tokenizer, table: Float32Array): Embedder {
  return {
    async embed(texts) {
      return texts.map((text) => {
        const { ids } = tokenizer.encode(text, { add_special_tokens: false });
        const vector = new Float32Array(EMBEDDING_DIMENSIONS);
        for (const id of ids) {
          const offset = id * EMBEDDING_DIMENSIONS;
          for (let d = 0; d < EMBEDDING_DIMENSIONS; d++)
            vector[d] = (vector[d] as number) + (table[offset + d] as number);
        }
        return unitLength(vector);
      });
    },
    close: async () => {},
  };
}

/** Mean of a text's token vectors (padding excluded), scaled to unit length: how the model's vectors are made. */
export function meanPooled(hidden: Float32Array, firstToken: number, count: number): Float32Array {
  const vector = new Float32Array(EMBEDDING_DIMENSIONS);
  for (let t = 0; t < count; t++) {
    const offset = (firstToken + t) * EMBEDDING_DIMENSIONS;
    for (let d = 0; d < EMBEDDING_DIMENSIONS; d++) vector[d] = (vector[d] as number) + (hidden[offset + d] as number);
  }
  return unitLength(vector);
}

/** The vector scaled to unit length in place (a zero vector stays zero), so a dot product is the cosine. */
export function unitLength(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < EMBEDDING_DIMENSIONS; d++) vector[d] = (vector[d] as number) / norm;
  return vector;
}
