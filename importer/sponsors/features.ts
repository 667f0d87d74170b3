// What the learned scorer (scorer.ts) reads about each brand a video's rules proposed: one row of numbers per
// (video, candidate), gathered over every line that proposed it, taken or turned down by the rules. The names are
// the model file's too, so a feature is never read by position alone.
import { identifyLanguage } from '../enrich/language.ts';
import { foldName } from '../model.ts';
import { paragraphAround } from './candidates.ts';
import { contextTokens, creatorWords, wordsOf } from './context.ts';
import { type ChannelIdentity, detectSponsors, type Finding, type Proposal, type VideoText } from './detect.ts';
import { classOf } from './hosts.ts';
import { linesOf } from './lines.ts';
import { domainName } from './links.ts';
import { channelHashes, type MinedBrands } from './mined.ts';
import {
  CHAPTER,
  CREDIT,
  DEAL,
  DISCLOSES,
  OWN,
  PARTNERS_HEADING,
  PARTNERS_INTRO,
  REFERRAL,
  SPONSOR_INVITATION,
  SPONSOR_WORD,
  TRACKING,
  TRIAL,
} from './patterns.ts';
import type { Registry } from './registry.ts';

const HOST_CLASSES = [
  'shortener',
  'tracking',
  'site-builder',
  'music-stock',
  'social',
  'funding',
  'merch',
  'store',
] as const;
const LANGUAGES = ['en', 'fr', 'es', 'pt', 'de'];

/** A line's own signals, each 0 or 1. */
const LINE_SIGNALS: Record<string, (line: string) => boolean> = {
  percent: (l) => /\d\s?%/.test(l),
  money: (l) => /[$€£]\s?\d|\d\s?(?:[$€£]|euros?|dollars?|reais|pesos)/iu.test(l),
  code: (l) => /\b(?:code|coupon|c[óo]digo|cupom|gutschein|promo)/iu.test(l),
  trial: (l) => TRIAL.test(l),
  deal: (l) => DEAL.test(l),
  disclosure: (l) => DISCLOSES.test(l),
  sponsorWord: (l) => SPONSOR_WORD.test(l),
  credit: (l) => CREDIT.test(l),
  music: (l) => /\b(?:music|musique|m[úu]sica|musik|song|beat|track|instrumental|prod\.?|remix)\b/iu.test(l),
  label: (l) =>
    /℗|©|\(c\)\s*\d{4}|\brecords\b|\blabel\b|provided to youtube|distributed by|under (?:exclusive )?licen[cs]e/iu.test(
      l,
    ),
  own: (l) => OWN.test(l),
  myOur: (l) => /(?<![\p{L}])(?:my|our|mon|ma|mes|notre|nos|mi|mis|meu|minha|meus|mein|meine|unser|unsere)\s/iu.test(l),
  tracking: (l) => TRACKING.test(l),
  referral: (l) => REFERRAL.test(l),
  chapter: (l) => CHAPTER.test(l),
  invitation: (l) => SPONSOR_INVITATION.test(l),
  link: (l) => /https?:\/\/|www\./i.test(l),
};

/** Signals read on the lines around a candidate's too: a sponsor block names its brands one per line. */
const NEAR_SIGNALS = ['deal', 'disclosure', 'sponsorWord', 'own', 'music', 'label', 'code'];

export const FEATURES = [
  'accepted',
  'proposals',
  'lines',
  'inTitle',
  'firstLine',
  'relativePosition',
  'ruleDisclosure',
  'ruleDeal',
  'rulePartners',
  'ruleVanityLink',
  'mentionOnly',
  'knownBrand',
  'notSponsor',
  'rejectedOwn',
  'rejectedCommonWord',
  'fromName',
  'fromLinkOnly',
  'nameIsDomain',
  ...HOST_CLASSES.map((c) => `host:${c}`),
  ...Object.keys(LINE_SIGNALS).map((s) => `line:${s}`),
  ...Object.keys(LINE_SIGNALS)
    .filter((s) => NEAR_SIGNALS.includes(s))
    .map((s) => `near:${s}`),
  'underHeading',
  'blockLinks',
  'linkCarriesSelf',
  'linkHasPath',
  'lineNamesSelf',
  'selfOverlap',
  'selfWords',
  'minedChannels',
  'seedBrand',
  'words',
  'length',
  'capitals',
  'digits',
  'mentions',
  'videoCandidates',
  'videoLines',
  ...LANGUAGES.map((l) => `language:${l}`),
] as const;

export type FeatureName = (typeof FEATURES)[number];

/** One brand a video's rules proposed, with its features and, when the rules took it, their finding. */
export interface Scored {
  /** The registry's name or the name as written (the rules' finding's when a rule took it). */
  name: string;
  /** Folded, through the registry: one row per brand per video. */
  key: string;
  finding: Finding | null;
  /** What a finding of it says: the rules' when they took it, else the first line that proposed it. */
  as: Finding;
  values: Record<FeatureName, number>;
  /** The words around it, for the text model (context.ts). */
  tokens: string[];
}

/**
 * Every brand the rules proposed for a video, and every mined brand a line names, with its features. Mining itself
 * reads candidates without mined brands.
 */
export function candidatesOf(
  video: VideoText & { channelId?: string | null },
  channel: ChannelIdentity,
  registry: Registry,
  mined?: MinedBrands,
): Scored[] {
  const proposals: Proposal[] = [];
  detectSponsors(video, channel, registry, { propose: (p) => proposals.push(p), alsoNamed: mined?.registry });
  const channelKeys = channelHashes(video.channelId ?? null, channel.title);
  const groups = new Map<string, { name: string; proposals: Proposal[] }>();
  for (const proposal of proposals) {
    const name = 'rejected' in proposal.outcome ? proposal.outcome.name : proposal.outcome.name;
    if (!name) continue;
    const key = keyOf(name, registry);
    if (key.length < 2) continue;
    const group = groups.get(key) ?? { name, proposals: [] };
    group.proposals.push(proposal);
    groups.set(key, group);
  }
  const lines = [video.title, ...linesOf(video.description)].map((l) => l.trim());
  // A line's signals are read once, however many candidates it or its neighbours propose.
  const read = new Map<string, Set<string>>();
  const signals = (line: string) => {
    let found = read.get(line);
    if (!found) {
      found = new Set(Object.keys(LINE_SIGNALS).filter((signal) => LINE_SIGNALS[signal]?.(line)));
      read.set(line, found);
    }
    return found;
  };
  const lineCount = lines.length;
  const language = identifyLanguage(`${video.title}\n${video.description}`) ?? '';
  const descriptionFolded = foldName(video.description);
  const self = [channel.title ?? '', channel.handle ?? ''].map(foldName).filter((s) => s.length >= 3);
  const creator = creatorWords(channel.title, channel.handle);
  return [...groups].map(([key, group]) => {
    const taken = (p: Proposal) => !('rejected' in p.outcome);
    const accepted = group.proposals.find((p) => p.rule !== 'mention' && taken(p));
    const finding = accepted ? (accepted.outcome as Finding) : null;
    const name = finding?.name ?? group.name;
    const any = (test: (p: Proposal) => boolean) => (group.proposals.some(test) ? 1 : 0);
    const reason = (p: Proposal) => ('rejected' in p.outcome ? p.outcome.rejected : '');
    const hosts = group.proposals.flatMap((p) => (p.candidate.link ? [p.candidate.link.host] : []));
    const classes = new Set<string | undefined>(hosts.map((h) => classOf(h)?.of.class));
    const near = group.proposals.flatMap((p) => paragraphAround(lines, p.index));
    const nearAny = (signal: string) => (near.some((line) => signals(line).has(signal)) ? 1 : 0);
    const paths = group.proposals.flatMap((p) => (p.candidate.link ? [foldName(p.candidate.link.path)] : []));
    const firstLine = Math.min(...group.proposals.map((p) => p.index));
    const values = {
      accepted: finding ? 1 : 0,
      proposals: group.proposals.length,
      lines: new Set(group.proposals.map((p) => p.index)).size,
      inTitle: any((p) => p.index === 0),
      firstLine,
      relativePosition: firstLine / lineCount,
      ruleDisclosure: any((p) => p.rule === 'disclosure'),
      ruleDeal: any((p) => p.rule === 'deal'),
      rulePartners: any((p) => p.rule === 'partners'),
      ruleVanityLink: any((p) => p.rule === 'vanity-link'),
      mentionOnly: group.proposals.every((p) => p.rule === 'mention') ? 1 : 0,
      knownBrand: finding?.brand || registryBrand(name, registry) ? 1 : 0,
      notSponsor: any((p) => reason(p).endsWith('(brand registry)')),
      rejectedOwn: any((p) => reason(p).includes("creator's own")),
      rejectedCommonWord: any((p) => reason(p).includes('common word')),
      fromName: any((p) => p.candidate.name !== null),
      fromLinkOnly: any((p) => p.candidate.name === null),
      nameIsDomain: hosts.some((h) => {
        const site = foldName(domainName(h));
        return site.length >= 3 && (site.startsWith(key) || key.startsWith(site));
      })
        ? 1
        : 0,
      ...Object.fromEntries(HOST_CLASSES.map((c) => [`host:${c}`, classes.has(c) ? 1 : 0])),
      ...Object.fromEntries(
        Object.keys(LINE_SIGNALS).map((signal) => [`line:${signal}`, any((p) => signals(p.line).has(signal))]),
      ),
      ...Object.fromEntries(NEAR_SIGNALS.map((signal) => [`near:${signal}`, nearAny(signal)])),
      underHeading: any((p) => headingAbove(lines, p.index)),
      blockLinks: Math.max(
        ...group.proposals.map(
          (p) => paragraphAround(lines, p.index).filter((l) => /https?:\/\/|www\./i.test(l)).length,
        ),
      ),
      linkCarriesSelf: paths.some((path) => self.some((s) => s.length >= 4 && path.includes(s))) ? 1 : 0,
      linkHasPath: paths.some((path) => path.length > 0) ? 1 : 0,
      lineNamesSelf: any((p) => self.some((s) => s.length >= 4 && foldName(p.line).includes(s))),
      selfOverlap: self.some((s) => s.includes(key) || key.includes(s)) ? 1 : 0,
      selfWords: wordsOf(name).filter((w) => creator.has(w)).length,
      ...minedFeatures(mined?.channelsFor(name, hosts[0] ?? null, channelKeys)),
      words: name.trim().split(/\s+/).length,
      length: key.length,
      capitals: /^[\p{Lu}\d\W]+$/u.test(name) ? 1 : 0,
      digits: /\d/.test(name) ? 1 : 0,
      mentions: occurrences(descriptionFolded, key),
      videoCandidates: groups.size,
      videoLines: lineCount,
      ...Object.fromEntries(LANGUAGES.map((l) => [`language:${l}`, language === l ? 1 : 0])),
    } as Record<FeatureName, number>;
    const first = group.proposals[0] as Proposal;
    const brand = registryBrand(name, registry) ?? null;
    const as = finding ??
      (group.proposals.find(taken)?.outcome as Finding | undefined) ?? {
        name,
        brand,
        domain: brand?.domains[0] ?? first.candidate.link?.host ?? null,
        text: first.line.length > 200 ? `${first.line.slice(0, 197)}…` : first.line,
        rule: first.rule,
      };
    return {
      name,
      key,
      finding,
      as,
      values,
      tokens: contextTokens(
        name,
        group.proposals.map((p) => p.index),
        lines,
        creator,
      ),
    };
  });
}

/** Whether a partners heading or introduction stands above the line in its paragraph ("Sponsors:", "Nos partenaires"). */
function headingAbove(lines: string[], index: number): boolean {
  for (let i = index - 1; i >= 1 && lines[i] !== ''; i -= 1)
    if (PARTNERS_HEADING.test(lines[i] as string) || PARTNERS_INTRO.test(lines[i] as string)) return true;
  return false;
}

const minedFeatures = (found?: { channels: number; seed: boolean }) => ({
  minedChannels: found?.channels ?? 0,
  seedBrand: found?.seed ? 1 : 0,
});

/** A brand's key: its registry name when the registry knows it, folded. */
export function keyOf(name: string, registry: Registry): string {
  return foldName(registryBrand(name, registry)?.name ?? name);
}

function registryBrand(name: string, registry: Registry) {
  const found = registry.byNameOf(name);
  return found && 'brand' in found ? found.brand : undefined;
}

function occurrences(text: string, key: string): number {
  if (key.length < 3) return 0;
  let count = 0;
  for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + key.length)) count += 1;
  return count;
}
