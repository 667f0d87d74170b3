import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import { InferenceSession, Tensor } from 'onnxruntime-node';

/** all-MiniLM-L6-v2's vectors: the index's `embedding` field has this many dimensions. */
export const EMBEDDING_DIMENSIONS = 384;
// The length the model was trained at, and what its tokenizer.json truncates to: longer text costs time and adds
// little, since a creator's name, niches and the start of the description come first.
const MAX_TOKENS = 128;

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
  let tokenizer: Tokenizer;
  let session: InferenceSession;
  try {
    tokenizer = new Tokenizer(
      JSON.parse(readFileSync(file('tokenizer.json'), 'utf8')),
      JSON.parse(readFileSync(file('tokenizer_config.json'), 'utf8')),
    );
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

/** Mean of a text's token vectors (padding excluded), scaled to unit length: how the model's vectors are made. */
export function meanPooled(hidden: Float32Array, firstToken: number, count: number): Float32Array {
  const vector = new Float32Array(EMBEDDING_DIMENSIONS);
  for (let t = 0; t < count; t++) {
    const offset = (firstToken + t) * EMBEDDING_DIMENSIONS;
    for (let d = 0; d < EMBEDDING_DIMENSIONS; d++) vector[d] = (vector[d] as number) + (hidden[offset + d] as number);
  }
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < EMBEDDING_DIMENSIONS; d++) vector[d] = (vector[d] as number) / norm;
  return vector;
}
