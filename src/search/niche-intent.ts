// Which niche a query names, if any: the niche's label, its value or one of the names people call it by as a whole
// (mappings/niches.json, `names`), once the filler words people add around it are gone ("best gaming channels",
// "video games youtubers"). A query that names a niche asks for the creators who matter in it (category-query.ts).
// A topic within a niche ("bitcoin", "sourdough") is not its name: it keeps the text ranking, where the creators
// who write about it come first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NICHE_LIST, NICHE_NAMES } from '../contract/niches.ts';

const MAPPINGS = path.resolve(import.meta.dirname, '../../mappings');
/** Words that join a phrase without changing what it names ("kids and family", "outdoors & camping"). */
const JOINERS = new Set(['and', 'the', 'of', 'in', 'for', 'from', 'to', 'a', 'on', 'with']);

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !JOINERS.has(w));
/** A phrase's words with a plural "s" dropped, so "video game" and "video games" are one phrase. */
const keyOf = (words: string[]) => words.map((w) => (w.length > 3 ? w.replace(/s$/, '') : w)).join(' ');

function readList(file: string): string[] {
  return readFileSync(path.join(MAPPINGS, file), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

const FILLER = new Set(readList('filler-words.txt').flatMap(wordsOf));

/** Each name of each niche → the niche's value. */
function vocabulary(): Map<string, string> {
  const byPhrase = new Map<string, string>();
  for (const { value, label } of NICHE_LIST)
    for (const name of [label, value.replace(/_/g, ' '), ...(NICHE_NAMES.get(value) ?? [])])
      byPhrase.set(keyOf(wordsOf(name)), value);
  return byPhrase;
}
const VOCABULARY = vocabulary();

/**
 * The niche a query names once its filler words are gone, or undefined. A query that ends or starts with a joining
 * word ("cooking with") is a name being typed, not a niche.
 */
export function nicheNamed(query: string): string | undefined {
  const typed = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (JOINERS.has(typed[0] ?? '') || JOINERS.has(typed.at(-1) ?? '')) return undefined;
  const words = wordsOf(query).filter((w) => !FILLER.has(w));
  return words.length ? VOCABULARY.get(keyOf(words)) : undefined;
}
