import { createHash } from 'node:crypto';
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  EMBEDDING_DIMENSIONS,
  hasModel,
  noModel,
  STATIC_MODEL_ID_FILE,
  staticModelDir,
} from '../src/search/embedder.ts';

const KEY_BYTES = 16;
const VECTOR_BYTES = EMBEDDING_DIMENSIONS * 4;
const ENTRY_BYTES = KEY_BYTES + VECTOR_BYTES;

/**
 * Vectors already computed, keyed by a digest of the model and the text, in one append-only file per model: a
 * reload embeds only the creators whose text changed. Only the keys and file offsets of what the file held when
 * opened are kept in memory (about 80 bytes a creator); vectors are read back when used. New entries are appended
 * with O_APPEND, one write each, so loads running at once (the test suite's) never overwrite each other's.
 */
export class EmbeddingCache {
  private readonly offsets = new Map<string, number>();
  private readonly reader: number;
  private readonly writer: number;

  constructor(
    dir: string,
    private readonly model: string,
  ) {
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${model}.vectors`);
    this.writer = openSync(file, 'a');
    this.reader = openSync(file, 'r');
    // A run killed mid-write can leave a partial last entry: it is left out, and later entries are misaligned only
    // if one was appended after it, which the length check below refuses rather than reading wrong vectors.
    const size = fstatSync(this.reader).size;
    const key = Buffer.alloc(KEY_BYTES);
    for (let offset = 0; offset + ENTRY_BYTES <= size; offset += ENTRY_BYTES) {
      readSync(this.reader, key, 0, KEY_BYTES, offset);
      this.offsets.set(key.toString('base64'), offset + KEY_BYTES);
    }
    if (size % ENTRY_BYTES) {
      throw new Error(`${file} is not a whole number of entries (a write was cut short): delete it and load again`);
    }
  }

  keyOf(text: string): string {
    return createHash('sha256').update(`${this.model}\n${text}`).digest().subarray(0, KEY_BYTES).toString('base64');
  }

  get(key: string): Float32Array | undefined {
    const offset = this.offsets.get(key);
    if (offset === undefined) return undefined;
    const vector = new Float32Array(EMBEDDING_DIMENSIONS);
    readSync(this.reader, new Uint8Array(vector.buffer), 0, VECTOR_BYTES, offset);
    return vector;
  }

  put(key: string, vector: Float32Array): void {
    const entry = Buffer.alloc(ENTRY_BYTES);
    Buffer.from(key, 'base64').copy(entry);
    Buffer.from(vector.buffer, vector.byteOffset, VECTOR_BYTES).copy(entry, KEY_BYTES);
    writeSync(this.writer, entry);
  }

  close(): void {
    closeSync(this.reader);
    closeSync(this.writer);
  }
}

interface Pending {
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: Error) => void;
}

/** Worker threads, each with its own model session on one core; texts go to whichever is free. */
export class EmbeddingPool {
  private readonly idle: Worker[] = [];
  private readonly waiting: ((worker: Worker) => void)[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  private constructor(private readonly workers: Worker[]) {
    for (const worker of workers) {
      worker.on('message', (message: { id: number; vectors?: Float32Array[]; error?: string }) => {
        const call = this.pending.get(message.id);
        this.pending.delete(message.id);
        this.release(worker);
        if (message.error) call?.reject(new Error(`Embedding failed: ${message.error}`));
        else call?.resolve(message.vectors ?? []);
      });
      worker.on('error', (error) => {
        for (const call of this.pending.values()) call.reject(error);
        this.pending.clear();
      });
    }
    this.idle.push(...workers);
  }

  static async start(modelDir: string, threads: number): Promise<EmbeddingPool> {
    // The indexer runs under tsx, and so must the worker's TypeScript: a worker does not inherit the hooks, so it
    // registers them before it imports its module (in the CLI and under vitest alike).
    const tsx = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
    const api = pathToFileURL(path.join(tsx, 'dist/esm/api/index.mjs')).href;
    const worker = new URL('./embed-worker.ts', import.meta.url).href;
    const boot = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); })`;
    const workers = Array.from({ length: threads }, () => new Worker(boot, { eval: true, workerData: { modelDir } }));
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            worker.once('error', reject);
            worker.once('message', () => {
              worker.off('error', reject);
              resolve();
            });
          }),
      ),
    ).catch(async (error: Error) => {
      await Promise.all(workers.map((worker) => worker.terminate()));
      throw error;
    });
    return new EmbeddingPool(workers);
  }

  private release(worker: Worker): void {
    const next = this.waiting.shift();
    if (next) next(worker);
    else this.idle.push(worker);
  }

  private acquire(): Promise<Worker> {
    const worker = this.idle.pop();
    return worker ? Promise.resolve(worker) : new Promise((resolve) => this.waiting.push(resolve));
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const worker = await this.acquire();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, texts });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

export interface EmbeddingOptions {
  modelDir: string;
  model: string;
  cacheDir: string;
  threads: number;
}

// Texts of similar length embedded together waste little on padding; small groups keep both threads busy.
const GROUP = 4;

/** Vectors for creators' texts: from the cache when the same model embedded the same text before, else computed. */
export class Embeddings {
  embedded = 0;
  cached = 0;
  // Wall time while any call embeds: the loader keeps two calls going at once, and their times overlap.
  private busyMs = 0;
  private busy = 0;
  private busySince = 0;

  private constructor(
    private readonly cache: EmbeddingCache,
    private readonly options: EmbeddingOptions,
  ) {}

  /**
   * Creators are embedded with the static model beside the sentence model (docs/semantic.md, "Creators' vectors"),
   * which the launcher builds with it. Fails at once without it; its threads start only when a text is not in the
   * cache, where its vectors go by its own id.
   */
  static open(options: EmbeddingOptions): Embeddings {
    const modelDir = staticModelDir(options.modelDir);
    const idFile = path.join(modelDir, STATIC_MODEL_ID_FILE);
    if (!hasModel(modelDir) || !existsSync(idFile)) throw noModel(modelDir);
    const id = readFileSync(idFile, 'utf8').trim();
    return new Embeddings(new EmbeddingCache(options.cacheDir, id), { ...options, modelDir });
  }

  private pool?: Promise<EmbeddingPool>;

  /** One vector per text, in order, as the index stores them (six decimals: far below the model's own noise). */
  async vectors(texts: string[]): Promise<number[][]> {
    const found = new Map<string, Float32Array>();
    const missing = new Map<string, string>();
    for (const text of texts) {
      const key = this.cache.keyOf(text);
      const vector = found.has(key) ? undefined : this.cache.get(key);
      if (vector) found.set(key, vector);
      else if (!found.has(key)) missing.set(key, text);
    }
    this.cached += found.size;
    if (missing.size) {
      if (this.busy++ === 0) this.busySince = Date.now();
      const todo = [...missing].sort((a, b) => a[1].length - b[1].length);
      const groups = Array.from({ length: Math.ceil(todo.length / GROUP) }, (_, i) =>
        todo.slice(i * GROUP, (i + 1) * GROUP),
      );
      await Promise.all(
        groups.map(async (group) => {
          this.pool ??= EmbeddingPool.start(this.options.modelDir, this.options.threads);
          const vectors = await (await this.pool).embed(group.map(([, text]) => text));
          for (const [i, [key]] of group.entries()) {
            const vector = vectors[i] as Float32Array;
            this.cache.put(key, vector);
            found.set(key, vector);
          }
        }),
      ).finally(() => {
        if (--this.busy === 0) this.busyMs += Date.now() - this.busySince;
      });
      this.embedded += missing.size;
    }
    return texts.map((text) => {
      const vector = found.get(this.cache.keyOf(text)) as Float32Array;
      return Array.from(vector, (value) => Math.round(value * 1e6) / 1e6);
    });
  }

  /** What a load reports: how many texts were embedded, how fast, and how many came from the cache. */
  summary(): string {
    const rate = this.busyMs
      ? ` in ${(this.busyMs / 1000).toFixed(1)} s (${Math.round((this.embedded * 1000) / this.busyMs)}/s)`
      : '';
    return `Embedded ${this.embedded} creator text(s)${rate}; ${this.cached} from the cache.`;
  }

  async close(): Promise<void> {
    this.cache.close();
    await (await this.pool)?.close();
  }
}
