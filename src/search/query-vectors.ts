import type { Embedder } from './embedder.ts';

/**
 * The sentence vectors of search queries, for the API. A query is embedded once: its vector is kept (the most recent
 * `capacity` queries), and a query asked again while it is being embedded waits for that one. Case and spacing do
 * not change a vector (the model is uncased), so they do not split the cache either.
 */
export class QueryVectors {
  private readonly recent = new Map<string, Promise<number[]>>();

  constructor(
    private readonly embedder: Pick<Embedder, 'embed'>,
    /** The model's name, as the indexer records it in the index it loads (live-index.ts). */
    readonly model: string,
    private readonly capacity = 10_000,
  ) {}

  vectorOf(query: string): Promise<number[]> {
    const key = query.trim().replace(/\s+/g, ' ').toLowerCase();
    const known = this.recent.get(key);
    if (known) {
      // Most recently used last: the first entry is the one to drop.
      this.recent.delete(key);
      this.recent.set(key, known);
      return known;
    }
    const vector = this.embedder.embed([key]).then(([v]) => Array.from(v ?? []));
    vector.catch(() => this.recent.delete(key));
    this.recent.set(key, vector);
    if (this.recent.size > this.capacity) this.recent.delete(this.recent.keys().next().value as string);
    return vector;
  }
}
