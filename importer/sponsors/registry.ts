// The brand registry (importer/rules/brands.json, a file analysts edit): a name, an alias or a domain resolves to
// one sponsor; names and domains listed as notSponsors (fan funding, social links, platforms) never become one.
import path from 'node:path';
import { z } from 'zod';
import { SPONSOR_KINDS } from '../../indexer/records.ts';
import { readJsonFile } from '../json-file.ts';
import { foldName } from '../model.ts';

export const REGISTRY_FILE = path.resolve(import.meta.dirname, '../rules/brands.json');

const BrandSchema = z.object({
  name: z.string().min(1),
  aliases: z.array(z.string().min(1)).default([]),
  domains: z.array(z.string().min(3)).default([]),
  kind: z.enum(SPONSOR_KINDS).nullable().default(null),
});
const NotSponsorSchema = z.object({
  name: z.string().min(1),
  aliases: z.array(z.string().min(1)).default([]),
  domains: z.array(z.string().min(3)).default([]),
  why: z.string().min(1),
});
const RegistryFileSchema = z.object({
  about: z.string().optional(),
  brands: z.array(BrandSchema),
  notSponsors: z.array(NotSponsorSchema),
});

export type Brand = z.infer<typeof BrandSchema>;
export type NotSponsor = z.infer<typeof NotSponsorSchema>;
export type Resolution = { brand: Brand } | { notSponsor: NotSponsor } | undefined;

/** `www.Shop.NordVPN.com` → `shop.nordvpn.com`. */
export const normalizeHost = (host: string) =>
  host
    .toLowerCase()
    .replace(/^www\d?\./, '')
    .replace(/\.$/, '');

/** A host and each parent domain of it, nearest first: `lyon.images-photo.com`, `images-photo.com`. */
export function* domainsOf(host: string): Generator<string> {
  const labels = host.split('.');
  for (let i = 0; i < labels.length - 1; i += 1) yield labels.slice(i).join('.');
}

export class Registry {
  private readonly byName = new Map<string, Brand | NotSponsor>();
  private readonly byDomain = new Map<string, Brand | NotSponsor>();
  /** Folded names whose every spelling ends in "+" (`Canal+`): in running text, "canal" alone is a word. */
  private readonly plusOnly = new Set<string>();
  readonly brands: Brand[];

  constructor(brands: Brand[], notSponsors: NotSponsor[]) {
    this.brands = brands;
    for (const entry of [...brands, ...notSponsors]) {
      for (const name of [entry.name, ...entry.aliases]) {
        const key = foldName(name);
        const seen = this.byName.get(key);
        if (seen && seen !== entry)
          throw new Error(`brand registry: "${name}" names both ${seen.name} and ${entry.name}`);
        this.byName.set(key, entry);
        if (
          name.trim().endsWith('+') &&
          ![entry.name, ...entry.aliases].some((n) => !n.trim().endsWith('+') && foldName(n) === key)
        )
          this.plusOnly.add(key);
      }
      for (const domain of entry.domains) this.byDomain.set(normalizeHost(domain), entry);
    }
  }

  static load(file = REGISTRY_FILE): Registry {
    const { brands, notSponsors } = readJsonFile(file, RegistryFileSchema, 'brand registry');
    return new Registry(brands, notSponsors);
  }

  /** A name or alias as written anywhere (case, accents and punctuation ignored). */
  byNameOf(name: string): Resolution {
    const key = foldName(name);
    const entry = this.byName.get(key);
    return entry && this.writtenAs(name, key, entry) ? wrap(entry) : undefined;
  }

  /** Whether a text's words name the entry as written: its accents, and the "+" of a name like Canal+. */
  private writtenAs(written: string, key: string, entry: Brand | NotSponsor): boolean {
    return spelt(written, entry) && (!this.plusOnly.has(key) || written.trim().endsWith('+'));
  }

  /** A host or any parent domain of it (`lyon.images-photo.com` finds `images-photo.com`). */
  byHost(host: string): Resolution {
    for (const domain of domainsOf(normalizeHost(host))) {
      const found = this.byDomain.get(domain);
      if (found) return wrap(found);
    }
    return undefined;
  }

  /** Every registry name or alias of at least three characters that the text contains as a whole word. */
  namesIn(text: string): Brand[] {
    const found = new Set<Brand>();
    const words = text.split(/[^\p{L}\p{N}'’&+.-]+/u).filter(Boolean);
    // Folding works letter by letter, so a phrase's key is its words' keys joined: each word is folded once.
    const folded = words.map(foldName);
    for (let start = 0; start < words.length; start += 1) {
      let phrase = '';
      let key = '';
      for (let end = start; end < Math.min(words.length, start + 7); end += 1) {
        phrase += words[end];
        key += folded[end];
        const hit = this.byName.get(key);
        if (hit && 'kind' in hit && key.length >= 3 && this.writtenAs(phrase, key, hit)) found.add(hit);
      }
    }
    return [...found];
  }
}

/** Accents the text writes must be the brand's: "über" is not Uber, while "Nestle" is still Nestlé. */
const withAccents = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
function spelt(phrase: string, brand: Brand | NotSponsor): boolean {
  const written = withAccents(phrase);
  if (/^[a-z0-9]*$/.test(written)) return true;
  return [brand.name, ...brand.aliases].some((name) => withAccents(name) === written);
}

function wrap(entry: Brand | NotSponsor | undefined): Resolution {
  if (!entry) return undefined;
  return 'why' in entry ? { notSponsor: entry } : { brand: entry };
}
