import { DEMO_NICHES } from '../../src/contract/niches.ts';
import type { SPONSOR_KINDS, SponsorRecord } from '../records.ts';
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
  'Granite',
  'Halo',
  'Indigo',
  'Juniper',
  'Lark',
  'Meadow',
  'Nimbus',
  'Onyx',
  'Pine',
  'Quartz',
  'Rune',
  'Sable',
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
  'field',
  'works',
  'point',
  'line',
  'fox',
  'bird',
  'crest',
  'well',
];
const KIND_WORDS: Record<(typeof SPONSOR_KINDS)[number], string[]> = {
  consumer_brand: ['Co', 'Goods', 'Supply', 'Labs', 'Audio', 'Outfitters'],
  app: ['App', 'Labs', 'AI', 'Cloud', 'Studio'],
  financial: ['Bank', 'Finance', 'Invest', 'Capital', 'Pay'],
  retail: ['Store', 'Market', 'Shop', 'Outlet'],
  service: ['Learning', 'Plus', 'Club', 'Academy', 'VPN'],
  game: ['Games', 'Interactive', 'Arena', 'Legends'],
};
/** What a brand of each kind sells, in a sentence: (name, niche label, two niche terms). */
const KIND_PHRASES: Record<
  (typeof SPONSOR_KINDS)[number],
  ((n: string, label: string, a: string, b: string) => string)[]
> = {
  consumer_brand: [
    (n, label, a, b) => `${n} designs products for ${label} fans, from ${a} to ${b}.`,
    (n, label, a, b) => `${n} makes gear for ${label}: everything you need for ${a} and ${b}.`,
  ],
  app: [
    (n, _, a, b) => `${n} is an app for ${a} and ${b}.`,
    (n, label, a) => `${n} builds software for ${label} enthusiasts, starting with ${a}.`,
  ],
  financial: [
    (n, _, a, b) => `${n} offers banking, investing and credit cards for people into ${a} and ${b}.`,
    (n, label, a) => `${n} is a bank and brokerage for the ${label} crowd: ${a} made simple.`,
  ],
  retail: [
    (n, label, a, b) => `${n} is an online store for ${label}: ${a}, ${b} and more.`,
    (n, _, a, b) => `${n} sells everything for ${a} and ${b}, shipped fast.`,
  ],
  service: [
    (n, _, a, b) => `${n} is a subscription service for ${a} and ${b}.`,
    (n, label, a) => `${n} offers online courses and coaching in ${label}, from ${a} up.`,
  ],
  game: [
    (n, _, a, b) => `${n} publishes games for fans of ${a} and ${b}.`,
    (n, label) => `${n} makes free-to-play mobile and PC games loved by the ${label} community.`,
  ],
};

const pair = ([a = '', b = '']: string[]): [string, string] => [a, b];

const SOCIAL_SITES: [key: string, url: (slug: string) => string][] = [
  ['instagram', (slug) => `https://instagram.com/${slug}`],
  ['twitter', (slug) => `https://twitter.com/${slug}`],
  ['tiktok', (slug) => `https://www.tiktok.com/@${slug}`],
  ['youtube', (slug) => `https://www.youtube.com/@${slug}`],
];

function socialLinks(random: Random, slug: string): Record<string, string> {
  const links: Record<string, string> = {};
  for (const [key, url] of SOCIAL_SITES) if (random.chance(key === 'instagram' ? 0.85 : 0.5)) links[key] = url(slug);
  return links;
}

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
  const nicheValues = DEMO_NICHES.map((n) => n.value);
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
    const slug = name.toLowerCase().replace(/[^a-z0-9]/g, '');
    const domain =
      kind === 'app' && random.chance(0.3) ? `${slug}.io` : random.chance(0.1) ? `get${slug}.com` : `${slug}.com`;
    const related = vocabulary.related.filter(() => random.chance(0.5)).slice(0, 3);
    const niches = [primary, ...related];
    const label = DEMO_NICHES.find((n) => n.value === primary)?.label ?? primary;
    sponsors.push({
      id,
      name,
      kind,
      website: `https://${domain}`,
      domain,
      description: random.pick(KIND_PHRASES[kind])(
        name,
        label.toLowerCase(),
        ...pair(random.sample(vocabulary.terms, 2)),
      ),
      socialLinks: random.chance(0.25) ? null : socialLinks(random, slug),
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
