// Which third-party brands sponsored a video, each with the text that says so. A description is read line by line:
// a disclosure names its brand ("sponsored by X", "en partenariat avec X"), a deal line names the brand it is for
// on the line or in its paragraph ("X - use code Y", "-10% sur X", a link above it), a partners block lists them,
// and a vanity link carries the creator's name on a known brand's site. The creator's own things, fan funding,
// social links and platforms never count (importer/rules/brands.json lists the platforms).
import { foldName } from '../model.ts';
import { domainName, isShortener, type Link, linksIn } from './links.ts';
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

const NAME_WORD = String.raw`[\p{L}0-9][\p{L}0-9'’&.+-]*`;
/** Articles and nouns that may stand before a brand's name and are not part of it. */
const LEAD_IN =
  /^(?:(?:the|la|le|les|el|los|die|der|das|a|an|our friends (?:at|from)|la (?:boutique|marque|soci[ée]t[ée]|start-?up)|le site|l['’](?:application|appli|app|entreprise|enseigne))\s+|l['’])/iu;

/** Disclosures in English, French, Spanish, Portuguese and German: the brand follows the phrase. */
const DISCLOSURE = new RegExp(
  [
    String.raw`\b(?:sponsored|presented|brought to you|made possible|supported|funded|sponsoris[ée]e?s?|commandit[ée]e?s?|offerte? par|patrocinad[oa]s?|gesponsert|präsentiert|unterstützt)\s+(?:in part\s+|en partie\s+)?(?:by|par|por|pela|pelo|von)\s+(?:a (?:generous )?donation (?:by|from)\s+)?`,
    String.raw`\b(?:partenariat|partnership|partnered|parceria|colaboraci[óo]n|Zusammenarbeit|collaboration)\s+(?:avec|with|com|con|mit)\s+`,
    String.raw`\b(?:our|notre|nos|mon|my) (?:partenaires?|partners?|sponsors?)\s+(?=\p{Lu})`,
    String.raw`\bmerci (?:à|a) (?:la |notre )?(?:soci[ée]t[ée]|marque|boutique|entreprise)\s+`,
    String.raw`\b(?:thanks?(?: a lot| so much)?(?: you)?|big thanks|merci(?: beaucoup| encore| infiniment)?|gracias|obrigad[oa]|danke)\s+(?:to\s+|à\s+|a\s+(?=\p{Lu})|an\s+)?(?=[^!\n]{2,80}?\s+(?:for (?:sponsoring|supporting|partnering)|pour (?:(?:le|ce|leur|son|cette) )?(?:sponsoring|partenariat|soutien|collaboration)|d['’]avoir (?:sponsoris|commandit|rendu|soutenu|offert|permis)|de (?:m['’]|nous )avoir (?:envoy|offert|prêt|sponsoris|invit)|por patrocinar|pelo patroc[íi]nio|für die Unterstützung|qui (?:a|ont) permis))`,
  ].join('|'),
  'giu',
);
/** Disclosures where the brand comes first: "X is sponsoring", "X nous prête". */
const DISCLOSURE_AFTER = new RegExp(
  String.raw`(${NAME_WORD}(?:\s+${NAME_WORD}){0,3})\s+(?:is sponsoring|(?:is|are) (?:the |our )?(?:sponsor|partner)s? of|est (?:le |notre )?(?:sponsor|partenaire) de|nous pr[êe]te|sponsorise (?:cette|la) vid[ée]o)`,
  'giu',
);
/** Cheap tests that a line may hold a disclosure or a deal at all: most lines of a description hold neither. */
const MAY_DISCLOSE =
  /sponsor|partena|partner|parceri|thank|merci|gracias|obrigad|danke|collab|colabora|zusammen|patroc|present|brought|possible|support|funded|command|offert|unterst|gesponsert|nous pr/i;
const MAY_DISCLOSE_AFTER = /is sponsoring|sponsor|partner|partenaire|nous pr|sponsorise/i;
const MAY_DEAL =
  /\d|code|coupon|discount|r[ée]duc|remise|rabatt|gutschein|c[óo]digo|cupom|descuento|desconto|free|gratuit|first|essai|bonus|parrain|referral|invite|cashback|black friday|cyber monday/i;

/** A disclosure that is denied: "this video is not sponsored by any brand". */
const DENIED = /\b(?:not|n['’]est pas|pas|non|aucun(?:e)?|nicht|no)\s+(?:\S+\s+){0,2}$/iu;

/** A line that offers something: a code, a discount, a free trial, a referral bonus. */
const DEAL = new RegExp(
  [
    String.raw`\d+(?:[.,]\d+)?\s?(?:%|€|\$|£|euros?|dollars?)\s*(?:off|de (?:r[ée]duc|remise)|offerts?|discount|de descuento|de desconto|rabatt|sur\b|on\b|with\b|avec\b)`,
    String.raw`\b\d+\s?(?:%|€|\$|£|euros?|dollars?|points?|mois|months?|jours?|days?)\s+(?:offerts?|gratuits?|free)\b`,
    String.raw`(?:^|\s|\()[-−–]\d+\s?%`,
    String.raw`\b(?:gagne[zr]?|win|earn|get|recevez|re[çc]ois)\s+(?:\S+\s+)?\d+\s?(?:€|\$|£|euros?|dollars?)`,
    String.raw`\b(?:download|t[ée]l[ée]charge[zr]?|installe[zr]?)\b.{0,40}\b(?:for free|free|gratuite?(?:ment)?)\b`,
    String.raw`\boffres? (?:black friday|cyber monday)|\b(?:black friday|cyber monday) (?:deals?|offers?|sale)\b`,
    String.raw`\d+\s?%.{0,30}\b(?:code|coupon)\b|\b(?:code|coupon)\b.{0,30}\d+\s?%`,
    String.raw`\d+\s?(?:€|\$|£|euros?|dollars?)\s+(?:de\s+)?(?:cr[ée]dit|r[ée]duction|remise|bonus|cashback)`,
    String.raw`\bgratuite?s?\s+(?:avec|with|sur|chez)\b`,
    String.raw`\+\s?bonus\b`,
    String.raw`\b(?:promo ?codes?|codes? promo|promocode|codes? (?:de )?(?:r[ée]duc(?:tion)?|remise|parrainage)|coupons?(?: code)?|discount|r[ée]duc(?:tion|')?|remise|rabatt(?:code)?|gutschein|c[óo]digo|cupom|descuento|desconto)\b`,
    String.raw`\b(?:use|utilise[zr]?|avec|with|using)\s+(?:my |mon |le |the |our )?(?:code|coupon)\b`,
    String.raw`\bcode\s*[:：]`,
    String.raw`\b(?:free (?:trial|month|ride|download|shipping|box)|first (?:month|box)|essai gratuit|% off|bonus (?:de |of )?\d|parrainage|referral|invite code|get \d+%|for \d+% off|save \d+%|cashback)`,
  ].join('|'),
  'iu',
);

/** A link that pays its creator: a tracking or referral parameter (`?cref=`, `#parrain=`, `utm_source=partner`). */
const TRACKING =
  /[?&#](?:utm_source=(?:partner|influence)|aff(?:iliate)?(?:_?id)?=|cref=|ref(?:erral)?=|parrain=|acc=|coupon=|discount=)/i;
/** Of those, the ones that give the viewer something (a referral bonus) or say the creator is a partner. */
const REFERRAL = /[?&#](?:utm_source=partner|parrain=|ref(?:erral)?=|coupon=|discount=)/i;
/** A line that credits music, footage or tools, never a sponsor. */
const CREDIT =
  /^[^\p{L}]*(?:music|musique|song|track|chanson|beat|soundtrack|ost|free download|stock footage|footage|logiciel|software|cam[ée]ra|camera|objectif|lens|micro|mic|n[ée]e? le|born)\b/iu;
/** "sponsor" on a line with links: the links are the sponsors ("thanks to my sponsors, especially brand.com"). */
const SPONSOR_WORD = /\bsponsor(?:s|ed|ing)?\b|\bsponsoris|\bpartenaires? officiel/iu;

/** A heading that opens a block of sponsors, one per line. */
const PARTNERS_HEADING =
  /^[^\p{L}]*(?:(?:nos|mes|our|my|les|the)\s+)?(?:partenaires?|partenariats?|sponsors?|partners?|patrocinadores|parceiros|deals|bons plans|r[ée]ductions?|codes? promo|promo codes?|(?:makeup )?discount codes?|coupons?|(?:mille |un grand |special )?merci(?:s)? à|special thanks to)(?:\s+(?:de la cha[îi]ne|of the channel|du moment))?[^\p{L}]*$/iu;

/** The creator's own things, named as such on the line. */
const OWN =
  /\b(?:my|our|mon|ma|mes|notre|nos|mi|mis|meu|minha|mein|meine)\s+(?:[\p{L}]+\s+){0,2}?(?:own\s+)?(?:merch|merchandise|store|shop|boutique|clothing|collection|line|book|livre|app|appli|application|podcast|channel|cha[îi]ne|website|site|brand|marque|company|soci[ée]t[ée]|tour|course|formation|patreon|tipeee|album|single|jeu|game|t-shirts?|tees?|sweats?|hoodies?|mat[ée]riel|gear|setup|[ée]quipement|config)\b/iu;

/** Words that cannot open a brand's name. */
const NOT_A_NAME = new Set(
  'le la les l un une des du de d the a an my your our this ce cette mon ma mes ton ta vos votre notre nos code codes promo promocode coupon coupons lien liens link links site website here ici click cliquez sur at on et and avec with pour for get use utilise utilisez profite profitez offre offres offer jusqu jusqua reduction réduction reductions discount off free gratuit gratuitement bonus shop store boutique via chez vidéo video vidéos videos episode épisode cet this channel chaine chaîne youtube moins plus tout tous toutes all every everything première first premier nouveau new http https www any aucun aucune association collectif festival our patrons patreon viewers abonnés subscribers everyone you vous guys amis ami amie friends friend famille family maman papa mom dad infiniment lot january february march april may june july august september october november december janvier février fevrier mars avril mai juin juillet août aout septembre octobre novembre décembre decembre monday tuesday wednesday thursday friday saturday sunday lundi mardi mercredi jeudi vendredi samedi dimanche tv today aujourdhui demain tomorrow comment black nouveauté nouveau première premiere commande bons plans subscribe abonne abonnetoi abonnezvous follow suivez suismoi app store'.split(
    ' ',
  ),
);

const LEAD_SEPARATOR = new RegExp(
  String.raw`^[^\p{L}0-9]*(${NAME_WORD}(?:\s+${NAME_WORD}){0,3}?)\s*(?:[:：►→➡➜➥|»]|\s[-–—]\s|[-–—](?=\s*(?:use|utilise|code|\d|get)))`,
  'iu',
);
const NAME_BEFORE_LINK = new RegExp(
  String.raw`^[^\p{L}0-9]*(${NAME_WORD}(?:\s+${NAME_WORD}){0,3}?)\s+(?:https?:\/\/|www\.)`,
  'iu',
);
const AFTER_PREPOSITION = new RegExp(
  String.raw`\b(?:[Ss]ur|SUR|[Cc]hez|CHEZ|at|AT|on|ON|from|auprès de|sur le site(?: de)?)\s+(?:votre\s+|ta\s+|your\s+|the\s+|le\s+|la\s+|les\s+)?(${NAME_WORD}(?:\s+\p{Lu}[\p{L}0-9'’&.+-]*){0,2})`,
  'gu',
);
/** The app or game a line tells viewers to get: "Installe vite Prono-Win", "Download Best Fiends". */
const PROMOTED =
  /\b(?:installe[zr]?|t[ée]l[ée]charge[zr]?|download|essaye[zr]?|try)\s+(?:vite\s+|now\s+|gratuitement\s+)?(\p{Lu}[\p{L}0-9'’&.+-]*(?:\s+\p{Lu}[\p{L}0-9'’&.+-]*){0,2})/u;
const AFTER_CODE_WORD =
  /\b(?:code promo|promo code|coupon code)\s+(\p{Lu}[\p{L}'’&.+-]*(?:\s+\p{Lu}[\p{L}'’&.+-]*){0,2})\s+\d/u;

interface Candidate {
  name: string | null;
  link: Link | null;
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
    const own = OWN.test(line) || namesSelf(line, context.self);
    const links = hasLink ? linksIn(line) : [];
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

interface Context {
  registry: Registry;
  /** The creator's own names, folded. */
  self: Set<string>;
  /** The folded names of every domain the description links to. */
  domains: Set<string>;
}

const withoutLinks = (line: string, links: Link[]) => links.reduce((text, l) => text.replace(l.url, ' '), line);
/** A line that opens with a link, or with "Lien … :" and a link. */
const LINK_LED = /^[^\p{L}0-9]*(?:(?:lien|link)\b[^:]*:\s*)?(?:https?:\/\/|www\.)/iu;

/** The lines of the deal line's paragraph, nearest first: up to three above, then two below. */
function paragraphAround(lines: string[], index: number): string[] {
  const near: string[] = [];
  for (let i = index - 1; i >= Math.max(1, index - 3) && lines[i] !== ''; i -= 1) near.push(lines[i] as string);
  for (let i = index + 1; i <= index + 3 && i < lines.length && lines[i] !== ''; i += 1) near.push(lines[i] as string);
  return near;
}

/** The brand of a deal line: on the line itself, else the nearest one its paragraph names or links to. */
function dealCandidates(line: string, links: Link[], lines: string[], index: number, context: Context): Candidate[] {
  const onLine = lineCandidates(line, links, context);
  if (onLine.length > 0) return onLine;
  // Sites listed one per line right under the offer ("http://www.psparadise.fr/ (playstation)"): each is a brand.
  const listed: Link[] = [];
  for (let i = index + 1; i < lines.length && LINK_LED.test(lines[i] as string); i += 1)
    listed.push(...linksIn(lines[i] as string).filter((l) => !isShortener(l.host)));
  if (listed.length > 1) return listed.map((link) => ({ name: null, link }));
  for (const near of paragraphAround(lines, index)) {
    if (OWN.test(near) || DEAL.test(near) || CREDIT.test(near)) continue;
    const known = context.registry.namesIn(
      `${near} ${linksIn(near)
        .map((l) => l.path.replace(/[-_/]/g, ' '))
        .join(' ')}`,
    );
    if (known.length > 0) return known.map((brand) => ({ name: brand.name, link: null }));
    const nearLinks = linksIn(near).filter((l) => !isShortener(l.host));
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
function lineCandidates(line: string, links: Link[], context: Context): Candidate[] {
  // The code itself is not a brand, even when it spells one (`le code TOO20 SEPHORA`).
  // A link that pays the creator names the brand that pays (the shop, not the product it links to).
  const tracked = links.filter((l) => TRACKING.test(l.url) && !isShortener(l.host));
  if (tracked.length > 0) return tracked.map((link) => ({ name: null, link }));
  const brandLinks = links.filter((l) => !isShortener(l.host));
  // The name a line opens with is its subject ("AlloParadise : -5% sur vos codes Xbox"), before any it mentions.
  const opening = LEAD_SEPARATOR.exec(line)?.[1] ?? NAME_BEFORE_LINK.exec(line)?.[1];
  if (opening && isName(opening) && knownName(opening, context.registry))
    return [{ name: opening, link: brandLinks[0] ?? null }];
  const known = context.registry.namesIn(
    line.replace(
      /\b(?:code|coupon)s?\s*[:：]?\s*["“«]?\s*(?:[\p{L}]*\d[\p{L}0-9]*|\p{Lu}{3,}\b)(?:\s+\p{Lu}{2,}\b)?/gu,
      ' ',
    ),
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

/** An item of a partners block: `Brand: link`, `Brand ► link`, `- Brand`; under a thanks heading, only with a link. */
function itemCandidate(line: string, links: Link[], thanks: boolean, context: Context): Candidate | undefined {
  const brandLinks = links.filter((l) => !isShortener(l.host));
  if (thanks && brandLinks.length === 0) return undefined;
  const known = context.registry.namesIn(line);
  if (links.length === 0) return known[0] ? { name: known[0].name, link: null } : undefined;
  const lead = LEAD_SEPARATOR.exec(line)?.[1] ?? NAME_BEFORE_LINK.exec(line)?.[1];
  if (lead && isName(lead)) return { name: lead, link: brandLinks[0] ?? null };
  if (links.length > 0 && /^[^\p{L}0-9]*(?:https?:\/\/|www\.)/u.test(line))
    return { name: null, link: brandLinks[0] ?? null };
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

/** The brand name that opens a text (up to four words), or its link when it opens with one. */
function leadingCandidate(text: string, links: Link[], registry: Registry): Candidate | undefined {
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

function isName(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (words.length > 4 || text.trim().length < 2) return false;
  // A name of several words capitalises each ("Deeper Fishfinder"); "Black holo witch" is a product, not a brand.
  if (words.length > 1 && words.some((w) => /^\p{Ll}/u.test(w) && w.length > 3)) return false;
  return !NOT_A_NAME.has(foldName(words[0] as string)) && !DEAL.test(text) && /\p{L}/u.test(text);
}

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
 * The line holds the creator's name as words (at least five letters, so short names never match by chance), not
 * as the code or link a deal gives ("le code GIRLYALEX83" is the creator's code for a brand).
 */
function namesSelf(line: string, self: Set<string>): boolean {
  const prose = line
    .replace(/\b(?:https?:\/\/|www\.)\S+/giu, ' ')
    .replace(/\b(?:code|coupon|promo)\s*[:：]?\s*["“«']?\s*\S+/giu, ' ');
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

/** The registry entry for a name or for its first words (`WD Blue 3D SSDs` is WD Blue, a WD alias). */
function knownName(name: string, registry: Registry) {
  const words = name.split(/\s+/);
  for (let length = words.length; length >= 1; length -= 1) {
    const found = registry.byNameOf(words.slice(0, length).join(' '));
    if (found) return found;
  }
  return undefined;
}

/** A domain's name as the line writes it (`kiwico` → `KiwiCo` when the line says so), else capitalised. */
function writtenName(label: string, line: string): string {
  const folded = foldName(label);
  for (const word of line.split(/[^\p{L}0-9&'’.-]+/u)) if (foldName(word) === folded && !/[./]/.test(word)) return word;
  return label.charAt(0).toUpperCase() + label.slice(1);
}
