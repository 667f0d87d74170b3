// Judged queries for real channel names, made from an imported dataset (`npm run import`): each name typed the ways
// people type names. Exact as written, folded (lower case, no accents, emoji or punctuation), its words run together
// (`shawnmendes`) or a run-together name split at its capitals and digits (`Jenna Marbles`, `50 Cent`), its handle,
// and with one typo. The creator named gets 3, as does any other creator whose name folds to the same letters.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { readArgs, UsageError } from '../common/cli.ts';
import { formatJudgment, type JudgedQuery } from '../common/judgments.ts';
import { foldName } from '../importer/model.ts';
import { slugOf } from '../indexer/documents.ts';
import { typo } from '../indexer/generate/judgments.ts';
import { Random } from '../indexer/generate/random.ts';
import { readNdjson } from '../indexer/ndjson.ts';
import { type CreatorRecord, CreatorRecordSchema } from '../indexer/records.ts';

/** Queries per class at most, picked by a seeded draw: enough to measure, quick to evaluate. */
const PER_CLASS = 300;

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
/** "JennaMarbles" → "Jenna Marbles", "PopularMMOs" → "Popular MMOs", "50Cent" → "50 Cent"; undefined if no split. */
export function splitName(name: string): string | undefined {
  if (/\s/.test(name.trim())) return undefined;
  const split = name
    .replace(/^@/, '')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .replace(/(\p{N})(\p{L})/gu, '$1 $2');
  return split.includes(' ') ? split : undefined;
}

export function realNameJudgments(creators: CreatorRecord[], seed = 1): JudgedQuery[] {
  const random = new Random(seed);
  // A name garbled in its source (Latin-1 read as UTF-8: "ï¿½") is not one anybody types.
  const named = creators.filter((c) => foldName(c.name).length >= 3 && !/\uFFFD|ï¿½/u.test(c.name));
  const byJoined = new Map<string, string[]>();
  for (const c of named) byJoined.set(foldName(c.name), [...(byJoined.get(foldName(c.name)) ?? []), slugOf(c)]);
  const judged: JudgedQuery[] = [];
  const add = (kind: string, query: string, target: CreatorRecord) => {
    const ratings = Object.fromEntries(
      [slugOf(target), ...(byJoined.get(foldName(target.name)) ?? [])].map((id) => [id, 3]),
    );
    judged.push({ query, class: kind, target: 'creators', ratings });
  };
  const each = (kind: string, queryOf: (c: CreatorRecord) => string | undefined) => {
    const pool = named.flatMap((c) => {
      const query = queryOf(c);
      return query?.trim() ? [{ c, query }] : [];
    });
    for (const { c, query } of random.sample(pool, Math.min(PER_CLASS, pool.length))) add(kind, query, c);
  };
  each('exact', (c) => c.name);
  each('folded', (c) => (fold(c.name) !== c.name ? fold(c.name) : undefined));
  each('joined', (c) => (fold(c.name).includes(' ') ? foldName(c.name) : undefined));
  each('split', (c) => splitName(c.name) ?? (c.handle ? splitName(c.handle) : undefined));
  each('handle', (c) => c.handle ?? undefined);
  each('typo', (c) => {
    const word = c.name.split(/[^\p{L}\p{N}]+/u).find((w) => /^[A-Za-z]{5,}$/.test(w));
    return word ? c.name.replace(word, typo(word, random)) : undefined;
  });
  return judged;
}

/** `npm run relevance -- real-names DIR [--out FILE]`: the judgments for DIR/creators.ndjson, by default beside it. */
export async function realNamesCommand(_: unknown, args: string[]): Promise<void> {
  const { values, positionals } = readArgs({ args, allowPositionals: true, options: { out: { type: 'string' } } });
  const [dir] = positionals;
  if (!dir) throw new UsageError('name the dataset: real-names <dir of creators.ndjson>');
  const creators: CreatorRecord[] = [];
  const file = path.join(dir, 'creators.ndjson');
  for await (const parsed of readNdjson(file, CreatorRecordSchema)) {
    if (!parsed.ok) throw new Error(`${file}:${parsed.line}: ${parsed.reason}`);
    creators.push(parsed.record);
  }
  const judged = realNameJudgments(creators);
  const out = values.out ?? path.join(dir, 'real-names.jsonl');
  writeFileSync(out, `${judged.map(formatJudgment).join('\n')}\n`);
  console.log(`${judged.length} judged name queries for ${creators.length} creators: ${out}`);
}
