// The data folder (DATA_DIR, default data/): where the generator writes the source format and the generated
// judgments, where the indexer loads from, and where the workbench finds the judgments of the loaded data.
import path from 'node:path';
import { z } from 'zod';
import { parseEnv } from '../src/config.ts';

export const dataDirVariable = { DATA_DIR: z.string().min(1).default('data') };

/** A DATA_DIR value resolved against the repository (an absolute one stays as it is). */
export const resolveDataDir = (value: string) => path.resolve(import.meta.dirname, '..', value);

/** The data folder the environment names, as every tool reads it. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolveDataDir(parseEnv(z.object(dataDirVariable), env).DATA_DIR);
}
