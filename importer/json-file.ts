// The importer's JSON inputs (the brand registry, the niche rules, a CSV mapping file), read and checked against
// their schema: a file that cannot be read or parsed, or that breaks the schema, is one line naming it and why.
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { issuesLine } from '../src/contract/issues.ts';

export function readJsonFile<S extends z.ZodType>(file: string, schema: S, what: string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not a readable ${what} (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(`${file}: ${issuesLine(parsed.error, '(file)')}`);
  return parsed.data;
}
