import { slugOf } from '../documents.ts';
import type { CreatorRecord, Judgments, SponsorRecord } from '../records.ts';
import { VOCABULARY } from './vocabulary.ts';

/** Ratings kept per query; higher grades win, so memory stays bounded at any dataset size. */
const CAP = 300;
/** Name and handle queries are drawn from the first creators, which are kept until then. */
export const EARLY_CREATORS = 100;

/** Topic queries: a term of the niche's vocabulary, distinctive enough that a search for it means that niche. */
export const TOPIC_QUERIES: [query: string, niche: string][] = [
  ['budgeting', 'personal_finance'],
  ['dividend investing', 'investing'],
  ['bitcoin', 'crypto'],
  ['mortgages', 'real_estate'],
  ['dropshipping', 'entrepreneurship'],
  ['note taking', 'productivity'],
  ['smartphones', 'tech_reviews'],
  ['keycaps', 'mechanical_keyboards'],
  ['graphics cards', 'pc_building'],
  ['python', 'programming'],
  ['speedrun', 'gaming'],
  ['astronomy', 'science'],
  ['archaeology', 'history'],
  ['calisthenics', 'fitness'],
  ['meditation', 'mental_health'],
  ['knife skills', 'cooking'],
  ['sourdough', 'baking'],
  ['digital nomad', 'travel'],
  ['camping', 'outdoors'],
  ['eyeshadow', 'beauty'],
  ['retinol', 'skincare'],
  ['streetwear', 'fashion'],
  ['dog training', 'pets'],
  ['woodworking', 'diy'],
  ['houseplants', 'gardening'],
  ['detailing', 'cars'],
  ['synths', 'music_production'],
  ['watercolor', 'art'],
];
for (const [query, niche] of TOPIC_QUERIES) {
  if (!VOCABULARY[niche]?.terms.some((t) => t.includes(query))) throw new Error(`${query} is not a ${niche} term`);
}

const STOPWORDS = new Set(['the', 'with', 'and', 'for', 'by', 'of', 'in', 'on', 'is', 'not', 'again']);

interface Query {
  query: string;
  kind: Judgments[number]['kind'];
  grade: (c: CreatorRecord, nameWords: Set<string>) => number;
  /** buckets[g] holds the slugs graded g (1–3), in generation order. */
  buckets: string[][];
  size: number;
}

const nameWordsOf = (name: string) =>
  new Set(
    name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 2 && !STOPWORDS.has(w)),
  );
/** A whole-word, case-insensitive matcher that also accepts the singular ("keycap" for "keycaps"). */
const mentions = (term: string) => {
  const escaped = term.replace(/[^a-z0-9 ]/gi, '').replace(/s$/i, '');
  const pattern = new RegExp(`\\b${escaped}s?\\b`, 'i');
  return (text: string | null) => !!text && pattern.test(text);
};
/** The start of a handle, lower-cased: "@TechWithTina" gives "techwith", "@CollinMusic" "collin". */
export const handlePrefix = (handle: string) => {
  const body = handle.replace(/^@/, '');
  const words = body.match(/[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])/g) ?? [];
  const candidate = (words.length >= 3 ? words.slice(0, 2) : words.length === 2 ? words.slice(0, 1) : [])
    .join('')
    .toLowerCase();
  if (candidate.length >= 4 && candidate.length < body.length) return candidate;
  return body.slice(0, Math.max(4, Math.ceil(body.length * 0.6))).toLowerCase();
};

/**
 * The generator knows what each creator is about, so it grades creators for a fixed set of topic, brand, name and
 * handle queries: the ground truth of the relevance workbench.
 */
export class Judge {
  private readonly queries: Query[] = [];
  private readonly early: CreatorRecord[] = [];

  constructor(popularSponsors: SponsorRecord[]) {
    for (const [term, niche] of TOPIC_QUERIES) {
      const mentionsTerm = mentions(term);
      this.add(term, 'topic', (c) => {
        if (mentionsTerm(c.name)) return 3;
        const inDescription = mentionsTerm(c.description);
        if (c.primaryNiche === niche) return inDescription ? 3 : 2;
        if (inDescription) return 2;
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
    if (this.queries.some((q) => q.query.toLowerCase() === query.toLowerCase())) return;
    this.queries.push({ query, kind, grade, buckets: [[], [], [], []], size: 0 });
  }

  rate(creator: CreatorRecord): void {
    const nameWords = nameWordsOf(creator.name);
    for (const q of this.queries) this.record(q, creator, nameWords);
    if (creator.id <= EARLY_CREATORS) {
      this.early.push(creator);
      if (creator.id === EARLY_CREATORS) this.addPeopleQueries();
    }
  }

  /** Keeps a rating unless the query already has CAP ratings of at least its grade; the lowest go first. */
  private record(q: Query, creator: CreatorRecord, nameWords: Set<string>) {
    const grade = q.grade(creator, nameWords);
    if (grade < 1) return;
    if (q.size >= CAP) {
      const lowest = q.buckets.findIndex((b, g) => g >= 1 && b.length > 0);
      if (lowest < 1 || lowest >= grade) return;
      q.buckets[lowest]?.pop();
      q.size -= 1;
    }
    q.buckets[grade]?.push(slugOf(creator));
    q.size += 1;
  }

  /** Eight name queries and eight handle queries (four full handles, four prefixes) about early creators. */
  private addPeopleQueries() {
    const before = this.queries.length;
    const named = this.early.filter((c, i) => i % 11 === 4 && nameWordsOf(c.name).size >= 2).slice(0, 8);
    for (const target of named) {
      const targetWords = nameWordsOf(target.name);
      this.add(target.name, 'name', (c, words) => {
        if (c.id === target.id || c.name === target.name) return 3;
        for (const w of words) if (targetWords.has(w)) return 1;
        return 0;
      });
    }
    const handled = this.early.filter((c) => c.handle && c.handle.length >= 8).filter((_, i) => i % 9 === 2);
    for (const target of handled.slice(0, 4)) {
      const handle = target.handle ?? '';
      const lower = handle.toLowerCase();
      const prefix = handlePrefix(handle);
      this.add(handle, 'handle', (c) => {
        if (c.id === target.id) return 3;
        return c.handle?.toLowerCase().startsWith(lower) ? 1 : 0;
      });
      this.add(prefix, 'handle', (c) => {
        if (c.id === target.id) return 3;
        return c.handle?.slice(1).toLowerCase().startsWith(prefix) ? 1 : 0;
      });
    }
    // The early creators were generated before these queries existed: grade them now.
    for (const q of this.queries.slice(before)) for (const c of this.early) this.record(q, c, nameWordsOf(c.name));
  }

  judgments(): Judgments {
    return this.queries.map((q) => ({
      query: q.query,
      kind: q.kind,
      ratings: [3, 2, 1].flatMap((g) => (q.buckets[g] ?? []).map((id) => ({ id, grade: g }))),
    }));
  }
}
