// The corpus's sources as data (sources.json beside this file): for each file, where it lives in a public
// repository (owner/name, commit, path), its sha256, how it is written and the region it charted in when one file
// holds one region; for each repository, what it is and the licence it states. Validated when read, so a hand edit
// that breaks it is one line naming the place.
import path from 'node:path';
import { z } from 'zod';
import { readJsonFile } from '../json-file.ts';

export const MANIFEST_FILE = path.resolve(import.meta.dirname, 'sources.json');

/**
 * How a file is written, which picks its reader: the two Kaggle trending layouts (datasnaek 2017–2018, without
 * channel ids; rsrishav 2020–2024 and the scrapers that write its columns), any other CSV whose headers the
 * importer's column aliases know (`scraper-csv`), YouTube Data API responses (`{items:[…]}` or an array of items),
 * arrays of flat video records, and objects keyed by video id. Any of them may be gzipped (`.gz`).
 */
export const FORMATS = [
  'datasnaek-csv',
  'rsrishav-csv',
  'scraper-csv',
  'api-json',
  'records-json',
  'keyed-json',
] as const;
export type Format = (typeof FORMATS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const SourceSchema = z
  .object({
    repo: z.string().regex(/^[A-Za-z0-9][\w.-]*\/[\w.-]+$/, 'owner/name'),
    commit: z.string().regex(/^[0-9a-f]{40}$/, 'a 40-digit commit'),
    path: z.string().min(1),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'a 64-digit sha256'),
    format: z.enum(FORMATS),
    /** ISO 3166-1 alpha-2, when the whole file charted in one region; rows may name their own. */
    region: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .nullable(),
    /** The chart day of a snapshot whose rows carry none (a saved API response); rows' own days win. */
    charted: z.string().regex(DAY, 'YYYY-MM-DD').nullable(),
    /**
     * The channel title of a file that lists one channel's uploads and has no channel column (the file or the
     * repository names the channel); a file's own channel column always wins.
     */
    channel: z.string().trim().min(1).optional(),
  })
  .strict();
export type Source = z.infer<typeof SourceSchema>;

/** What a repository is and the licence it states (`none stated` when it states none), said once for its files. */
const RepositorySchema = z.object({ licence: z.string().min(1), about: z.string().min(1) }).strict();

export const ManifestSchema = z
  .object({ repositories: z.record(z.string(), RepositorySchema), sources: z.array(SourceSchema).min(1) })
  .strict()
  .superRefine((manifest, context) => {
    const seen = new Map<string, number>();
    manifest.sources.forEach((source, index) => {
      if (!(source.repo in manifest.repositories))
        context.addIssue({
          code: 'custom',
          path: ['sources', index, 'repo'],
          message: `${source.repo} is not among the repositories (say its licence there)`,
        });
      const earlier = seen.get(source.sha256);
      if (earlier !== undefined)
        context.addIssue({
          code: 'custom',
          path: ['sources', index, 'sha256'],
          message: `the same file as source ${earlier} (list a file once)`,
        });
      seen.set(source.sha256, index);
    });
  });
export type Manifest = z.infer<typeof ManifestSchema>;

export function readManifest(file = MANIFEST_FILE): Manifest {
  return readJsonFile(file, ManifestSchema, 'corpus manifest');
}

/** A source named in messages: `owner/name:path@commit`. */
export const sourceName = (source: Source) => `${source.repo}:${source.path}@${source.commit.slice(0, 8)}`;
