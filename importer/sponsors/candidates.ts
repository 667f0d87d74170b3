// Where a line names the brand it is about: before its separator (`Morphe - use code…`), before its link, after
// "sur/at/chez", in the registry's names, in its links, or, for an offer that names none, in its paragraph.
import { foldName } from '../model.ts';
import { type Link, linksIn, namesNoBrand } from './links.ts';
import {
  AFTER_CODE_WORD,
  AFTER_PREPOSITION,
  CHAPTER,
  CREDIT,
  DEAL,
  HEADING_WORDS,
  LEAD_IN,
  LEAD_SEPARATOR,
  NAME_BEFORE_LINK,
  NAME_WORD,
  NOT_A_NAME,
  NOT_A_NAME_ALONE,
  OFFER_ON,
  OWN,
  PROMOTED,
  REFERRAL_FOR,
  TRACKING,
  TRAILING_FUNCTION_WORDS,
} from './patterns.ts';
import type { Brand, Registry } from './registry.ts';

export interface Candidate {
  name: string | null;
  link: Link | null;
}

export interface Context {
  registry: Registry;
  /** The creator's own names, folded. */
  self: Set<string>;
  /** The folded names of every domain the description links to. */
  domains: Set<string>;
}

/** A line that opens with a link, or with "Lien … :" and a link. */
const LINK_LED = /^[^\p{L}0-9]*(?:(?:lien|link)\b[^:]*:\s*)?(?:https?:\/\/|www\.)/iu;

/** The lines of a line's paragraph, nearest first: up to three above (never the title), then three below. */
export function paragraphAround(lines: string[], index: number): string[] {
  const near: string[] = [];
  for (let i = index - 1; i >= Math.max(1, index - 3) && lines[i] !== ''; i -= 1) near.push(lines[i] as string);
  for (let i = index + 1; i <= index + 3 && i < lines.length && lines[i] !== ''; i += 1) near.push(lines[i] as string);
  return near;
}

/** The brand of a deal line: on the line itself, else the nearest one its paragraph names or links to. */
export function dealCandidates(
  line: string,
  links: Link[],
  lines: string[],
  index: number,
  context: Context,
): Candidate[] {
  const onLine = lineCandidates(line, links, context);
  if (onLine.length > 0) return onLine;
  // Sites listed one per line right under the offer ("http://www.psparadise.fr/ (playstation)"): each is a brand.
  const listed: Link[] = [];
  for (let i = index + 1; i < lines.length && LINK_LED.test(lines[i] as string); i += 1)
    listed.push(...linksIn(lines[i] as string).filter((l) => !namesNoBrand(l.host)));
  if (listed.length > 1) return listed.map((link) => ({ name: null, link }));
  for (const near of paragraphAround(lines, index)) {
    if (OWN.test(near) || DEAL.test(near) || CREDIT.test(near) || CHAPTER.test(near)) continue;
    const known = context.registry.namesIn(
      `${near} ${linksIn(near)
        .map((l) => l.path.replace(/[-_/]/g, ' '))
        .join(' ')}`,
    );
    if (known.length > 0) return known.map((brand) => ({ name: brand.name, link: null }));
    const nearLinks = linksIn(near).filter((l) => !namesNoBrand(l.host));
    const trailing = /[:：►]\s*([\p{L}0-9][\p{L}0-9'’&.+-]*(?:\s+[\p{L}0-9][\p{L}0-9'’&.+-]*){0,3})\s*$/u.exec(
      near,
    )?.[1];
    if (trailing && isName(trailing) && !/^https?/i.test(trailing))
      return [{ name: trailing, link: nearLinks[0] ?? null }];
    const header = /^[^\p{L}0-9]*([\p{L}0-9][\p{L}0-9'’&.+ -]{1,30}?)\s*[:：►→]?\s*$/u.exec(near)?.[1];
    const lead = LEAD_SEPARATOR.exec(near)?.[1] ?? NAME_BEFORE_LINK.exec(near)?.[1];
    const name = [header, lead].find((n) => n !== undefined && isName(n));
    if (name || nearLinks.length > 0) return [{ name: name ?? null, link: nearLinks[0] ?? null }];
  }
  return [];
}

/** Brands a line names: registry names, a name before a separator or a link, after "sur/at/chez", or its links. */
export function lineCandidates(line: string, links: Link[], context: Context): Candidate[] {
  // The code itself is not a brand, even when it spells one (`le code TOO20 SEPHORA`).
  // A link that pays the creator names the brand that pays (the shop, not the product it links to).
  const tracked = links.filter((l) => (TRACKING.test(l.url) || paysCreator(l, context.self)) && !namesNoBrand(l.host));
  if (tracked.length > 0) return tracked.map((link) => ({ name: null, link }));
  const brandLinks = links.filter((l) => !namesNoBrand(l.host));
  // The name a line opens with is its subject ("AlloParadise : -5% sur vos codes Xbox"), before any it mentions.
  const opening = LEAD_SEPARATOR.exec(line)?.[1] ?? NAME_BEFORE_LINK.exec(line)?.[1];
  if (opening && isName(opening) && knownName(opening, context.registry))
    return [{ name: opening, link: brandLinks[0] ?? null }];
  const known = context.registry.namesIn(
    line
      .replace(
        /\b(?:code|coupon)s?\s*[:：]?\s*["“«]?\s*(?:[\p{L}]*\d[\p{L}0-9]*|\p{Lu}{3,}\b)(?:\s+\p{Lu}{2,}\b)?/gu,
        ' ',
      )
      // A brand named to describe another ("LYFT (rideshare like uber)") is not on offer.
      .replace(/\([^()]*\b(?:like|comme|such as|similar to|type)\b[^()]*\)/giu, ' '),
  );
  if (known.length > 0) return known.map((brand) => ({ name: brand.name, link: null }));
  const promoted = PROMOTED.exec(line)?.[1];
  if (promoted && isName(promoted)) return [{ name: promoted, link: brandLinks[0] ?? null }];
  const lead = LEAD_SEPARATOR.exec(line)?.[1] ?? NAME_BEFORE_LINK.exec(line)?.[1];
  if (lead && isName(lead)) return [{ name: lead, link: brandLinks[0] ?? null }];
  // A brand written in capitals before the line goes on in lower case ("FORCE ULTRA NATURE Boutique vegan : -15%").
  const capitals = /^[^\p{L}0-9]*((?:\p{Lu}[\p{Lu}0-9'’&.+-]+\s+){0,3}\p{Lu}[\p{Lu}0-9'’&.+-]+)\s+\p{Lu}?\p{Ll}/u.exec(
    line,
  )?.[1];
  if (capitals && isName(capitals)) return [{ name: capitals, link: brandLinks[0] ?? null }];
  for (const pattern of [OFFER_ON, REFERRAL_FOR]) {
    const offered = pattern.exec(line)?.[1];
    if (offered && isName(offered)) return [{ name: offered, link: brandLinks[0] ?? null }];
  }
  const code = AFTER_CODE_WORD.exec(line)?.[1];
  if (code && isName(code)) return [{ name: code, link: brandLinks[0] ?? null }];
  for (const match of line.matchAll(AFTER_PREPOSITION)) {
    const name = (match[1] as string).replace(/\s+(?:ici|here|now|maintenant|today)$/iu, '');
    // A lower-case word after "sur" is a brand only when the description links to its site ("sur votre wootbox").
    const capitalised = /^(?:\p{Lu}|\d)/u.test(name);
    if (isName(name) && (capitalised || context.domains.has(foldName(name))))
      return [{ name, link: brandLinks[0] ?? null }];
  }
  return brandLinks.map((link) => ({ name: null, link }));
}

/**
 * What a partners block lists: sponsors by name, discount codes by brand ("Ofra Cosmetics- COSMO"), items that may be
 * sponsors (deals, codes), or thanks.
 */
export type PartnersList = 'sponsors' | 'codes' | 'items' | 'thanks';

/**
 * An item of a partners block: `Brand: link`, `Brand ► link`, `- Brand` (a bare name only in a list of sponsors);
 * under a thanks heading, only with a link.
 */
export function itemCandidate(
  line: string,
  links: Link[],
  list: PartnersList,
  context: Context,
): Candidate | undefined {
  const thanks = list === 'thanks';
  const brandLinks = links.filter((l) => !namesNoBrand(l.host));
  const known = context.registry.namesIn(line);
  if (thanks && brandLinks.length === 0 && known.length === 0) return undefined;
  if (links.length === 0) {
    if (known[0]) return { name: known[0].name, link: null };
    // Under a heading that names sponsors ("Sponsored by:", "Patrocinadores"), a bare name is one.
    const bare = line.replace(/^[^\p{L}0-9]+/u, '').trim();
    if (list === 'sponsors') return isName(bare) ? { name: bare, link: null } : undefined;
    // Under a heading of discount codes, "Brand- CODE" names the brand and the code it gives.
    const coded = list === 'codes' ? /^(.+?)\s*[-–—:：]\s*\S+$/u.exec(bare)?.[1] : undefined;
    return coded && isName(coded) ? { name: coded, link: null } : undefined;
  }
  const lead = LEAD_SEPARATOR.exec(line)?.[1] ?? NAME_BEFORE_LINK.exec(line)?.[1];
  if (lead && isName(lead)) return { name: lead, link: brandLinks[0] ?? null };
  // "Canyon bikes: gmbn.eu/Canyon": the brand without what it makes, when its link confirms the name.
  const brand = lead?.replace(/^(\S+(?:\s+\p{Lu}\S*)*)(?:\s+\p{Ll}\S*)+$/u, '$1');
  const confirmed = (link: Link) => foldName(`${link.host} ${link.path}`).includes(foldName(brand ?? '').slice(0, 4));
  if (brand && brand !== lead && isName(brand) && links.some(confirmed))
    return { name: brand, link: brandLinks[0] ?? null };
  // Under a partners heading, an item that describes its brand instead of naming it ("Concession moto : link").
  if (!thanks || /^[^\p{L}0-9]*(?:https?:\/\/|www\.)/u.test(line)) return { name: null, link: brandLinks[0] ?? null };
  return undefined;
}

/** A registry brand named in the first words of a text (`The Walking Dead: No Man's Land`). */
function registryAtStart(text: string, registry: Registry): Brand | undefined {
  const opening = text.slice(0, 60);
  return registry
    .namesIn(opening)
    .find(
      (brand) =>
        foldName(opening).startsWith(foldName(brand.name)) ||
        foldName(opening.replace(LEAD_IN, '')).startsWith(foldName(brand.name)),
    );
}

/**
 * The brands a disclosure names: one, or a list ("My sponsors: Santacruz, Continental Tyres, Muc Off",
 * "Thanks to Macy's and YouTube for sponsoring"), whose items each open with a capital or a link.
 */
export function namedCandidates(rest: string, links: Link[], registry: Registry): Candidate[] {
  const first = leadingCandidate(rest, links, registry);
  const named = rest
    .replace(/^\s*[:：]\s*/, '')
    .split(/[.!?](?:\s|$)|\s(?:for|pour|por|für|who|qui|d['’]avoir|de nous|to)\s/iu)[0] as string;
  const items = named.split(/\s*,\s*|\s+(?:and|et|und|y|e)\s+/u).filter((item) => item.trim() !== '');
  if (items.length < 2 || items.length > 15 || !items.every((item) => /^\s*(?:\p{Lu}|\d|https?:|www\.)/u.test(item)))
    return first ? [first] : [];
  return items.flatMap((item) => leadingCandidate(item, links, registry) ?? []);
}

/** The brand name that opens a text (up to four words), or its link when it opens with one. */
export function leadingCandidate(text: string, links: Link[], registry: Registry): Candidate | undefined {
  const known = registryAtStart(text, registry);
  if (known) return { name: known.name, link: null };
  const stripped = text.replace(/^\s*[@#]?/, '').replace(LEAD_IN, '');
  if (/^(?:https?:\/\/|www\.)/i.test(stripped))
    return { name: null, link: links.find((l) => stripped.includes(l.url)) ?? null };
  const sentence = stripped.split(/[.!?](?:\s|$)/u)[0] as string;
  const match = new RegExp(
    String.raw`^(${NAME_WORD}(?:\s+(?!(?:for|pour|qui|who|to|à|and|et|de|d['’]\S*|avec|with|par|on|in|dans|sur|this|cette|ce|por|para|com|mit|für|whom|which|que|because|car)\b)${NAME_WORD}){0,3})`,
    'iu',
  ).exec(sentence);
  const name = match?.[1]?.replace(/[.'’:-]+$/, '');
  return name && isName(name) ? { name, link: null } : undefined;
}

export function isName(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (words.length > 4 || text.trim().length < 2) return false;
  if (words.length === 1 && NOT_A_NAME_ALONE.has(foldName(text))) return false;
  // A day ("25th Apr", "2nd May") is no name.
  if (/^\d{1,2}(?:st|nd|rd|th)$/iu.test(words[0] as string)) return false;
  // A name of several words capitalises each ("Deeper Fishfinder"); "Black holo witch" is a product, not a brand.
  if (words.length > 1 && words.some((w) => /^\p{Ll}/u.test(w) && w.length > 3)) return false;
  // A heading over a block of notes ("AFFILIATE DISCLOSURE", "BUSINESS INQUIRIES") names no one.
  if (words.some((w) => HEADING_WORDS.has(foldName(w)))) return false;
  return (
    !NOT_A_NAME.has(foldName(words[0] as string)) &&
    !TRAILING_FUNCTION_WORDS.has(foldName(words.at(-1) as string)) &&
    !DEAL.test(text) &&
    /\p{L}/u.test(text)
  );
}

/** The registry entry for a name or for its first words (`WD Blue 3D SSDs` is WD Blue, a WD alias). */
export function knownName(name: string, registry: Registry) {
  const words = name.split(/\s+/);
  for (let length = words.length; length >= 1; length -= 1) {
    const found = registry.byNameOf(words.slice(0, length).join(' '));
    if (found) return found;
  }
  return undefined;
}

export const nameWithin = (own: string, segment: string) =>
  (own.includes(segment) || segment.includes(own)) && segment.length <= own.length + 10;

/** A link whose referrer parameter carries the creator's name (`?utm_source=moroccotalksfootball`, `?ref=casey`). */
export function paysCreator(link: Link, self: Set<string>): boolean {
  const query = link.url.split(/[?#]/).slice(1).join('&');
  return query
    .split('&')
    .filter((pair) => /^(?:utm_source|ref|referral|aff|affiliate|partner|via|cref|coupon|code)=/i.test(pair))
    .map((pair) => foldName(pair.split('=')[1] ?? ''))
    .some((value) => value.length >= 5 && [...self].some((own) => nameWithin(own, value)));
}
