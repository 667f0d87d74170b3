// Which third-party brands sponsored a video, each with the text that says so. A description is read line by line:
// a disclosure names its brand ("sponsored by X", "en partenariat avec X"), a deal line names the brand it is for
// on the line or in its paragraph ("X - use code Y", "-10% sur X", a link above it), a partners block lists them,
// and a vanity link carries the creator's name on a known brand's site. The creator's own things, fan funding,
// social links and platforms never count (importer/rules/brands.json lists the platforms).
import { foldName } from '../model.ts';
import {
  type Candidate,
  type Context,
  dealCandidates,
  itemCandidate,
  knownName,
  leadingCandidate,
} from './candidates.ts';
import { domainName, isShortener, type Link, linksIn } from './links.ts';
import {
  CREDIT,
  DEAL,
  DENIED,
  DISCLOSURE,
  DISCLOSURE_AFTER,
  MAY_DEAL,
  MAY_DISCLOSE,
  MAY_DISCLOSE_AFTER,
  OWN,
  PARTNERS_HEADING,
  REFERRAL,
  SPONSOR_WORD,
} from './patterns.ts';
import type { Brand, Registry } from './registry.ts';

export interface VideoText {
  title: string;
  description: string;
  tags: string[];
}

export interface ChannelIdentity {
  title: string | null;
  handle: string | null;
}

export type Rule = 'disclosure' | 'deal' | 'partners' | 'vanity-link';

export interface Finding {
  /** The registry's canonical name, or the name as the text writes it. */
  name: string;
  brand: Brand | null;
  domain: string | null;
  /** The line that shows the deal. */
  text: string;
  /** Which rule found it, for `npm run import -- explain`. */
  rule: Rule;
}

/** One decision of the detector, for `explain`: a line's candidate and what became of it. */
export interface Decision {
  line: string;
  rule: Rule;
  candidate: string;
  outcome: string;
}

export function detectSponsors(
  video: VideoText,
  channel: ChannelIdentity,
  registry: Registry,
  trace?: (decision: Decision) => void,
): Finding[] {
  const self = ownNames(channel);
  const lines = [video.title, ...video.description.split('\n')].map((l) => l.trim());
  const domains = new Set(linksIn(video.description).map((l) => foldName(domainName(l.host))));
  const context: Context = { registry, self, domains };
  const findings = new Map<string, Finding>();
  /** Whether the candidate is a sponsor (found now or before). */
  const add = (candidate: Candidate | undefined, line: string, rule: Rule): boolean => {
    if (!candidate) return false;
    const found = resolve(candidate, line, rule, context);
    const described = candidate.name ?? candidate.link?.url ?? '';
    if ('rejected' in found) {
      trace?.({ line, rule, candidate: described, outcome: `not a sponsor: ${found.rejected}` });
      return false;
    }
    const key = foldName(found.name);
    trace?.({
      line,
      rule,
      candidate: described,
      outcome: findings.has(key) ? `${found.name} (again)` : `sponsor: ${found.name}`,
    });
    if (!findings.has(key)) findings.set(key, found);
    return true;
  };

  let partners: 'items' | 'thanks' | null = null;
  for (const [index, line] of lines.entries()) {
    if (line === '') continue;
    if (index > 0 && PARTNERS_HEADING.test(line)) {
      partners = /merci|thanks/i.test(line) ? 'thanks' : 'items';
      continue;
    }
    const mayDisclose = MAY_DISCLOSE.test(line);
    const mayDeal = MAY_DEAL.test(line);
    const hasLink = line.includes('.');
    if (!mayDisclose && !mayDeal && !hasLink && !partners) continue;
    if (CREDIT.test(line)) continue;
    // A line that names the creator ("un bilan gratuit avec Jean-Michel Cohen") promotes the creator's own offer.
    const links = hasLink ? linksIn(line) : [];
    const own = OWN.test(line) || namesSelf(withoutLinks(line, links), context.self);
    // Words inside a link (`utm_medium=referral`) are not an offer; a referral parameter is.
    const deal = (mayDeal && DEAL.test(withoutLinks(line, links))) || links.some((l) => REFERRAL.test(l.url));

    let disclosed = false;
    for (const match of mayDisclose ? line.matchAll(DISCLOSURE) : []) {
      if (DENIED.test(line.slice(0, match.index))) continue;
      const rest = line.slice((match.index ?? 0) + match[0].length);
      disclosed = add(leadingCandidate(rest, links, registry), line, 'disclosure') || disclosed;
    }
    for (const match of MAY_DISCLOSE_AFTER.test(line) ? line.matchAll(DISCLOSURE_AFTER) : [])
      add({ name: match[1] ?? null, link: null }, line, 'disclosure');

    const item = partners && !own ? itemCandidate(line, links, partners === 'thanks', context) : undefined;
    if (partners && !item && !deal) partners = null;
    if (!disclosed && SPONSOR_WORD.test(line) && !/sponsor (?:this|cette|la) cha/i.test(line))
      for (const link of links) if (!isShortener(link.host)) add({ name: null, link }, line, 'disclosure');
    if (deal && !own) {
      const candidates = dealCandidates(line, links, lines, index, context);
      if (candidates.length === 0)
        trace?.({
          line,
          rule: 'deal',
          candidate: '',
          outcome: 'an offer, but no brand named on the line or in its paragraph',
        });
      for (const candidate of candidates) add(candidate, line, 'deal');
    } else if (item) {
      add(item, line, 'partners');
    }
    if (!own) for (const link of links) if (isVanityLink(link, context)) add({ name: null, link }, line, 'vanity-link');
  }
  return [...findings.values()];
}

const withoutLinks = (line: string, links: Link[]) => links.reduce((text, l) => text.replace(l.url, ' '), line);
/** A link to a known brand's site whose path carries the creator's name: `brilliant.org/numberphile`. */
function isVanityLink(link: Link, context: Context): boolean {
  const known = context.registry.byHost(link.host);
  return Boolean(known && 'brand' in known && link.path !== '' && carriesOwnName(link, context.self));
}

/** The link's path names the creator (`nitra.do/MrRatSuper` for MrRatSuper Life, `bit.do/Aliotop_October`). */
function carriesOwnName(link: Link, self: Set<string>): boolean {
  return link.path
    .split(/[/?#&=_-]/)
    .map(foldName)
    .some((segment) => segment.length >= 5 && [...self].some((own) => own.includes(segment) || segment.includes(own)));
}

/**
 * The line (its links taken out) holds the creator's name as words (at least five letters, so short names never
 * match by chance), not as the code a deal gives ("le code GIRLYALEX83" is the creator's code for a brand).
 */
function namesSelf(line: string, self: Set<string>): boolean {
  const prose = line.replace(/\b(?:code|coupon|promo)\s*[:：]?\s*["“«']?\s*\S+/giu, ' ');
  const words = prose
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !/\d/.test(w))
    .map(foldName);
  for (let start = 0; start < words.length; start += 1) {
    let joined = '';
    for (let end = start; end < Math.min(words.length, start + 4); end += 1) {
      joined += words[end];
      if (joined.length >= 5 && self.has(joined)) return true;
    }
  }
  return false;
}

function ownNames(channel: ChannelIdentity): Set<string> {
  const names = new Set([channel.title, channel.handle].map((n) => (n ? foldName(n) : '')));
  names.delete('');
  return names;
}

/** The creator's own name, or a name that starts with it (`WWE Network` on WWE's channel). */
const isOwn = (folded: string, self: Set<string>) =>
  [...self].some(
    (own) =>
      (own.length >= 3 && folded.startsWith(own)) ||
      (own.length >= 4 && folded.includes(own)) ||
      (folded.length >= 5 && own.includes(folded)),
  );

/** A candidate to a finding: the registry decides when it knows the name or the domain; the creator's own never count. */
function resolve(candidate: Candidate, line: string, rule: Rule, context: Context): Finding | { rejected: string } {
  const { registry, self } = context;
  const text = line.length > 200 ? `${line.slice(0, 197)}…` : line;
  const link = candidate.link && !isShortener(candidate.link.host) ? candidate.link : null;
  for (const found of [
    candidate.name ? knownName(candidate.name, registry) : undefined,
    link ? registry.byHost(link.host) : undefined,
  ]) {
    if (found && 'notSponsor' in found)
      return { rejected: `${found.notSponsor.name}, ${found.notSponsor.why} (brand registry)` };
    if (found && 'brand' in found)
      return isOwn(foldName(found.brand.name), self)
        ? { rejected: `${found.brand.name} is the creator's own` }
        : { name: found.brand.name, brand: found.brand, domain: found.brand.domains[0] ?? null, text, rule };
  }
  const domain = link?.host ?? null;
  const name = candidate.name ?? (domain ? writtenName(domainName(domain), line) : null);
  if (!name) return { rejected: 'no brand name on the line' };
  const folded = foldName(name);
  if (folded.length < 2) return { rejected: 'no brand name on the line' };
  if (isOwn(folded, self) || (domain && isOwn(foldName(domainName(domain)), self)))
    return { rejected: `${name} is the creator's own` };
  return { name, brand: null, domain, text, rule };
}

/** A domain's name as the line writes it (`kiwico` → `KiwiCo` when the line says so), else capitalised. */
function writtenName(label: string, line: string): string {
  const folded = foldName(label);
  for (const word of line.split(/[^\p{L}0-9&'’.-]+/u)) if (foldName(word) === folded && !/[./]/.test(word)) return word;
  return label.charAt(0).toUpperCase() + label.slice(1);
}
