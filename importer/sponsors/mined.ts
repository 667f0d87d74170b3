// The brand knowledge mine.ts writes (importer/rules/mined-brands.json), read for the scorer: a name or a site to the
// mined brand it stands for, and how many channels other than a video's own promote that brand.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { readJsonFile } from '../json-file.ts';
import { foldName } from '../model.ts';
import { type Brand, Registry } from './registry.ts';

export const MINED_FILE = path.resolve(import.meta.dirname, '../rules/mined-brands.json');

const MinedBrandSchema = z.object({
  name: z.string().min(1),
  aliases: z.array(z.string().min(1)).default([]),
  domains: z.array(z.string().min(3)).default([]),
  kind: z.string().nullable().default(null),
  /** Distinct channels that promote it with a deal or a disclosure. */
  channels: z.number().int().nonnegative(),
  /**
   * Those channels, each by the first 8 hex digits of the SHA-256 of its id and of its folded title: a video's own
   * channel is left out of its count.
   */
  seen: z.array(z.string().regex(/^[0-9a-f]{8}$/)).default([]),
  /** Named by the open brand data the mining was seeded with (simple-icons), whether or not a channel promoted it. */
  seed: z.boolean().default(false),
});
export const MinedFileSchema = z.object({
  about: z.string(),
  sources: z.array(z.object({ what: z.string(), licence: z.string() })),
  brands: z.array(MinedBrandSchema),
});
export type MinedBrand = z.infer<typeof MinedBrandSchema>;
export type MinedFile = z.infer<typeof MinedFileSchema>;

export const channelHash = (channelKey: string) => createHash('sha256').update(channelKey).digest('hex').slice(0, 8);

/** The hashes a channel is known by: its id's, when the source gives it, and its folded title's. */
export const channelHashes = (channelId: string | null, title: string | null) =>
  [channelId, foldName(title ?? '')].filter((k): k is string => Boolean(k)).map(channelHash);

/** The mined brands as a registry the scorer looks names and sites up in, and each one's promoting channels. */
export class MinedBrands {
  readonly registry: Registry;
  private readonly byBrand = new Map<Brand, MinedBrand>();

  constructor(file: MinedFile) {
    const brands = file.brands.map((b) => ({ name: b.name, aliases: b.aliases, domains: b.domains, kind: null }));
    this.registry = new Registry(brands, []);
    for (const [i, brand] of brands.entries()) this.byBrand.set(brand, file.brands[i] as MinedBrand);
  }

  /** How many channels other than the video's own (its hashes) promote the brand a name or a site stands for. */
  channelsFor(name: string, domain: string | null, channel: string[]): { channels: number; seed: boolean } {
    const found = this.registry.byNameOf(name) ?? (domain ? this.registry.byHost(domain) : undefined);
    const mined = found && 'brand' in found ? this.byBrand.get(found.brand) : undefined;
    if (!mined) return { channels: 0, seed: false };
    const own = channel.some((hash) => mined.seen.includes(hash)) ? 1 : 0;
    return { channels: mined.channels - own, seed: mined.seed };
  }
}

export const loadMinedBrands = (file = MINED_FILE) =>
  new MinedBrands(readJsonFile(file, MinedFileSchema, 'mined brands'));
