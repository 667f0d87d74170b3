import { NICHES, type SPONSOR_KINDS, type SponsorRecord } from '../records.ts';
import { type Random, Weighted } from './random.ts';
import { VOCABULARY } from './vocabulary.ts';

const STEMS = [
  'Nord',
  'Bright',
  'Key',
  'Swift',
  'Blue',
  'Iron',
  'Nova',
  'Peak',
  'True',
  'Green',
  'Silver',
  'Zen',
  'Hyper',
  'Lumen',
  'Vital',
  'Pure',
  'Urban',
  'Wild',
  'Echo',
  'Atlas',
  'Cobalt',
  'Ember',
  'Harbor',
  'Jade',
  'Kite',
  'Maple',
  'Orbit',
  'Quill',
  'River',
  'Solar',
  'Terra',
  'Vivid',
  'Zest',
  'Amber',
  'Birch',
  'Cedar',
  'Delta',
  'Fable',
];
const ENDINGS = [
  'vine',
  'bank',
  'ly',
  'forge',
  'wise',
  'nest',
  'hub',
  'loop',
  'mint',
  'craft',
  'pay',
  'fit',
  'box',
  'ware',
  'cast',
  'link',
  'gear',
  'path',
  'shift',
  'io',
  'leaf',
  'spark',
  'stone',
  'wave',
];
const KIND_WORDS: Record<(typeof SPONSOR_KINDS)[number], string[]> = {
  consumer_brand: ['Co', 'Goods', 'Supply', 'Labs', 'Audio', 'Outfitters'],
  app: ['App', 'Labs', 'AI', 'Cloud', 'Studio'],
  financial: ['Bank', 'Finance', 'Invest', 'Capital', 'Pay'],
  retail: ['Store', 'Market', 'Shop', 'Outlet'],
  service: ['Learning', 'Plus', 'Club', 'Academy', 'VPN'],
  game: ['Games', 'Interactive', 'Arena', 'Legends'],
};
const KIND_PHRASES: Record<(typeof SPONSOR_KINDS)[number], string> = {
  consumer_brand: 'makes gear and products',
  app: 'builds an app',
  financial: 'offers banking and investing',
  retail: 'sells online',
  service: 'runs a subscription service',
  game: 'publishes games',
};

export interface GeneratedSponsors {
  sponsors: SponsorRecord[];
  /** Sponsors by niche with zipf-like popularity, so a few brands work with thousands of creators. */
  byNiche: Map<string, Weighted<SponsorRecord>>;
  anyNiche: Weighted<SponsorRecord>;
  /** Most popular first. */
  byPopularity: SponsorRecord[];
}

export function generateSponsors(random: Random, count: number): GeneratedSponsors {
  const names = new Set<string>();
  const sponsors: SponsorRecord[] = [];
  const nicheValues = NICHES.map((n) => n.value);
  for (let id = 1; id <= count; id++) {
    const primary = random.pick(nicheValues);
    const vocabulary = VOCABULARY[primary];
    if (!vocabulary) throw new Error(`no vocabulary for ${primary}`);
    const kind = random.pick(vocabulary.sponsorKinds);
    let name = '';
    for (let attempt = 0; !name || names.has(name.toLowerCase()); attempt++) {
      const base = `${random.pick(STEMS)}${random.pick(ENDINGS)}`;
      name = attempt > 3 || random.chance(0.35) ? `${base} ${random.pick(KIND_WORDS[kind])}` : base;
      if (attempt > 8) name = `${name} ${id}`;
    }
    names.add(name.toLowerCase());
    const domain = `${name.toLowerCase().replace(/[^a-z0-9]/g, '')}.com`;
    const related = vocabulary.related.filter(() => random.chance(0.5)).slice(0, 3);
    const niches = [primary, ...related];
    const label = NICHES.find((n) => n.value === primary)?.label ?? primary;
    sponsors.push({
      id,
      name,
      kind,
      website: `https://${domain}`,
      domain,
      description: `${name} ${KIND_PHRASES[kind]} for people into ${label.toLowerCase()}: ${random.sample(vocabulary.terms, 2).join(' and ')}.`,
      socialLinks: random.chance(0.7)
        ? {
            instagram: `https://instagram.com/${domain.split('.')[0]}`,
            twitter: `https://twitter.com/${domain.split('.')[0]}`,
          }
        : null,
      niches,
    });
  }
  // Popularity by a random rank: weight 1/rank^1.1.
  const byPopularity = random.sample(sponsors, sponsors.length);
  const weight = new Map(byPopularity.map((s, rank) => [s.id, 1 / (rank + 1) ** 1.1]));
  const byNiche = new Map<string, Weighted<SponsorRecord>>();
  for (const niche of nicheValues) {
    const members = sponsors.filter((s) => s.niches.includes(niche));
    if (members.length)
      byNiche.set(
        niche,
        new Weighted(
          members,
          members.map((s) => weight.get(s.id) ?? 0),
        ),
      );
  }
  return {
    sponsors,
    byNiche,
    anyNiche: new Weighted(
      sponsors,
      sponsors.map((s) => weight.get(s.id) ?? 0),
    ),
    byPopularity,
  };
}
