// Judgments are JSON Lines files an analyst can read and extend (relevance/README.md documents the format): one
// judged query per line, with the ids a search shows and a grade for each. Filters are the API's own parameters,
// checked by the API's own schema, so a judged query is exactly a request a user could send.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { issuesLine } from '../src/contract/issues.ts';
import { SearchCreatorsParams } from '../src/contract/params.ts';

const grade = z.int().min(0).max(3);

export const JudgedQuerySchema = z.strictObject({
  /** The text as a user types it. */
  query: z.string().trim().min(1),
  /** What kind of query this is (typo, navigational, …): metrics are reported per class. */
  class: z.string().regex(/^[a-z][a-z0-9_-]*$/, 'lowercase letters, digits, _ and -'),
  /** Which search the query is for; creators unless said. `similar`: the query is a creator's id (lookalikes). */
  target: z.enum(['creators', 'sponsors', 'similar']).default('creators'),
  /** Creator search parameters besides query and page (niche_category, country, …), as the API takes them. */
  filters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  /** Shown id (a creator's `id`, a sponsor's numeric `id`) → grade: 0 irrelevant, 1 related, 2 relevant, 3 perfect. */
  ratings: z.record(z.string(), grade).refine((r) => Object.keys(r).length > 0, 'needs at least one rating'),
  /** Free text for people: why these grades. */
  note: z.string().optional(),
});
export type JudgedQuery = z.output<typeof JudgedQuerySchema>;

/** A judged query and where it was read, for messages and reports. */
export interface Judgment extends JudgedQuery {
  source: string;
}

export class JudgmentError extends Error {
  override name = 'JudgmentError';
}

/** The creator search parameters a judged query stands for (page 1, as a user's first request). */
export function searchParams(judged: Pick<JudgedQuery, 'query' | 'filters'>): SearchCreatorsParams {
  return SearchCreatorsParams.parse({ ...judged.filters, query: judged.query, page: 1 });
}

export function parseJudgments(text: string, file: string): Judgment[] {
  const judgments: Judgment[] = [];
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (!line.trim() || line.trimStart().startsWith('//')) continue;
    const where = `${file}:${index + 1}`;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      throw new JudgmentError(`${where}: not a JSON object (${(error as Error).message})`);
    }
    const parsed = JudgedQuerySchema.safeParse(json);
    if (!parsed.success) throw new JudgmentError(`${where}: ${issuesLine(parsed.error, '(line)')}`);
    if (parsed.data.target === 'creators') {
      const params = SearchCreatorsParams.safeParse({ ...parsed.data.filters, query: parsed.data.query });
      if (!params.success) {
        const problems = params.error.issues.map((i) => `filters.${i.path.join('.')}: ${i.message}`);
        throw new JudgmentError(`${where}: ${problems.join('; ')}`);
      }
    } else if (parsed.data.filters) {
      throw new JudgmentError(
        `${where}: ${parsed.data.target === 'similar' ? 'lookalike' : 'sponsor'} judgments take no filters`,
      );
    }
    judgments.push({ ...parsed.data, source: where });
  }
  return judgments;
}

/** Every *.jsonl file under each path (a folder, searched recursively, or a file), in a stable order. */
export function judgmentFiles(paths: string[]): string[] {
  const files: string[] = [];
  const visit = (entry: string) => {
    const stats = statSync(entry, { throwIfNoEntry: false });
    if (!stats) throw new JudgmentError(`${entry}: no such file or folder`);
    if (stats.isDirectory()) {
      for (const name of readdirSync(entry).sort()) {
        const child = path.join(entry, name);
        if (name.endsWith('.jsonl') || statSync(child).isDirectory()) visit(child);
      }
    } else files.push(entry);
  };
  for (const p of paths) visit(path.resolve(p));
  return [...new Set(files)];
}

export function loadJudgments(paths: string[]): Judgment[] {
  return judgmentFiles(paths).flatMap((file) =>
    parseJudgments(readFileSync(file, 'utf8'), path.relative(process.cwd(), file)),
  );
}

export function formatJudgment(judged: JudgedQuery): string {
  const { query, class: kind, target, filters, ratings, note } = judged;
  return JSON.stringify({
    query,
    class: kind,
    ...(target !== 'creators' && { target }),
    ...(filters && { filters }),
    ratings,
    ...(note && { note }),
  });
}
