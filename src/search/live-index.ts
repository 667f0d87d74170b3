// What the index behind the creators alias was built with, as the indexer recorded it in its mapping's _meta
// (indexer/load.ts): the popularity signals whose sum its creators carry (indexed-popularity.ts). Learned in the
// background on first use, and again whenever a search answers from another index (the indexer swapped the
// alias): until it is known, searches rank with the popularity clauses, which every index answers alike.
import type { OpenSearchHttp } from './opensearch-http.ts';

/** An alias's `GET <alias>/_mapping` answer: its one index, with the _meta the indexer wrote. */
export type Mappings = Record<string, { mappings?: { _meta?: { popularity?: string | null } } }>;

/** The index an alias points at and the popularity signals it stores the sum of; undefined unless one index. */
export function recordedIndex(body: Mappings): { index: string; popularity: string | undefined } | undefined {
  const indices = Object.entries(body);
  const [index, definition] = indices[0] ?? [];
  if (indices.length !== 1 || index === undefined) return undefined;
  return { index, popularity: definition?.mappings?._meta?.popularity ?? undefined };
}

/** After a failed attempt (no data loaded yet, the cluster down), how long until the next. */
const RETRY_MS = 5000;

export class LiveIndex {
  private known: { index: string; popularity: string | undefined } | undefined;
  private learning = false;
  private retryAt = 0;

  constructor(
    private readonly http: Pick<OpenSearchHttp, 'get'>,
    private readonly alias: string,
  ) {}

  /** The signals key of the index the alias points at; undefined until known (and then it starts learning it). */
  popularity(): string | undefined {
    if (!this.known) this.learn();
    return this.known?.popularity;
  }

  /**
   * Whether a search that relied on `popularity()` was answered by that index (`index`: a hit's `_index`; none
   * when nothing matched, which no ranking changes). When not, what was known is dropped and learned again.
   */
  answeredBy(index: string | undefined): boolean {
    if (index === undefined || index === this.known?.index) return true;
    this.forget();
    return false;
  }

  /** The index refused a search that relied on it: learn it again. */
  forget(): void {
    this.known = undefined;
    this.retryAt = 0;
    this.learn();
  }

  private learn(): void {
    if (this.learning || Date.now() < this.retryAt) return;
    this.learning = true;
    this.http
      .get<Mappings>(`/${this.alias}/_mapping`)
      .then((body) => {
        this.known = recordedIndex(body);
        if (!this.known) throw new Error(`${this.alias} does not name one index`);
      })
      .catch(() => {
        this.retryAt = Date.now() + RETRY_MS;
      })
      .finally(() => {
        this.learning = false;
      });
  }
}
