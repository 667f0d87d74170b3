import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddingCache } from '../../indexer/embeddings.ts';
import { EMBEDDING_DIMENSIONS } from '../../src/search/embedder.ts';

const vector = (seed: number) => Float32Array.from({ length: EMBEDDING_DIMENSIONS }, (_, i) => Math.sin(seed + i));

describe('EmbeddingCache', () => {
  const dirs: string[] = [];
  const dir = () => {
    const made = mkdtempSync(path.join(os.tmpdir(), 'vectors-'));
    dirs.push(made);
    return made;
  };
  afterEach(() => {
    for (const made of dirs.splice(0)) rmSync(made, { recursive: true, force: true });
  });

  it('gives back, after a reopen, what was put, by model and text', () => {
    const folder = dir();
    const cache = new EmbeddingCache(folder, 'model-a');
    cache.put(cache.keyOf('cooking with kids'), vector(1));
    cache.put(cache.keyOf('budget earbuds'), vector(2));
    cache.close();

    const again = new EmbeddingCache(folder, 'model-a');
    expect(again.get(again.keyOf('budget earbuds'))).toEqual(vector(2));
    expect(again.get(again.keyOf('cooking with kids'))).toEqual(vector(1));
    expect(again.get(again.keyOf('something new'))).toBeUndefined();
    again.close();
    // Another model's vectors of the same text are other vectors.
    const other = new EmbeddingCache(folder, 'model-b');
    expect(other.get(other.keyOf('budget earbuds'))).toBeUndefined();
    other.close();
  });

  it("keeps both writers' entries when two loads append at once", () => {
    const folder = dir();
    const first = new EmbeddingCache(folder, 'm');
    const second = new EmbeddingCache(folder, 'm');
    first.put(first.keyOf('one'), vector(1));
    second.put(second.keyOf('two'), vector(2));
    first.put(first.keyOf('three'), vector(3));
    first.close();
    second.close();
    const reader = new EmbeddingCache(folder, 'm');
    expect([
      reader.get(reader.keyOf('one')),
      reader.get(reader.keyOf('two')),
      reader.get(reader.keyOf('three')),
    ]).toEqual([vector(1), vector(2), vector(3)]);
    reader.close();
  });

  it('refuses a file whose last write was cut short rather than read vectors out of step', () => {
    const folder = dir();
    const cache = new EmbeddingCache(folder, 'm');
    cache.put(cache.keyOf('one'), vector(1));
    cache.close();
    const file = path.join(folder, 'm.vectors');
    appendFileSync(file, Buffer.alloc(100));
    expect(() => new EmbeddingCache(folder, 'm')).toThrow(/not a whole number of entries .* delete it/);
  });
});
