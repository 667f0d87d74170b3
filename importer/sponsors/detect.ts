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
  isName,
  itemCandidate,
  knownName,
  leadingCandidate,
  namedCandidates,
  nameWithin,
  type PartnersList,
  paragraphAround,
  paysCreator,
} from './candidates.ts';
import { linesOf } from './lines.ts';
import { domainName, type Link, linksIn, namesNoBrand } from './links.ts';
import {
  CHAPTER,
  CODES_NAMED,
  CREDIT,
  DEAL,
  DENIED,
  DISCLOSES,
  DISCLOSURE,
  DISCLOSURE_AFTER,
  DISCLOSURE_VON,
  FILM_CREDITS,
  GAME_SHOP_CODE,
  HELP_GIVEN,
  LEAD_IN,
  MAY_DEAL,
  MAY_DISCLOSE,
  MAY_DISCLOSE_AFTER,
  OWN,
  PARTNERS_HEADING,
  PARTNERS_INTRO,
  REFERRAL,
  SPONSOR_INVITATION,
  SPONSOR_WORD,
  SPONSORS_NAMED,
  THANKS_FOR_HELP,
  TRIAL,
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

/** `mention` is no rule: a brand or a site the text names where no rule looked, proposed only to the scorer. */
export type Rule = 'disclosure' | 'deal' | 'partners' | 'vanity-link' | 'mention';

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

/** Why the rules turned a named candidate down. */
export type Rejection = { rejected: string; name: string | null };

/**
 * Every candidate a rule proposed, taken or turned down, with where it stood: what the learned scorer
 * (scorer.ts) reads its features from.
 */
export interface Proposal {
  /** The line's index: 0 is the title, then the description's lines. */
  index: number;
  line: string;
  rule: Rule;
  candidate: Candidate;
  outcome: Finding | Rejection;
}

/** Who watches the rules read a video: `explain` follows their decisions, the scorer takes every proposal. */
export interface Watchers {
  trace?: (decision: Decision) => void;
  propose?: (proposal: Proposal) => void;
  /** More names to propose where a line names them (the mined brands), besides the registry's. */
  alsoNamed?: Registry;
}

export function detectSponsors(
  video: VideoText,
  channel: ChannelIdentity,
  registry: Registry,
  { trace, propose, alsoNamed }: Watchers = {},
): Finding[] {
  const self = ownNames(channel);
  const lines = [video.title, ...linesOf(video.description)].map((l) => l.trim());
  const domains = new Set(linksIn(video.description).map((l) => foldName(domainName(l.host))));
  const context: Context = { registry, self, domains };
  // A film's or a show's credits ("directed by …, presented by Jio Studios"): who presents it is its producer.
  const credits = FILM_CREDITS.test(video.description);
  const findings = new Map<string, Finding>();
  /** Whether the candidate is a sponsor (found now or before). */
  let index = 0;
  const add = (candidate: Candidate | undefined, line: string, rule: Rule): boolean => {
    if (!candidate) return false;
    const found = resolve(candidate, line, rule, context);
    propose?.({ index, line, rule, candidate, outcome: found });
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

  let partners: PartnersList | null = null;
  for (const [at, line] of lines.entries()) {
    index = at;
    if (line === '') continue;
    if (index > 0 && (PARTNERS_HEADING.test(line) || PARTNERS_INTRO.test(line))) {
      // "Merci à nos partenaires …" lists partners; "Merci à :" lists people unless an item links to a site;
      // "Sponsored by:" lists sponsors, by name alone too.
      if (/merci|thanks/i.test(line) && !PARTNERS_INTRO.test(line)) partners = 'thanks';
      else partners = SPONSORS_NAMED.test(line) ? 'sponsors' : CODES_NAMED.test(line) ? 'codes' : 'items';
      continue;
    }
    const mayDisclose = MAY_DISCLOSE.test(line);
    const mayDeal = MAY_DEAL.test(line);
    const hasLink = line.includes('.');
    if (!mayDisclose && !mayDeal && !hasLink && !partners) continue;
    // A credit names music, footage or tools; with an offer ("Music by X. Start your free trial") it is a deal.
    if (CREDIT.test(line) && !TRIAL.test(line)) continue;
    if (GAME_SHOP_CODE.test(line)) {
      trace?.({
        line,
        rule: 'deal',
        candidate: '',
        outcome: "a creator code in a game's shop, or an island's code: no deal for the viewer",
      });
      continue;
    }
    // A line that names the creator ("un bilan gratuit avec Jean-Michel Cohen") promotes the creator's own offer.
    const links = hasLink ? linksIn(line) : [];
    // A link whose query names the creator (`?utm_source=moroccotalksfootball`) pays the creator: the line is a deal.
    const paid = links.some((l) => paysCreator(l, context.self));
    const prose = withoutLinks(line, links);
    // In a list of partners, the creator's name after a brand's name is its code ("Ofra Cosmetics- Cosmobyhaley").
    const named = partners ? prose.replace(/\s*[-–—:：]\s*[\p{L}0-9_]+\s*$/u, '') : prose;
    const own = OWN.test(line) || (!paid && namesSelf(named, context.self));
    const invitation = SPONSOR_INVITATION.test(line);
    // Words inside a link (`utm_medium=referral`) are not an offer; a referral parameter is.
    const deal =
      !CHAPTER.test(line) && ((mayDeal && DEAL.test(prose)) || paid || links.some((l) => REFERRAL.test(l.url)));

    let disclosed = false;
    for (const match of mayDisclose && !invitation ? line.matchAll(DISCLOSURE) : []) {
      if (DENIED.test(line.slice(0, match.index))) continue;
      if (credits && /^(?:presented|brought)/i.test(match[0])) continue;
      const rest = line.slice((match.index ?? 0) + match[0].length);
      for (const candidate of namedCandidates(rest, links, registry))
        disclosed = add(candidate, line, 'disclosure') || disclosed;
    }
    for (const pattern of MAY_DISCLOSE_AFTER.test(line) ? [DISCLOSURE_AFTER, DISCLOSURE_VON] : [])
      for (const match of line.matchAll(pattern)) add({ name: match[1] ?? null, link: null }, line, 'disclosure');
    for (const match of mayDisclose && !disclosed ? line.matchAll(THANKS_FOR_HELP) : []) {
      const candidate = thankedCompany(line.slice((match.index ?? 0) + match[0].length), links, context);
      disclosed = add(candidate, line, 'disclosure') || disclosed;
    }

    const item = partners && !own ? itemCandidate(line, links, partners, context) : undefined;
    if (partners && !item && !deal) partners = null;
    if (!disclosed && !invitation && SPONSOR_WORD.test(line) && !/sponsor (?:this|cette|la) cha/i.test(line))
      for (const link of links) if (!namesNoBrand(link.host)) add({ name: null, link }, line, 'disclosure');
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
  if (propose) proposeMentions(lines, context, propose, alsoNamed);
  return [...findings.values()];
}

/**
 * What the rules did not propose, for the scorer to weigh: every registry brand a line names, every site a line links
 * to, and on a line with a deal or a disclosure every capitalised name or handle. The rules' findings stay as they were.
 */
function proposeMentions(
  lines: string[],
  context: Context,
  propose: (proposal: Proposal) => void,
  alsoNamed?: Registry,
): void {
  for (const [index, line] of lines.entries()) {
    if (line === '' || CHAPTER.test(line)) continue;
    const links = linksIn(line);
    const candidates: Candidate[] = [
      ...[context.registry, ...(alsoNamed ? [alsoNamed] : [])].flatMap((registry) =>
        registry.namesIn(line).map((brand) => ({ name: brand.name, link: null })),
      ),
      ...links.filter((link) => !namesNoBrand(link.host)).map((link) => ({ name: null, link })),
      ...(cueNear(lines, index) ? capitalisedNames(withoutLinks(line, links)) : []).map((name) => ({
        name,
        link: null,
      })),
    ];
    for (const candidate of candidates)
      propose({ index, line, rule: 'mention', candidate, outcome: resolve(candidate, line, 'mention', context) });
  }
}

/** A line that offers something or discloses a deal. */
const cueLine = (line: string) =>
  (MAY_DEAL.test(line) && DEAL.test(line)) || (MAY_DISCLOSE.test(line) && DISCLOSES.test(line));

/**
 * Whether the line or one near it in its paragraph offers or discloses: a sponsor block names its brands one per
 * line around its code or its "sponsored by", so the names there are candidates whatever their shape. A title's own
 * offer ("FREE", "50% OFF") does not make every capitalised word of it one.
 */
const cueNear = (lines: string[], index: number) =>
  (index > 0 && cueLine(lines[index] as string)) || paragraphAround(lines, index).some(cueLine);

/** Capitalised names and handles on a line (`Blaze`, `Kay Jewelers`, `@KayJewelers`), up to three words each. */
function capitalisedNames(line: string): string[] {
  const names: string[] = [];
  for (const match of line.matchAll(CAPITALISED)) {
    const name = (match[1] as string).replace(/[.'’:-]+$/u, '');
    if (isName(name)) names.push(name);
  }
  return names;
}
const CAPITALISED = /(?<![\p{L}\p{N}])@?(\p{Lu}[\p{L}\p{N}&'’.+-]*(?:\s+\p{Lu}[\p{L}\p{N}&'’.+-]*){0,2})/gu;

const withoutLinks = (line: string, links: Link[]) => links.reduce((text, l) => text.replace(l.url, ' '), line);
/** A link to a known brand's site whose path carries the creator's name: `brilliant.org/numberphile`. */
function isVanityLink(link: Link, context: Context): boolean {
  const known = context.registry.byHost(link.host);
  return Boolean(known && 'brand' in known && link.path !== '' && carriesOwnName(link, context.self));
}

/**
 * The link's path names the creator (`nitra.do/MrRatSuper` for MrRatSuper Life, `bit.do/Aliotop_October`): a segment
 * that is the name, give or take a few characters. A long slug that contains the name is a product page (the
 * creator's own book on a bookshop's site), not a vanity link.
 */
function carriesOwnName(link: Link, self: Set<string>): boolean {
  return link.path
    .split('/')
    .map(foldName)
    .some((segment) => segment.length >= 5 && [...self].some((own) => nameWithin(own, segment)));
}
/**
 * The company a thanks line names for help it gave ("merci à X pour le matériel", "thanks to X for the gear"): a
 * registry brand, or a name the description links to, that ends like a company (`Canon France`, `ikan Corp`), or
 * that is introduced as a company's people ("nos amis de X", "the team at X"). A friend who helped is none of these.
 */
function thankedCompany(rest: string, links: Link[], context: Context): Candidate | undefined {
  // "merci à CANNA mon sponsor", "thanks to X, our partner": the thanks says what X is.
  const partner = NAMED_PARTNER.exec(rest);
  const partnerName = partner ? rest.slice(0, partner.index).trim().replace(LEAD_IN, '') : '';
  if (partnerName && isName(partnerName)) return { name: partnerName, link: null };
  const candidate = leadingCandidate(rest, links, context.registry);
  const name = candidate?.name;
  if (!candidate || !name) return undefined;
  if (knownName(name, context.registry)) return candidate;
  if (!HELP_GIVEN.test(rest.split(/[.!?](?:\s|$)/u)[0] as string)) return undefined;
  const folded = foldName(name);
  const linked = [...context.domains].some((d) => d.length >= 4 && (d.startsWith(folded) || folded.startsWith(d)));
  const company = /\b(?:France|Inc|Corp|SAS|Group|Groupe|Ltd|GmbH|Company|Co)\.?$/u.test(name);
  const introduced = (LEAD_IN.exec(rest.trim())?.[0] ?? '').length > 4;
  return linked || company || introduced ? candidate : undefined;
}

/** What follows a thanked name when it is a sponsor: "mon sponsor", ", our partner", "nos partenaires annuels". */
const NAMED_PARTNER =
  /\s*,?\s+(?:(?:mon|ma|notre|nos|my|our|mi|nuestro|nuestros|meu|nosso|nossos|unser|unseren?)\s+(?:sponsors?|partenaires?|partners?|patrocinadore?s?|parceiros?|sponsoren)|(?:sponsor|partenaire|partner) (?:de|of) (?:cette|this))\b/iu;

/**
 * The line (its links taken out) holds the creator's name as words (at least five letters, so short names never
 * match by chance), not as the code a deal gives ("le code GIRLYALEX83" is the creator's code for a brand).
 */
function namesSelf(line: string, self: Set<string>): boolean {
  const prose = line
    .replace(/\b(?:code|coupon|promo)(?:\s+(?:promo|avantage|privil[èe]ge|exclusif))?\s*[:：]?\s*["“«']?\s*\S+/giu, ' ')
    // A contact address names the creator without making the offer theirs.
    .replace(/\S+@\S+/gu, ' ');
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

/**
 * The creator's names: the title and handle, each part of a title made of parts ("UFC - Ultimate Fighting
 * Championship"), the initials of a title of three words or more (GMBN), and a title's opening acronym (ABS-CBN).
 */
function ownNames(channel: ChannelIdentity): Set<string> {
  const title = channel.title ?? '';
  const words = title.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  const names = new Set(
    [
      title,
      channel.handle ?? '',
      ...title.split(/\s+[-–|:]\s+/),
      words.length >= 3 ? words.map((w) => w[0]).join('') : '',
      /^\p{Lu}[\p{Lu}\d-]{2,}(?=\s|$)/u.exec(title)?.[0] ?? '',
    ].map(foldName),
  );
  for (const name of names) if (name.length < 3) names.delete(name);
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
function resolve(candidate: Candidate, line: string, rule: Rule, context: Context): Finding | Rejection {
  const { registry, self } = context;
  const text = line.length > 200 ? `${line.slice(0, 197)}…` : line;
  // The verb a name was cut out with is not part of it ("Download HaaNaa", "Visit Cupshe").
  const named = candidate.name?.replace(CALL_TO_ACTION, '') ?? null;
  // A named brand's page on a social network (`SW-MOTECH : facebook.com/SWMOTECH`) is the brand's, not the network's.
  const social = (l: Link) => {
    const found = registry.byHost(l.host);
    return found !== undefined && 'notSponsor' in found && found.notSponsor.why === 'social link';
  };
  const link =
    candidate.link && !namesNoBrand(candidate.link.host) && !(named && social(candidate.link)) ? candidate.link : null;
  for (const found of [named ? knownName(named, registry) : undefined, link ? registry.byHost(link.host) : undefined]) {
    if (found && 'notSponsor' in found)
      return {
        rejected: `${found.notSponsor.name}, ${found.notSponsor.why} (brand registry)`,
        name: found.notSponsor.name,
      };
    if (found && 'brand' in found)
      return isOwn(foldName(found.brand.name), self)
        ? { rejected: `${found.brand.name} is the creator's own`, name: found.brand.name }
        : { name: found.brand.name, brand: found.brand, domain: found.brand.domains[0] ?? null, text, rule };
  }
  const domain = link?.host ?? null;
  // A name written as a site (`www.VelvetCaviar.com`) is the site's name.
  const site = named ? /^(?:www\.)?([\p{L}0-9-]+)\.[a-z]{2,3}$/iu.exec(named)?.[1] : undefined;
  const siteName = () => (domain ? writtenName(domainName(domain), line) : null);
  const name = site ?? (domain && partOfSite(named, domain) ? siteName() : (named ?? siteName()));
  if (!name) return { rejected: 'no brand name on the line', name: null };
  const folded = foldName(name);
  if (folded.length < 2) return { rejected: 'no brand name on the line', name: null };
  // In running text a brand is capitalised, written as its site or known to the registry: a lone lowercase word
  // ("thanks to those who…", "referral services") is a common word.
  if (name === named && /^\p{Ll}+$/u.test(name) && !(domain && foldName(domainName(domain)) === folded))
    return { rejected: `"${name}" is a common word, not a brand's name`, name };
  // A named brand behind the creator's own redirect (`Canyon bikes: gmbn.eu/Canyon`) is still that brand.
  if (isOwn(folded, self) || (domain && !named && isOwn(foldName(domainName(domain)), self)))
    return { rejected: `${name} is the creator's own`, name };
  return { name, brand: null, domain, text, rule };
}

/**
 * A name that ends its link's site names a product the brand sells ("Sleeve: gamer-sleeve.com/…"): the site names
 * the brand. A name that opens the site is the brand, the rest what it makes (`ofracosmetics.com` for "OFRA"), also
 * after a verb (`buyraycon.com` for "Raycon").
 */
function partOfSite(name: string | null, domain: string): boolean {
  const site = foldName(domainName(domain));
  const folded = foldName(name ?? '');
  return folded.length >= 3 && site.includes(folded) && !site.replace(SITE_PREFIX, '').startsWith(folded);
}

const CALL_TO_ACTION =
  /^(?:download|visit|get|try|buy|check out|use|join|grab|order|install|play|watch|click|shop at|sign up (?:for|to|at)|register (?:for|at|on))\s+(?=\p{Lu}|\d)/iu;

/** What a brand's site puts before its name: `buyraycon.com`, `drinkag1.com`, `joinbilt.com`. */
const SITE_PREFIX = /^(?:buy|get|try|join|drink|shop|go|use|play)(?=[\p{L}0-9]{3})/u;

/**
 * A domain's name as the line writes it (`kiwico` → `KiwiCo` when the line says so; `buyraycon` → `Raycon` when the
 * line names Raycon), else capitalised.
 */
function writtenName(label: string, line: string): string {
  const folded = foldName(label);
  // A site is not a written name, but a capitalised name glued to the next sentence is ("by Raycon.the yikes shop").
  const words = line
    .split(/[^\p{L}0-9&'’.-]+/u)
    .flatMap((word) => (/[./]/.test(word) ? (/^\p{Lu}[\p{L}0-9&'’-]*(?=\.\p{Ll})/u.exec(word) ?? []) : [word]));
  for (const form of new Set([folded, folded.replace(SITE_PREFIX, '')])) {
    const written = words.find((word) => foldName(word) === form);
    if (written) return written;
  }
  return label.charAt(0).toUpperCase() + label.slice(1);
}
