// The generator knows what each creator is about and what it is called, so it grades creators (and sponsors) for
// queries of every class the relevance workbench reports: the ground truth that ranking is tuned and checked on.
// It draws on a Random of its own, so adding or changing judgments never changes the dataset itself.
import type { JudgedQuery } from '../../common/judgments.ts';
import { DEMO_NICHES } from '../../src/contract/niches.ts';
import { slugOf } from '../documents.ts';
import type { CreatorRecord, SponsorRecord } from '../records.ts';
import { NicheLeaders } from './category-judgments.ts';
import { Random } from './random.ts';
import { VOCABULARY } from './vocabulary.ts';

/**
 * Ratings kept per query; higher grades win, so memory stays bounded at any dataset size. At 20,000 creators no
 * query reaches it (the biggest niche has about 2,300 creators), so every relevant creator of the demo data is judged.
 */
const CAP = 3000;
/** Name, handle and id queries are about the first creators, which are kept until then (the minimum dataset). */
export const EARLY_CREATORS = 1000;
/** A partial name is kept only when at most this many other creators' names hold all of its words. */
const PARTIAL_AMBIGUITY = 3;

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

/**
 * What people call a niche in everyday words, other than its label: the ground truth of the "everyday" class. The
 * synonym set the search uses (mappings/synonyms.txt) is the product's answer to it, kept apart on purpose.
 */
export const EVERYDAY_WORDS: Record<string, string[]> = {
  personal_finance: ['money', 'saving money'],
  investing: ['stocks', 'stock market'],
  crypto: ['cryptocurrency', 'blockchain'],
  real_estate: ['property', 'housing market'],
  entrepreneurship: ['startups', 'small business'],
  productivity: ['time management', 'habits'],
  tech_reviews: ['gadgets', 'unboxing'],
  mechanical_keyboards: ['keebs', 'keyboard switches'],
  pc_building: ['gaming pc', 'custom pc'],
  programming: ['coding', 'software development'],
  gaming: ['video games', 'esports'],
  science: ['physics', 'experiments'],
  education: ['lessons', 'studying'],
  history: ['ancient history', 'world war'],
  fitness: ['workout', 'gym'],
  nutrition: ['diet', 'healthy eating'],
  mental_health: ['anxiety', 'mindfulness'],
  cooking: ['recipes', 'home cooking'],
  baking: ['bread', 'cakes'],
  travel: ['backpacking', 'destinations'],
  outdoors: ['hiking', 'bushcraft'],
  beauty: ['makeup', 'cosmetics'],
  skincare: ['skin care', 'acne'],
  fashion: ['outfits', 'style'],
  parenting: ['moms', 'raising kids'],
  pets: ['dogs', 'cats'],
  diy: ['home improvement', 'renovation'],
  gardening: ['plants', 'vegetable garden'],
  cars: ['automotive', 'car reviews'],
  music: ['songs', 'singing'],
  music_production: ['beat making', 'mixing'],
  photography: ['cameras', 'photo editing'],
  filmmaking: ['video editing', 'cinematography'],
  art: ['drawing', 'painting'],
  comedy: ['funny', 'sketches'],
  sports: ['football', 'basketball'],
};

/** Everyday phrasing around a niche or topic, and the language or country it asks for, if any. */
interface Phrase {
  text: (topic: string) => string;
  language?: string;
  country?: string;
}
const PHRASES: Phrase[] = [
  { text: (t) => `best ${t} channels` },
  { text: (t) => `${t} youtubers` },
  { text: (t) => `${t} tips for beginners` },
  { text: (t) => `top ${t} creators in english`, language: 'en' },
  { text: (t) => `popular ${t} videos` },
  { text: (t) => `${t} channels in spanish`, language: 'es' },
  { text: (t) => `good ${t} creators` },
  { text: (t) => `${t} youtubers from germany`, country: 'DE' },
];

const STOPWORDS = new Set(['the', 'with', 'and', 'for', 'by', 'of', 'in', 'on', 'is', 'not', 'again']);

/** Lower-case words of a name; `significant` leaves out stopwords and one-letter words. */
const wordsOf = (name: string, significant = true) =>
  name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && (!significant || (w.length >= 2 && !STOPWORDS.has(w))));

/** A name's letters and digits, lower case: what the search's joined-name fields compare. */
const lettersOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

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

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * One typo in a word of 5+ letters: a letter dropped, added, replaced, or two neighbours swapped. The first letter
 * is kept, as in most real typos (and as the search's fuzzy matching assumes).
 */
export function typo(word: string, random: Random): string {
  const at = (from: number, to: number) => random.int(from, to);
  for (;;) {
    const kind = random.int(0, 3);
    let result: string;
    if (kind === 0) {
      const i = at(1, word.length - 1);
      result = word.slice(0, i) + word.slice(i + 1);
    } else if (kind === 1) {
      const i = at(1, word.length);
      result = word.slice(0, i) + random.pick([...LETTERS]) + word.slice(i);
    } else if (kind === 2) {
      const i = at(1, word.length - 1);
      result = word.slice(0, i) + random.pick([...LETTERS]) + word.slice(i + 1);
    } else {
      const i = at(1, word.length - 2);
      result = word.slice(0, i) + word.charAt(i + 1) + word.charAt(i) + word.slice(i + 2);
    }
    if (result.toLowerCase() !== word.toLowerCase()) return result;
  }
}

type Grade = (c: CreatorRecord) => number;

interface Query {
  /** target `similar`: the query is the shown id of the creator whose lookalikes are judged. */
  judged: { query: string; class: string; target?: 'similar' };
  grade: Grade;
  /** buckets[g] holds the ids graded g (1–3), in generation order. */
  buckets: string[][];
  size: number;
  /** Dropped from the output when true at the end (an ambiguous partial name). */
  drop?: () => boolean;
}

/** What a niche-wide query wants: the niche's creators, primary 3 and secondary 1. */
function nicheGrade(niche: string): Grade {
  return (c) => (c.primaryNiche === niche ? 3 : c.secondaryNiches.includes(niche) ? 1 : 0);
}

/** A phrase that asks for a language or a country ranks creators of other languages or countries a grade lower. */
function asked(grade: Grade, { language, country }: Phrase): Grade {
  if (!language && !country) return grade;
  return (c) => {
    const elsewhere = (language && c.language !== language) || (country && c.country !== country);
    return elsewhere ? Math.max(0, grade(c) - 1) : grade(c);
  };
}

/** A topic term: named in the name 3; primary niche 2 (3 when the description says it); said in the description 2. */
function topicGrade(term: string, niche: string): Grade {
  const mentionsTerm = mentions(term);
  return (c) => {
    if (mentionsTerm(c.name)) return 3;
    const inDescription = mentionsTerm(c.description);
    if (c.primaryNiche === niche) return inDescription ? 3 : 2;
    if (inDescription) return 2;
    return c.secondaryNiches.includes(niche) ? 1 : 0;
  };
}

/**
 * A lookalike of `target` (GET /creators/{id}/similar) by the signals the issue names: the same primary niche 2, or
 * another shared niche 1; one more for subscribers within 3 times its own either way, and one more for a shared
 * sponsor (a shared sponsor alone: 1). At most 3; the creator itself is never a lookalike.
 */
function lookalikeGrade(target: CreatorRecord): Grade {
  const niches = new Set([target.primaryNiche, ...target.secondaryNiches].filter(Boolean));
  const sponsors = new Set(target.sponsorships.map((s) => s.sponsorId));
  return (c) => {
    if (c.id === target.id) return 0;
    const shared = [c.primaryNiche, ...c.secondaryNiches].some((n) => n && niches.has(n));
    const base = c.primaryNiche !== null && c.primaryNiche === target.primaryNiche ? 2 : shared ? 1 : 0;
    const ratio = Math.max(c.subscribers, 1) / Math.max(target.subscribers, 1);
    const size = ratio <= 3 && ratio >= 1 / 3 ? 1 : 0;
    const sponsor = c.sponsorships.some((s) => sponsors.has(s.sponsorId)) ? 1 : 0;
    return base ? Math.min(3, base + size + sponsor) : sponsor;
  };
}

export class Judge {
  private readonly queries: Query[] = [];
  /** Queries graded only by niche, so each creator meets only those of its own niches. */
  private readonly byNiche = new Map<string, Query[]>();
  /** Queries any creator may match (topic words in descriptions, brands); name queries join once defined. */
  private readonly general: Query[] = [];
  private readonly early: CreatorRecord[] = [];
  private readonly sponsorJudgments: JudgedQuery[] = [];
  private readonly random: Random;
  private readonly leaders = new NicheLeaders();
  private peopleAdded = false;

  constructor(seed: number, sponsors: { sponsors: SponsorRecord[]; byPopularity: SponsorRecord[] }) {
    this.random = new Random(seed ^ 0x5eed);
    for (const [term, niche] of TOPIC_QUERIES) this.add({ query: term, class: 'topic' }, topicGrade(term, niche));
    for (const [index, { value, label }] of DEMO_NICHES.entries()) {
      this.add({ query: label, class: 'niche' }, nicheGrade(value), value);
      for (const offset of [0, 3]) {
        const phrase = PHRASES[(index + offset) % PHRASES.length];
        if (!phrase) continue;
        this.add({ query: phrase.text(label.toLowerCase()), class: 'phrase' }, asked(nicheGrade(value), phrase), value);
      }
      for (const word of EVERYDAY_WORDS[value] ?? []) {
        this.add({ query: word, class: 'everyday' }, nicheGrade(value), value);
      }
    }
    for (const [index, [term, niche]] of TOPIC_QUERIES.entries()) {
      const phrase = PHRASES[(index + 1) % PHRASES.length];
      if (phrase) this.add({ query: phrase.text(term), class: 'phrase' }, asked(topicGrade(term, niche), phrase));
    }
    for (const sponsor of sponsors.byPopularity.slice(0, 20)) {
      const mentionsBrand = mentions(sponsor.name);
      this.add({ query: sponsor.name, class: 'brand' }, (c) => {
        const deal = c.sponsorships.find((s) => s.sponsorId === sponsor.id);
        if (deal) return deal.count >= 3 ? 3 : 2;
        return mentionsBrand(c.description) ? 1 : 0;
      });
    }
    this.addSponsorQueries(sponsors.byPopularity);
  }

  private add(judged: Query['judged'], grade: Grade, niche?: string, drop?: () => boolean): Query | undefined {
    const key = judged.query.toLowerCase();
    if (this.queries.some((q) => q.judged.query.toLowerCase() === key && q.judged.target === judged.target))
      return undefined;
    const query: Query = { judged, grade, buckets: [[], [], [], []], size: 0, drop };
    this.queries.push(query);
    if (niche) this.byNiche.set(niche, [...(this.byNiche.get(niche) ?? []), query]);
    else this.general.push(query);
    return query;
  }

  rate(creator: CreatorRecord): void {
    this.leaders.add(creator);
    for (const niche of new Set([creator.primaryNiche ?? '', ...creator.secondaryNiches])) {
      for (const q of this.byNiche.get(niche) ?? []) this.record(q, creator);
    }
    for (const q of this.general) this.record(q, creator);
    if (!this.peopleAdded) {
      this.early.push(creator);
      if (this.early.length === EARLY_CREATORS) this.addPeopleQueries();
    }
  }

  /** Keeps a rating unless the query already has CAP ratings of at least its grade; the lowest go first. */
  private record(q: Query, creator: CreatorRecord) {
    const grade = q.grade(creator);
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

  /** Navigational, typo, partial-name and handle-prefix queries about early creators. */
  private addPeopleQueries() {
    this.peopleAdded = true;
    const before = this.queries.length;
    const pick = (pool: CreatorRecord[], count: number) => this.random.sample(pool, Math.min(count, pool.length));
    // A name, or a handle typed without @, also means any creator whose name has the same letters ("theweekendchef"
    // for The Weekend Chef): people type names the way handles look.
    const sameName = (target: CreatorRecord): Grade => {
      const name = lettersOf(target.name);
      return (c) => (c.id === target.id || lettersOf(c.name) === name ? 3 : 0);
    };
    const only =
      (target: CreatorRecord): Grade =>
      (c) =>
        c.id === target.id ? 3 : 0;
    const handleOwner =
      (target: CreatorRecord): Grade =>
      (c) =>
        c.id === target.id || lettersOf(c.name) === lettersOf(target.handle ?? '') ? 3 : 0;

    const handled = this.early.filter((c) => c.handle);
    for (const target of pick(this.early, 25))
      this.add({ query: target.name, class: 'navigational' }, sameName(target));
    for (const target of pick(handled, 20)) {
      const handle = target.handle ?? '';
      this.add({ query: handle, class: 'navigational' }, only(target));
      this.add({ query: handle.slice(1), class: 'navigational' }, handleOwner(target));
    }
    for (const target of pick(
      this.early.filter((c) => !c.handle),
      10,
    )) {
      this.add({ query: slugOf(target), class: 'navigational' }, only(target));
    }
    for (const target of pick(
      this.early.filter((c) => c.channelId),
      10,
    ))
      this.add({ query: target.channelId as string, class: 'navigational' }, only(target));

    const longWord = (text: string) => text.split(/[^A-Za-z0-9]+/).filter((w) => w.length >= 5);
    for (const target of pick(
      this.early.filter((c) => longWord(c.name).length),
      30,
    )) {
      const word = this.random.pick(longWord(target.name));
      const query = target.name.replace(word, typo(word, this.random));
      this.add({ query, class: 'typo' }, sameName(target));
    }
    for (const target of pick(
      handled.filter((c) => (c.handle?.length ?? 0) >= 6),
      30,
    )) {
      const body = (target.handle ?? '').slice(1);
      const query = `${this.random.chance(0.5) ? '@' : ''}${typo(body, this.random)}`;
      this.add({ query, class: 'typo' }, only(target));
    }

    for (const target of pick(
      this.early.filter((c) => c.name.split(' ').length >= 3),
      60,
    )) {
      const words = target.name.split(' ');
      words.splice(this.random.int(0, words.length - 1), 1);
      const query = words.join(' ');
      const wanted = wordsOf(query, false);
      if (!wordsOf(query).length) continue;
      let others = 0;
      const grade: Grade = (c) => {
        if (c.id === target.id) return 3;
        const name = new Set(wordsOf(c.name, false));
        if (!wanted.every((w) => name.has(w))) return 0;
        others += 1;
        return 2;
      };
      this.add({ query, class: 'partial' }, grade, undefined, () => others > PARTIAL_AMBIGUITY);
    }

    for (const target of pick(
      handled.filter((c) => (c.handle?.length ?? 0) >= 8),
      15,
    )) {
      const prefix = handlePrefix(target.handle ?? '');
      this.add({ query: prefix, class: 'prefix' }, (c) => {
        if (c.id === target.id) return 3;
        return c.handle?.slice(1).toLowerCase().startsWith(prefix) ? 1 : 0;
      });
    }
    for (const [i, target] of pick(this.early, 60).entries()) {
      // Every third one is kept out of tuning: the profile's `similar` weights are tuned on `lookalike` alone.
      const judged = { query: slugOf(target), class: i % 3 === 2 ? 'lookalike-heldout' : 'lookalike' };
      this.add({ ...judged, target: 'similar' }, lookalikeGrade(target));
    }
    // The early creators were generated before these queries existed: grade them now.
    for (const q of this.queries.slice(before)) for (const c of this.early) this.record(q, c);
    this.early.length = 0;
  }

  /** Sponsor search: brands by exact name and with a typo, each judged by the brand meant. */
  private addSponsorQueries(byPopularity: SponsorRecord[]) {
    for (const sponsor of this.random.sample(byPopularity.slice(0, 200), 20)) {
      const ratings = { [String(sponsor.id)]: 3 };
      this.sponsorJudgments.push({ query: sponsor.name, class: 'sponsor', target: 'sponsors', ratings });
      const word = sponsor.name.split(' ').find((w) => /^[A-Za-z]{5,}$/.test(w));
      if (word) {
        const query = sponsor.name.replace(word, typo(word, this.random));
        this.sponsorJudgments.push({ query, class: 'sponsor-typo', target: 'sponsors', ratings });
      }
    }
  }

  judgments(): JudgedQuery[] {
    if (!this.peopleAdded) this.addPeopleQueries();
    const creators = this.queries
      .filter((q) => !q.drop?.() && q.size > 0)
      .map((q) => ({
        target: 'creators' as const,
        ...q.judged,
        ratings: Object.fromEntries([3, 2, 1].flatMap((g) => (q.buckets[g] ?? []).map((id) => [id, g]))),
      }));
    return [...creators, ...this.leaders.judgments(), ...this.sponsorJudgments];
  }
}
