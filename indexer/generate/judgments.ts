import { slugOf } from '../documents.ts';
import type { CreatorRecord, Judgments, SponsorRecord } from '../records.ts';
import { VOCABULARY } from './vocabulary.ts';

/** Ratings kept per query; higher grades win, so memory stays bounded at any dataset size. */
const CAP = 300;
/** Name and handle queries are drawn from the first creators, which are kept until the end. */
export const EARLY_CREATORS = 100;

interface Query {
  query: string;
  kind: Judgments[number]['kind'];
  grade: (c: CreatorRecord) => number;
  /** buckets[g] holds the slugs graded g (1–3). */
  buckets: string[][];
}

const words = (text: string | null) =>
  new Set(
    (text ?? '')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 4),
  );
/** A whole-word, case-insensitive matcher, compiled once per query. */
const mentions = (term: string) => {
  const pattern = new RegExp(`\\b${term.replace(/[^a-z0-9 ]/gi, '')}\\b`, 'i');
  return (text: string | null) => !!text && pattern.test(text);
};

/**
 * The generator knows what each creator is about, so it can grade creators for a fixed set of topic, brand, name
 * and handle queries: the ground truth for the relevance workbench.
 */
export class Judge {
  private readonly queries: Query[] = [];
  private readonly early: CreatorRecord[] = [];

  constructor(popularSponsors: SponsorRecord[]) {
    for (const [niche, vocabulary] of Object.entries(VOCABULARY).slice(0, 24)) {
      const term = vocabulary.terms[1] ?? vocabulary.terms[0] ?? niche;
      const mentionsTerm = mentions(term);
      this.add(term, 'topic', (c) => {
        if (mentionsTerm(c.name)) return 3;
        if (mentionsTerm(c.description)) return c.primaryNiche === niche ? 3 : 2;
        if (c.primaryNiche === niche) return 2;
        return c.secondaryNiches.includes(niche) ? 1 : 0;
      });
    }
    for (const sponsor of popularSponsors.slice(0, 10)) {
      const mentionsBrand = mentions(sponsor.name);
      this.add(sponsor.name, 'brand', (c) => {
        const deal = c.sponsorships.find((s) => s.sponsorId === sponsor.id);
        if (deal) return deal.count >= 3 ? 3 : 2;
        return mentionsBrand(c.description) ? 1 : 0;
      });
    }
  }

  private add(query: string, kind: Query['kind'], grade: Query['grade']) {
    this.queries.push({ query, kind, grade, buckets: [[], [], [], []] });
  }

  rate(creator: CreatorRecord): void {
    for (const q of this.queries) this.record(q, creator);
    if (creator.id <= EARLY_CREATORS) this.early.push(creator);
    if (creator.id === EARLY_CREATORS) this.addPeopleQueries();
  }

  private record(q: Query, creator: CreatorRecord) {
    const grade = q.grade(creator);
    if (grade < 1) return;
    q.buckets[grade]?.push(slugOf(creator));
    let total = q.buckets.reduce((n, b) => n + b.length, 0);
    for (let g = 1; total > CAP && g <= 3; g++) {
      while (total > CAP && (q.buckets[g]?.length ?? 0) > 0) {
        q.buckets[g]?.pop();
        total -= 1;
      }
    }
  }

  /** Eight name queries and eight handle queries (full and prefix) about early creators. */
  private addPeopleQueries() {
    const before = this.queries.length;
    const named = this.early.filter((_, i) => i % 12 === 5).slice(0, 8);
    for (const target of named) {
      const targetWords = words(target.name);
      this.add(target.name, 'name', (c) => {
        if (c.id === target.id || c.name === target.name) return 3;
        return [...words(c.name)].some((w) => targetWords.has(w)) ? 1 : 0;
      });
    }
    const handled = this.early
      .filter((c) => c.handle)
      .filter((_, i) => i % 11 === 3)
      .slice(0, 4);
    for (const target of handled) {
      const handle = target.handle ?? '';
      const prefix = handle.slice(1, 9).toLowerCase();
      this.add(handle, 'handle', (c) => (c.id === target.id ? 3 : 0));
      this.add(prefix, 'handle', (c) => {
        if (c.id === target.id) return 3;
        return c.handle?.slice(1).toLowerCase().startsWith(prefix) ? 2 : 0;
      });
    }
    // The early creators were generated before these queries existed: grade them now.
    for (const q of this.queries.slice(before)) for (const c of this.early) this.record(q, c);
  }

  judgments(): Judgments {
    return this.queries.map((q) => ({
      query: q.query,
      kind: q.kind,
      ratings: [3, 2, 1].flatMap((g) => (q.buckets[g] ?? []).map((id) => ({ id, grade: g }))),
    }));
  }
}
