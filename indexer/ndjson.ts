import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { z } from 'zod';
import { issuesLine } from '../src/contract/issues.ts';

export type Parsed<T> = { ok: true; line: number; record: T } | { ok: false; line: number; reason: string };

/** Streams an NDJSON file, validating each non-blank line; reports the line number and reason of bad ones. */
export async function* readNdjson<S extends z.ZodType>(file: string, schema: S): AsyncGenerator<Parsed<z.output<S>>> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  for await (const text of lines) {
    line += 1;
    if (!text.trim()) continue;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      yield { ok: false, line, reason: 'not valid JSON' };
      continue;
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) yield { ok: true, line, record: parsed.data };
    else yield { ok: false, line, reason: issuesLine(parsed.error, '(record)') };
  }
}
