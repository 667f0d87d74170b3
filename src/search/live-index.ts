// What the index behind the creators alias was built with, as the indexer recorded it in its mapping's _meta
// (indexer/load.ts): the popularity signals whose sum its creators carry (indexed-popularity.ts), and the sentence
// model whose vectors they carry, if any (semantic search); and how many creators it holds, which sizes the k-NN
// search's width (creator-query.ts, efSearchOf). Learned in the background on first use, again whenever
// a search answers from another index (the indexer swapped the alias), and every RELEARN_MS: a swap seen by no
// search (only queries its words match nowhere, which semantic search would answer) is found that way. Until it is
// known, searches rank with the popularity clauses, which every index answers alike.
import type { OpenSearchHttp } from './opensearch-http.ts';

/** An alias's `GET <alias>/_mapping` answer: its one index, with the _meta the indexer wrote. */
export type Mappings = Record<
  string,
  { mappings?: { _meta?: { popularity?: string | null; embedding?: string | null } } }
>;

/** What an index recorded: its name, the popularity signals whose sum it stores and its vectors' model (if any). */
export interface Recorded {
  index: string;
  popularity: string | undefined;
  embedding: string | undefined;
  /** How many creators it held when last learned (GET _count); undefined where not asked. */
  creators?: number;
}

/** The index an alias points at and the popularity signals it stores the sum of; undefined unless one index. */
export function recordedIndex(body: Mappings): Recorded | undefined {
  const indices = Object.entries(body);
  const [index, definition] = indices[0] ?? [];
  if (indices.length !== 1 || index === undefined) return undefined;
  const meta = definition?.mappings?._meta;
  return { index, popularity: meta?.popularity ?? undefined, embedding: meta?.embedding ?? undefined };
}

/** After a failed attempt (no data loaded yet, the cluster down), how long until the next. */
const RETRY_MS = 5000;
/** How long what was learned is used before it is checked again in the background (one GET a period). */
export const RELEARN_MS = 30_000;

export class LiveIndex {
  private current: Recorded | undefined;
  private learning = false;
  private retryAt = 0;
  private learnedAt = 0;

  constructor(
    private readonly http: Pick<OpenSearchHttp, 'get'>,
    private readonly alias: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** What the index behind the alias recorded; undefined until known (asking starts learning it). */
  get known(): Recorded | undefined {
    if (!this.current || this.now() - this.learnedAt >= RELEARN_MS) this.learn();
    return this.current;
  }

  /**
   * Whether a search built on `known` was answered by that index (`index`: a hit's `_index`; none when nothing
   * matched, which no ranking changes). When not, the alias has moved: what it points at is learned again.
   */
  answeredBy(known: Recorded, index: string | undefined): boolean {
    if (index === undefined || index === known.index) return true;
    this.forget(known);
    return false;
  }

  /** `known` no longer holds (its index refused a search that relied on it): learn again, unless already done. */
  forget(known: Recorded): void {
    if (this.current !== known) return;
    this.current = undefined;
    this.retryAt = 0;
    this.learn();
  }

  private learn(): void {
    if (this.learning || this.now() < this.retryAt) return;
    this.learning = true;
    Promise.all([
      this.http.get<Mappings>(`/${this.alias}/_mapping`),
      this.http.get<{ count: number }>(`/${this.alias}/_count`),
    ])
      .then(([body, { count }]) => {
        const recorded = recordedIndex(body);
        this.current = recorded && { ...recorded, creators: count };
        this.learnedAt = this.now();
        if (!recorded) throw new Error(`${this.alias} does not name one index`);
      })
      .catch(() => {
        this.retryAt = this.now() + RETRY_MS;
      })
      .finally(() => {
        this.learning = false;
      });
  }
}
