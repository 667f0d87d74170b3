// The demo's sponsorship evidence: for each planned sponsorship (a sponsor, how many videos, first and last date),
// that many videos at or above the default confidence, dated from the first day to the last, each with a title and
// a disclosing line in the creator's language; and now and then a row below the threshold, which counts nowhere.
// The creator's sponsorships are then rolled up from these rows (indexer/evidence.ts), like an import's.
import { DEFAULT_MIN_CONFIDENCE } from '../../src/contract/confidence.ts';
import type { SponsorRecord, Sponsorship, SponsorshipEvidence } from '../records.ts';
import { Random, Weighted } from './random.ts';

const DAY = 86_400_000;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** How often a sponsored creator has one row the detector was unsure of (below the threshold). */
const UNSURE_SHARE = 0.15;

type Rule = 'disclosure' | 'deal' | 'partners' | 'vanity-link';
const RULES = new Weighted<Rule>(['deal', 'disclosure', 'partners', 'vanity-link'], [6, 2.5, 1, 0.5]);

interface Words {
  titles: ((term: string) => string)[];
  lines: Record<Exclude<Rule, 'vanity-link'>, ((brand: string, code: string, percent: number) => string)[]>;
  /** A line the detector would be unsure of: a brand named, no clear deal. */
  unsure: ((brand: string) => string)[];
}

/** The languages the demo writes evidence in; a creator in another language writes in English. */
const WORDS: Record<string, Words> = {
  en: {
    titles: [(t) => `I tried ${t} for 30 days`, (t) => `${t}: what nobody tells you`, (t) => `My honest ${t} review`],
    lines: {
      disclosure: [(b) => `This video is sponsored by ${b}.`, (b) => `Thanks to ${b} for sponsoring this video!`],
      deal: [(b, c, p) => `Use code ${c} for ${p}% off at ${b}`, (b, c) => `${b} - use code ${c} for a free trial`],
      partners: [(b) => `Partners: ${b}`],
    },
    unsure: [(b) => `Check out ${b}, link below`, (b) => `${b} in the description`],
  },
  es: {
    titles: [
      (t) => `Probé ${t} durante 30 días`,
      (t) => `${t}: lo que nadie te cuenta`,
      (t) => `Mi opinión sobre ${t}`,
    ],
    lines: {
      disclosure: [(b) => `Este video está patrocinado por ${b}.`, (b) => `Gracias a ${b} por patrocinar este video.`],
      deal: [(b, c, p) => `Usa el código ${c} para un ${p}% de descuento en ${b}`],
      partners: [(b) => `Colaboradores: ${b}`],
    },
    unsure: [(b) => `Echa un vistazo a ${b} aquí abajo`],
  },
  fr: {
    titles: [
      (t) => `J'ai testé ${t} pendant 30 jours`,
      (t) => `${t} : ce qu'on ne vous dit pas`,
      (t) => `Mon avis sur ${t}`,
    ],
    lines: {
      disclosure: [
        (b) => `Cette vidéo est sponsorisée par ${b}.`,
        (b) => `Merci à ${b} d'avoir sponsorisé cette vidéo !`,
      ],
      deal: [(b, c, p) => `-${p}% sur ${b} avec le code ${c}`],
      partners: [(b) => `Partenaires : ${b}`],
    },
    unsure: [(b) => `Allez voir ${b}, lien en description`],
  },
  pt: {
    titles: [
      (t) => `Testei ${t} por 30 dias`,
      (t) => `${t}: o que ninguém te conta`,
      (t) => `Minha opinião sobre ${t}`,
    ],
    lines: {
      disclosure: [(b) => `Este vídeo é patrocinado por ${b}.`, (b) => `Obrigado à ${b} por patrocinar este vídeo!`],
      deal: [(b, c, p) => `Use o cupom ${c} e ganhe ${p}% de desconto na ${b}`],
      partners: [(b) => `Parceiros: ${b}`],
    },
    unsure: [(b) => `Confira ${b} no link abaixo`],
  },
  de: {
    titles: [
      (t) => `Ich habe ${t} 30 Tage getestet`,
      (t) => `${t}: was dir keiner sagt`,
      (t) => `Meine ehrliche Meinung zu ${t}`,
    ],
    lines: {
      disclosure: [(b) => `Dieses Video wird von ${b} gesponsert.`, (b) => `Danke an ${b} für das Sponsoring!`],
      deal: [(b, c, p) => `Mit dem Code ${c} bekommst du ${p}% Rabatt bei ${b}`],
      partners: [(b) => `Partner: ${b}`],
    },
    unsure: [(b) => `Schaut euch ${b} an, Link unten`],
  },
  it: {
    titles: [(t) => `Ho provato ${t} per 30 giorni`, (t) => `${t}: quello che nessuno ti dice`],
    lines: {
      disclosure: [
        (b) => `Questo video è sponsorizzato da ${b}.`,
        (b) => `Grazie a ${b} per aver sponsorizzato il video!`,
      ],
      deal: [(b, c, p) => `Usa il codice ${c} per uno sconto del ${p}% su ${b}`],
      partners: [(b) => `Partner: ${b}`],
    },
    unsure: [(b) => `Date un'occhiata a ${b}, link qui sotto`],
  },
  nl: {
    titles: [(t) => `Ik heb ${t} 30 dagen getest`, (t) => `${t}: wat niemand je vertelt`],
    lines: {
      disclosure: [(b) => `Deze video is gesponsord door ${b}.`, (b) => `Bedankt aan ${b} voor het sponsoren!`],
      deal: [(b, c, p) => `Gebruik code ${c} voor ${p}% korting bij ${b}`],
      partners: [(b) => `Partners: ${b}`],
    },
    unsure: [(b) => `Bekijk ${b} via de link hieronder`],
  },
};

export interface EvidenceContext {
  /** The dataset's seed: each creator's rows come from a stream of their own, so the creators stay as they were. */
  seed: number;
  sponsorById: Map<number, SponsorRecord>;
  /** Sponsors anyone may mention (a row below the threshold may name one the creator has no deal with). */
  anyNiche: Weighted<SponsorRecord>;
}

export interface EvidenceCreator {
  id: number;
  slug: string;
  language: string | null;
  /** Its niche's topic terms, for video titles. */
  terms: string[];
}

const MASK_36 = (1n << 36n) - 1n;

/**
 * 11 characters like a YouTube id: 6 from the creator's id and the video's number in it, scrambled by an odd
 * multiplier modulo 2^36 (one to one, so unique), and 5 of seeded noise.
 */
function videoId(random: Random, creatorId: number, n: number): string {
  let unique = '';
  let rest = Number((BigInt(creatorId * 4096 + n) * 0x9e3779b97n) & MASK_36);
  for (; unique.length < 6; rest = Math.floor(rest / 64)) unique += ALPHABET.charAt(rest % 64);
  let noise = '';
  for (let i = 0; i < 5; i++) noise += ALPHABET.charAt(random.int(0, 63));
  return `${noise.slice(0, 2)}${unique}${noise.slice(2)}`;
}

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const round2 = (n: number) => Math.round(n * 100) / 100;
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The evidence rows of a creator's planned sponsorships: rolled up (indexer/evidence.ts), they give back exactly
 * `planned` (the same sponsors in the same order, counts and dates), so the plan is what the creator shows.
 */
export function generateEvidence(
  context: EvidenceContext,
  creator: EvidenceCreator,
  planned: Sponsorship[],
): SponsorshipEvidence[] {
  const random = new Random((Math.imul(creator.id, 0x9e3779b1) ^ context.seed) >>> 0);
  const words = WORDS[creator.language ?? 'en'] ?? (WORDS.en as Words);
  const code =
    creator.slug
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 8)
      .toUpperCase() || 'CREATOR';
  const rows: SponsorshipEvidence[] = [];
  const row = (sponsor: SponsorRecord, day: number, rule: Rule, line: string, confidence: number) => {
    rows.push({
      creatorId: creator.id,
      sponsorId: sponsor.id,
      videoId: videoId(random, creator.id, rows.length),
      videoTitle: capitalized(random.pick(words.titles)(random.pick(creator.terms))),
      publishedAt: isoDate(day),
      line,
      confidence,
      rule,
    });
  };
  const lineOf = (sponsor: SponsorRecord, rule: Rule) =>
    rule === 'vanity-link'
      ? `${sponsor.website ?? `https://${sponsor.domain ?? 'example.com'}`}/${creator.slug.toLowerCase()}`
      : random.pick(words.lines[rule])(sponsor.name, code, random.pick([10, 15, 20, 25, 30]));
  const confident = () => round2(random.uniform(DEFAULT_MIN_CONFIDENCE, 0.99));

  for (const deal of planned) {
    const sponsor = context.sponsorById.get(deal.sponsorId);
    if (!sponsor) throw new Error(`planned sponsorship with unknown sponsor ${deal.sponsorId}`);
    const first = Date.parse(deal.firstDate);
    const last = Date.parse(deal.lastDate);
    const rule = RULES.pick(random);
    // The first and last videos are on the plan's first and last days; the others anywhere between.
    for (let n = 0; n < deal.count; n++) {
      const day = n === 0 ? first : n === 1 ? last : first + random.int(0, Math.round((last - first) / DAY)) * DAY;
      row(sponsor, day, rule, lineOf(sponsor, rule), confident());
    }
  }
  const unsureOf = planned.length > 0 && random.chance(UNSURE_SHARE) ? random.pick(planned) : undefined;
  if (unsureOf) {
    // A brand named without a clear deal, sometimes one the creator has no deal with: below the threshold.
    const sponsor = random.chance(0.5)
      ? context.anyNiche.pick(random)
      : (context.sponsorById.get(unsureOf.sponsorId) as SponsorRecord);
    const day = Date.parse(unsureOf.lastDate);
    row(
      sponsor,
      day,
      'deal',
      random.pick(words.unsure)(sponsor.name),
      round2(random.uniform(0.2, DEFAULT_MIN_CONFIDENCE - 0.01)),
    );
  }
  return rows;
}
