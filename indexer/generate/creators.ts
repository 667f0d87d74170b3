import type { Faker } from '@faker-js/faker';
import { type CreatorRecord, NICHES, type SponsorRecord, type Sponsorship } from '../records.ts';
import { generateAudience } from './audience.ts';
import { countryWeights, languagesOf } from './geography.ts';
import { clamp, type Random, Weighted } from './random.ts';
import type { GeneratedSponsors } from './sponsors.ts';
import { NAME_SUFFIXES, VOCABULARY } from './vocabulary.ts';

const DAY = 86_400_000;
const nicheValues = NICHES.map((n) => n.value);
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
const vocabularyOf = (niche: string) => {
  const vocabulary = VOCABULARY[niche];
  if (!vocabulary) throw new Error(`no vocabulary for ${niche}`);
  return vocabulary;
};
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

export interface CreatorContext {
  random: Random;
  faker: Faker;
  sponsors: GeneratedSponsors;
  sponsorById: Map<number, SponsorRecord>;
  /** Lower-cased handles given so far: handles are unique whatever their case. */
  handles: Set<string>;
  referenceDate: Date;
}

function channelId(random: Random): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let id = 'UC';
  for (let i = 0; i < 22; i++) id += alphabet.charAt(random.int(0, 63));
  return id;
}

function channelName(c: CreatorContext, niche: string, first: string, last: string): string {
  const word = c.random.pick(vocabularyOf(niche).words);
  switch (c.random.int(0, 6)) {
    case 0:
      return `${word} With ${first}`;
    case 1:
      return `${first} ${word}`;
    case 2:
      return `The ${word} ${c.random.pick(NAME_SUFFIXES)}`;
    case 3:
      return `${first} ${last}`;
    case 4:
      return `${word}${c.random.pick(NAME_SUFFIXES)}`;
    case 5:
      return `${first}'s ${word} ${c.random.pick(NAME_SUFFIXES)}`;
    default:
      return `${capitalize(c.random.pick(vocabularyOf(niche).terms).split(' ')[0] ?? word)} ${first}`;
  }
}

function uniqueHandle(c: CreatorContext, name: string): string {
  const base = name.replace(/[^A-Za-z0-9]/g, '').slice(0, 24) || 'Channel';
  let handle = base.length >= 3 ? base : `${base}TV`;
  while (c.handles.has(handle.toLowerCase())) handle = `${base}${c.random.int(1, 9999)}`;
  c.handles.add(handle.toLowerCase());
  return `@${handle}`;
}

function sponsorships(c: CreatorContext, niches: string[], subscribers: number): Sponsorship[] {
  const none = clamp(0.75 - 0.08 * Math.log10(Math.max(subscribers, 1)), 0.15, 0.8);
  if (c.random.chance(none)) return [];
  const wanted = Math.min(8, 1 + Math.floor(c.random.next() * (1 + Math.log10(Math.max(subscribers, 10)) / 1.5)));
  const picked = new Map<number, Sponsorship>();
  for (let attempt = 0; picked.size < wanted && attempt < wanted * 4; attempt++) {
    const niche = c.random.chance(0.7) ? niches[0] : c.random.pick(niches);
    const pool = (niche && c.random.chance(0.85) && c.sponsors.byNiche.get(niche)) || c.sponsors.anyNiche;
    const sponsor = pool.pick(c.random);
    if (picked.has(sponsor.id)) continue;
    const count = Math.min(20, Math.max(1, Math.round(c.random.logNormal(1.5, 0.8))));
    const last = c.referenceDate.getTime() - c.random.int(0, 1400) * DAY;
    const first = Math.max(last - (count > 1 ? c.random.int(0, 700) * DAY : 0), c.referenceDate.getTime() - 1460 * DAY);
    picked.set(sponsor.id, { sponsorId: sponsor.id, count, firstDate: isoDate(first), lastDate: isoDate(last) });
  }
  return [...picked.values()];
}

function description(c: CreatorContext, niches: string[], sponsored: SponsorRecord[]): string | null {
  if (c.random.chance(0.03)) return null;
  const terms = vocabularyOf(niches[0] ?? 'gaming').terms;
  const [a, b, d] = c.random.sample(terms, 3);
  const sentences = [
    c.random.pick([
      `Weekly videos about ${a}, ${b} and ${d}.`,
      `I make videos on ${a} and ${b}.`,
      `Everything ${a}: ${b}, ${d} and more.`,
      `Honest takes on ${a}, plus ${b} tips.`,
    ]),
  ];
  const secondary = niches[1];
  if (secondary && c.random.chance(0.6))
    sentences.push(`Sometimes ${c.random.pick(vocabularyOf(secondary).terms)} too.`);
  const brand = sponsored[0];
  if (brand && c.random.chance(0.3)) sentences.push(`Sponsored by ${brand.name}.`);
  return sentences.join(' ');
}

export function generateCreator(c: CreatorContext, id: number): CreatorRecord {
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

  const subscribers = Math.round(clamp(random.logNormal(8000, 2), 100, 80_000_000));
  const short = random.chance(0.3);
  const videoCount = Math.round(clamp(random.logNormal(short ? 400 : 150, 0.8), 10, 5000));
  const avgViews = Math.round(subscribers * clamp(random.logNormal(0.08, short ? 0.9 : 0.6), 0.005, 1.5));
  const totalViews = Math.round(avgViews * videoCount * random.uniform(0.85, 1.15));
  const engagementRate = random.chance(0.05)
    ? null
    : Math.round(clamp(6 - 0.4 * Math.log10(subscribers) + random.normal(), 0.2, 25) * 100) / 100;
  const verified = random.chance(1 / (1 + Math.exp(-3 * (Math.log10(subscribers) - 5.3))));

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
  if (random.chance(0.25)) links.website = `https://${slug.toLowerCase()}.com`;

  const deals = sponsorships(c, niches, subscribers);
  const sponsored = deals.map((s) => c.sponsorById.get(s.sponsorId)).filter((s): s is SponsorRecord => !!s);
  const hasAudience = random.chance(subscribers >= 1000 ? 0.9 : 0.3);
  return {
    id,
    channelId: channelId(random),
    handle,
    name,
    description: description(c, niches, sponsored),
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
    sponsorships: deals,
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
}
