// The importer's variables (the API's are in src/config.ts, the indexer's in indexer/config.ts), parsed once.
import { z } from 'zod';
import { dataDirVariable, resolveDataDir } from '../common/data-dir.ts';
import { parseEnv } from '../src/config.ts';
import { DEFAULT_BASE_URL } from './youtube/client.ts';

const importerEnvSchema = z
  .object({
    ...dataDirVariable,
    /** Needed by `npm run import -- youtube` only: the other commands run without it. */
    YOUTUBE_API_KEY: z.string().min(1).optional(),
    YOUTUBE_API_BASE_URL: z.url().default(DEFAULT_BASE_URL),
  })
  .transform((e) => ({
    dataDir: resolveDataDir(e.DATA_DIR),
    youtubeKey: e.YOUTUBE_API_KEY,
    youtubeBaseUrl: e.YOUTUBE_API_BASE_URL,
  }));

export type ImporterConfig = z.output<typeof importerEnvSchema>;
export const IMPORTER_VARIABLES = Object.keys(importerEnvSchema.in.shape);

export const loadImporterConfig = (env: NodeJS.ProcessEnv = process.env): ImporterConfig =>
  parseEnv(importerEnvSchema, env);
