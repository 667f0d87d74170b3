// `npm run import -- mine-brands`: brand knowledge mined across channels. Over a corpus of public video descriptions
// (importer/corpus), every name or site the rules read on a line with a deal or a disclosure is counted once per
// channel that promotes it, never on the channel's own name; names and sites seen on the same brand are merged, and
// what enough unrelated channels promote is written as a registry (importer/rules/mined-brands.json) that the
// scorer reads: how many channels promote a name is evidence that it is a business and not a word.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { getDomain } from 'tldts';
import { z } from 'zod';
import { foldName } from '../model.ts';
import { candidatesOf, type Scored } from './features.ts';
import { channelHashes, type MinedBrand, type MinedFile } from './mined.ts';
import type { Registry } from './registry.ts';

/** One video of the corpus, as importer/corpus writes it. */
const CorpusVideoSchema = z.object({
  videoId: z.string(),
  channelId: z.string().nullable(),
  channelTitle: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()).default([]),
});

interface Tally {
  names: Map<string, number>;
  domains: Map<string, number>;
  channels: Set<string>;
  /** Each channel by its id and by its folded title: a labelled video's export may give only the title. */
  seen: Set<string>;
}

/**
 * Whether a line promotes the candidate: a rule proposed it on a deal or disclosure line or under a partners heading,
 * or it is a site such a line links to; never the creator's own, a platform the registry rules out, or a common word.
 * (The capitalised names a deal line writes are left to the scorer: a sentence's first word is one too.)
 */
export function promoted(candidate: Scored): boolean {
  const v = candidate.values;
  const cue = v['line:deal'] === 1 || v['line:disclosure'] === 1;
  return (
    (v.mentionOnly === 0 || (cue && v.fromLinkOnly === 1)) &&
    v.notSponsor === 0 &&
    v.rejectedOwn === 0 &&
    v.rejectedCommonWord === 0 &&
    v.selfOverlap === 0 &&
    (cue || v.underHeading === 1)
  );
}

export interface MineInput {
  corpus: string;
  registry: Registry;
  minChannels: number;
  seed?: { title: string; aliases: string[]; domains: string[] }[];
  progress?: (videos: number) => void;
}

export async function mineBrands({
  corpus,
  registry,
  minChannels,
  seed = [],
  progress,
}: MineInput): Promise<MinedFile> {
  const tallies = new Map<string, Tally>();
  let videos = 0;
  const lines = createInterface({ input: createReadStream(corpus, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const parsed = CorpusVideoSchema.safeParse(JSON.parse(line));
    if (!parsed.success)
      throw new Error(`${corpus}:${videos + 1}: not a corpus video (${parsed.error.issues[0]?.message})`);
    const video = parsed.data;
    videos += 1;
    if (videos % 5000 === 0) progress?.(videos);
    const hashes = channelHashes(video.channelId, video.channelTitle);
    if (hashes.length === 0) continue;
    for (const candidate of candidatesOf(video, { title: video.channelTitle, handle: null }, registry)) {
      if (!promoted(candidate)) continue;
      const tally = tallies.get(candidate.key) ?? {
        names: new Map(),
        domains: new Map(),
        channels: new Set(),
        seen: new Set(),
      };
      tally.names.set(candidate.name, (tally.names.get(candidate.name) ?? 0) + 1);
      const domain = candidate.as.domain ? getDomain(candidate.as.domain) : null;
      if (domain) tally.domains.set(domain, (tally.domains.get(domain) ?? 0) + 1);
      tally.channels.add(hashes[0] as string);
      for (const hash of hashes) tally.seen.add(hash);
      tallies.set(candidate.key, tally);
    }
  }
  progress?.(videos);
  return knowledge(tallies, registry, minChannels, seed);
}

/** The tallies to brands: names that share their most common site are one brand, each name and site given once. */
function knowledge(
  tallies: Map<string, Tally>,
  registry: Registry,
  minChannels: number,
  seed: NonNullable<MineInput['seed']>,
): MinedFile {
  const bySite = new Map<string, Tally>();
  const merged: Tally[] = [];
  for (const tally of [...tallies.values()].sort((a, b) => b.channels.size - a.channels.size)) {
    const site = top(tally.domains);
    const same = site ? bySite.get(site) : undefined;
    if (same) {
      for (const [n, c] of tally.names) same.names.set(n, (same.names.get(n) ?? 0) + c);
      for (const [d, c] of tally.domains) same.domains.set(d, (same.domains.get(d) ?? 0) + c);
      for (const ch of tally.channels) same.channels.add(ch);
      for (const ch of tally.seen) same.seen.add(ch);
      continue;
    }
    if (site) bySite.set(site, tally);
    merged.push(tally);
  }
  // Each folded name and each site goes to the first brand that claims it, the most promoted first.
  const taken = new Set<string>();
  const first = (key: string) => key.length >= 2 && !taken.has(key) && Boolean(taken.add(key));
  const brands: MinedBrand[] = [];
  const claim = (names: string[], domains: string[]) => ({
    free: names.filter((name) => first(foldName(name))),
    domains: domains.filter((domain) => first(`@${domain}`)),
  });
  for (const tally of merged.sort((a, b) => b.channels.size - a.channels.size)) {
    if (tally.channels.size < minChannels) continue;
    const names = [...tally.names].sort((a, b) => b[1] - a[1]).map(([n]) => n);
    const domains = [...tally.domains]
      .filter(([, c]) => c >= 2)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([d]) => d);
    const { free, domains: freeDomains } = claim(names, domains);
    if (free.length === 0) continue;
    const known = registry.byNameOf(free[0] as string);
    brands.push({
      name: free[0] as string,
      aliases: free.slice(1),
      domains: freeDomains,
      kind: known && 'brand' in known ? known.brand.kind : null,
      channels: tally.channels.size,
      seen: [...tally.seen].sort(),
      seed: false,
    });
  }
  for (const entry of seed) {
    const { free, domains } = claim([entry.title, ...entry.aliases], entry.domains);
    if (free.length === 0) continue;
    brands.push({
      name: free[0] as string,
      aliases: free.slice(1),
      domains,
      kind: null,
      channels: 0,
      seen: [],
      seed: true,
    });
  }
  return {
    about:
      'Brands mined across channels by `npm run import -- mine-brands` (importer/sponsors/mine.ts): names and sites promoted with a deal or a disclosure by at least the minimum of distinct channels, most promoted first, then the seed brands no channel promoted. Regenerated, not edited: analysts edit importer/rules/brands.json.',
    sources: [],
    brands,
  };
}

const top = (counts: Map<string, number>) => [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];

/** simple-icons' data (CC0): each brand's title, its other names, and the site its source or guidelines are on. */
export function simpleIconsSeed(json: unknown): NonNullable<MineInput['seed']> {
  const Icons = z.array(
    z.object({
      title: z.string(),
      source: z.string().optional(),
      guidelines: z.string().optional(),
      aliases: z.object({ aka: z.array(z.string()).optional() }).optional(),
    }),
  );
  // Sites that host other brands' logos or guidelines name none of them.
  const hosting =
    /^(?:github|githubusercontent|gitlab|wikipedia|wikimedia|figma|dropbox|google|behance|twitter|x|facebook|instagram|linkedin|youtube|medium|notion|canva|imgur|bitbucket|npmjs|archive)\./;
  return Icons.parse(json).map((icon) => ({
    title: icon.title,
    aliases: icon.aliases?.aka ?? [],
    domains: [icon.source, icon.guidelines]
      .flatMap((url) => (url ? [getDomain(url)] : []))
      .filter((d): d is string => Boolean(d) && !hosting.test(d as string))
      .filter((d, i, all) => all.indexOf(d) === i),
  }));
}
