import type { Faker } from '@faker-js/faker';
import { DEMO_NICHES } from '../../src/contract/niches.ts';
import { rollUp } from '../evidence.ts';
import type { CreatorRecord, SponsorRecord, Sponsorship, SponsorshipEvidence } from '../records.ts';
import { generateAudience } from './audience.ts';
import { generateEvidence } from './evidence.ts';
import { countryWeights, languagesOf } from './geography.ts';
import type { HandleSet } from './handles.ts';
import { clamp, type Random, Weighted } from './random.ts';
import type { GeneratedSponsors } from './sponsors.ts';
import { ADJECTIVES, NAME_PATTERNS, NAME_SUFFIXES, type NicheVocabulary, VOCABULARY } from './vocabulary.ts';

const DAY = 86_400_000;
/** Sponsorships start at most this many days before the reference date (about four years). */
const SPONSORSHIP_WINDOW_DAYS = 1460;
const nicheValues = DEMO_NICHES.map((n) => n.value);
// Some niches are far more common on YouTube than others.
const POPULAR: Record<string, number> = {
  gaming: 6,
  comedy: 3,
  music: 3,
  tech_reviews: 3,
  cooking: 2.5,
  beauty: 2,
  fitness: 2,
  education: 2,
};
const primaryNiches = new Weighted(
  nicheValues,
  nicheValues.map((n) => POPULAR[n] ?? 1),
);
export const vocabularyOf = (niche: string): NicheVocabulary => {
  const vocabulary = VOCABULARY[niche];
  if (!vocabulary) throw new Error(`no vocabulary for ${niche}`);
  return vocabulary;
};
const capitalize = (text: string) => text.replace(/\b[a-z]/g, (ch) => ch.toUpperCase());
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Patterns every niche shares; {Term} is one of the niche's topic terms, capitalized. */
const GENERIC_PATTERNS = [
  '{Word} With {First}',
  '{First} {Word}',
  'The {Word} {Suffix}',
  '{Word}{Suffix}',
  "{First}'s {Word} {Suffix}",
  'The {Adjective} {Word}',
  '{Adjective} {Word} {Suffix}',
  '{Term} With {First}',
  '{Term} {First}',
  '{Term} {Suffix}',
];

export interface CreatorContext {
  /** The dataset's seed (evidence rows come from streams of their own: generate/evidence.ts). */
  seed: number;
  random: Random;
  faker: Faker;
  sponsors: GeneratedSponsors;
  sponsorById: Map<number, SponsorRecord>;
  /** Handles given so far: handles are unique whatever their case. */
  handles: HandleSet;
  referenceDate: Date;
}

/** UC + 22 characters: the id in base 64 (so unique), padded with seeded noise. */
function channelId(random: Random, id: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let unique = '';
  for (let rest = id; unique.length < 4; rest = Math.floor(rest / 64)) unique += alphabet.charAt(rest % 64);
  let noise = '';
  for (let i = 0; i < 18; i++) noise += alphabet.charAt(random.int(0, 63));
  return `UC${noise.slice(0, 9)}${unique}${noise.slice(9)}`;
}

function channelName(c: CreatorContext, niche: string, first: string, last: string): string {
  const { random } = c;
  const roll = random.next();
  const pattern =
    roll < 0.15
      ? '{First} {Last}'
      : roll < 0.5
        ? random.pick(NAME_PATTERNS[niche] ?? GENERIC_PATTERNS)
        : random.pick(GENERIC_PATTERNS);
  const vocabulary = vocabularyOf(niche);
  const terms = vocabulary.shortTerms;
  return pattern.replace(/\{(\w+)\}/g, (_, key: string) => {
    switch (key) {
      case 'First':
        return first;
      case 'Last':
        return last;
      case 'Word':
        return random.pick(vocabulary.words);
      case 'Adjective':
        return random.pick(ADJECTIVES);
      case 'Suffix':
        return random.pick(NAME_SUFFIXES);
      default:
        return capitalize(random.pick(terms));
    }
  });
}

/** A handle derived from the name (usually CamelCase, sometimes lower case), unique whatever the case. */
function uniqueHandle(c: CreatorContext, name: string): string {
  const words = name.replace(/'s\b/g, 's').match(/[A-Za-z0-9]+/g) ?? [];
  const style = c.random.next();
  let base =
    style < 0.7
      ? words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')
      : style < 0.85
        ? words.join('').toLowerCase()
        : style < 0.95
          ? words.join('_').toLowerCase()
          : `${words.join('').slice(0, 16)}Official`;
  base = base.slice(0, 24).replace(/[_.-]+$/, '');
  if (base.length < 3) base = `${base}Channel`;
  let handle = base;
  while (c.handles.has(handle)) {
    handle = `${base}${c.random.int(1, c.random.chance(0.8) ? 99 : 9999)}`;
  }
  c.handles.add(handle);
  return `@${handle}`;
}

function sponsorships(c: CreatorContext, niches: string[], subscribers: number): Sponsorship[] {
  const { random } = c;
  const magnitude = Math.log10(Math.max(subscribers, 10));
  // Small channels rarely get deals; big ones almost always have some, and more of them.
  if (random.chance(clamp(0.74 - 0.08 * magnitude, 0.12, 0.8))) return [];
  const wanted = Math.min(8, 1 + Math.floor(random.next() * (0.5 + magnitude / 1.4)));
  const picked = new Map<number, Sponsorship>();
  const reference = c.referenceDate.getTime();
  for (let attempt = 0; picked.size < wanted && attempt < wanted * 4; attempt++) {
    const niche = random.chance(0.7) ? niches[0] : random.pick(niches);
    // Mostly brands of the creator's niches; a few (VPNs, apps) sponsor anyone.
    const pool = (niche && random.chance(0.9) && c.sponsors.byNiche.get(niche)) || c.sponsors.anyNiche;
    const sponsor = pool.pick(random);
    if (picked.has(sponsor.id)) continue;
    const count = Math.min(20, Math.max(1, Math.round(random.logNormal(1.5, 0.9))));
    const last = reference - random.int(0, SPONSORSHIP_WINDOW_DAYS - 1) * DAY;
    const spread = count > 1 ? random.int(count * 7, count * 90) * DAY : 0;
    const first = Math.max(last - spread, reference - SPONSORSHIP_WINDOW_DAYS * DAY);
    picked.set(sponsor.id, { sponsorId: sponsor.id, count, firstDate: isoDate(first), lastDate: isoDate(last) });
  }
  return [...picked.values()];
}

const INTROS: ((a: string, b: string, c: string, first: string) => string)[] = [
  (a, b, c) => `Weekly videos about ${a}, ${b} and ${c}.`,
  (a, b) => `I make videos on ${a} and ${b}.`,
  (a, b, c) => `Everything ${a}: ${b}, ${c} and more.`,
  (a, b) => `Honest takes on ${a}, plus ${b} tips.`,
  (a, b, c) => `${a.charAt(0).toUpperCase()}${a.slice(1)}, ${b} and ${c} for beginners and pros alike.`,
  (a, b, _, first) => `Hi, I'm ${first}! This channel is all about ${a} and ${b}.`,
  (a, b, c) => `Your home for ${a}, ${b} and ${c}.`,
  (a, b) => `Practical, no-nonsense videos on ${a} and ${b}.`,
];
const SHORT_INTROS: ((a: string, b: string) => string)[] = [
  (a, b) => `Daily shorts about ${a} and ${b}.`,
  (a, b) => `Quick ${a} tips and ${b} in under a minute.`,
];
const SECONDARY: ((term: string) => string)[] = [
  (t) => `Sometimes ${t} too.`,
  (t) => `Plus the occasional ${t} video.`,
  (t) => `Also into ${t}.`,
];
const EXTRAS = [
  'New uploads every week.',
  'New videos every Tuesday and Friday.',
  'Subscribe for more.',
  'Business inquiries via the link below.',
  'Thanks for watching!',
];

function description(
  c: CreatorContext,
  niches: string[],
  first: string,
  short: boolean,
  sponsored: SponsorRecord[],
): string | null {
  const { random } = c;
  if (random.chance(0.03)) return null;
  const [a = '', b = '', d = ''] = random.sample(vocabularyOf(niches[0] ?? 'gaming').terms, 3);
  const sentences = [
    short && random.chance(0.5) ? random.pick(SHORT_INTROS)(a, b) : random.pick(INTROS)(a, b, d, first),
  ];
  const secondary = niches[1];
  if (secondary && random.chance(0.6)) {
    sentences.push(random.pick(SECONDARY)(random.pick(vocabularyOf(secondary).terms)));
  }
  const [brand, other] = sponsored;
  if (brand && random.chance(0.35)) {
    sentences.push(
      other && random.chance(0.3)
        ? `Partners: ${brand.name} and ${other.name}.`
        : random.pick([`Sponsored by ${brand.name}.`, `Thanks to ${brand.name} for supporting the channel.`]),
    );
  } else if (random.chance(0.02)) {
    // A brand the creator likes without a deal: mentioned, not sponsored.
    const liked = random.pick(c.sponsors.byPopularity.slice(0, 20));
    sentences.push(`Not sponsored, I just like ${liked.name}.`);
  }
  if (sentences.length < 3 && random.chance(0.25)) sentences.push(random.pick(EXTRAS));
  return sentences.join(' ');
}

/** A creator and the evidence rows its sponsorships are rolled up from. */
export interface GeneratedCreator {
  record: CreatorRecord;
  evidence: SponsorshipEvidence[];
}

export function generateCreator(c: CreatorContext, id: number): GeneratedCreator {
  const { random } = c;
  const primary = primaryNiches.pick(random);
  const related = vocabularyOf(primary).related;
  const secondaryCount = random.pick([0, 0, 0, 1, 1, 1, 2, 2, 3]);
  const secondary = new Set<string>();
  while (secondary.size < secondaryCount) {
    const niche = random.chance(0.8) && related.length ? random.pick(related) : random.pick(nicheValues);
    if (niche !== primary) secondary.add(niche);
  }
  const niches = [primary, ...secondary];

  const subscribers = Math.round(clamp(random.logNormal(8000, 2), 120, 90_000_000));
  const magnitude = Math.log10(subscribers);
  const short = random.chance(0.3);
  const videoCount = Math.round(clamp(random.logNormal(short ? 400 : 150, 0.8) * (0.6 + magnitude / 10), 10, 5000));
  const avgViews = Math.round(subscribers * clamp(random.logNormal(0.08, short ? 0.9 : 0.55), 0.01, 1.5));
  const totalViews = Math.round(avgViews * videoCount * random.uniform(0.85, 1.15));
  const engagementRate = random.chance(0.05)
    ? null
    : Math.round(clamp(6 - 0.4 * magnitude + random.normal(), 0.2, 25) * 100) / 100;
  const verified = random.chance(1 / (1 + Math.exp(-4 * (magnitude - 5.4))));

  const country = random.chance(0.04) ? null : countryWeights.pick(random);
  const language = country ? (languagesOf.get(country)?.pick(random) ?? null) : random.chance(0.5) ? 'en' : null;
  const first = c.faker.person.firstName();
  const name = channelName(c, primary, first, c.faker.person.lastName());
  const handle = random.chance(0.1) ? null : uniqueHandle(c, name);
  const slug = handle ? handle.slice(1) : `creator-${id}`;

  const links: CreatorRecord['links'] = {};
  if (random.chance(0.4)) links.instagram = `https://instagram.com/${slug}`;
  if (random.chance(0.3)) links.twitter = `https://twitter.com/${slug}`;
  if (random.chance(short ? 0.6 : 0.2)) links.tiktok = `https://www.tiktok.com/@${slug}`;
  if (random.chance(0.15 + magnitude / 40)) links.website = `https://${slug.toLowerCase().replace(/[._]/g, '-')}.com`;

  const deals = sponsorships(c, niches, subscribers);
  const sponsored = deals.map((s) => c.sponsorById.get(s.sponsorId)).filter((s): s is SponsorRecord => !!s);
  const hasAudience = random.chance(subscribers >= 1000 ? 0.95 : 0.35);
  const evidence = generateEvidence(
    { seed: c.seed, sponsorById: c.sponsorById, anyNiche: c.sponsors.anyNiche },
    { id, slug, language, terms: vocabularyOf(primary).shortTerms },
    deals,
  );
  const record: CreatorRecord = {
    id,
    channelId: channelId(random, id),
    handle,
    name,
    description: description(c, niches, first, short, sponsored),
    country,
    language,
    verified,
    primaryNiche: primary,
    secondaryNiches: [...secondary],
    subscribers,
    avgViews,
    totalViews,
    videoCount,
    engagementRate,
    videoFormat: short ? 'short' : 'long',
    links,
    sponsorships: rollUp(evidence),
    audience: hasAudience
      ? generateAudience(random, {
          subscribers,
          country,
          language,
          vocabularies: niches.map(vocabularyOf),
          countries: countryWeights,
          referenceDate: c.referenceDate,
        })
      : null,
    audienceNote: hasAudience
      ? null
      : subscribers < 1000
        ? 'Channel too small for a reliable estimate'
        : 'Estimate not computed yet: channel added recently',
  };
  return { record, evidence };
}
