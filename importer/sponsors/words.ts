// The words of disclosures, deals and headings, one file per language in words/ (as wanasit/chrono keeps a folder
// per locale): patterns.ts builds both its patterns and their quick pre-checks from these lists, so a word added to
// a file is found by both, and a language is added with a word file and a fixture file
// (test/unit/importer/fixtures/sponsor-words/<language>.json).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readJsonFile } from '../json-file.ts';

const words = z.array(z.string().min(1)).default([]);
const WordFileSchema = z.object({
  language: z.string().regex(/^[a-z]{2}$/),
  /** Participles the brand follows after a "by" word: "sponsored" (by X), "gesponsert" (von X). */
  sponsoredBy: words,
  by: words,
  /** Nouns the brand follows after a "with" word: "partnership" (with X), "partenariat" (avec X). */
  partnership: words,
  /** What may stand between a partnership and its "with": "paid", "commerciale". */
  partnershipKind: words,
  with: words,
  /** Possessives before the partner nouns ("our partners: X"). */
  our: words,
  /** Nouns that name sponsors: in "our partners: X" and in a line that opens "Partners: X". */
  partners: words,
  /** An advertisement the brand follows after a "for" word: "#ad" (for X), "publicidad" (para X). */
  adFor: words,
  for: words,
  /** Whole phrases the brand follows: "mit freundlicher Unterstützung von" X. */
  supportedBy: words,
  /** Words that name a discount: a line with one offers a deal. */
  deal: words,
  /** Words of a heading over a block of notes ("AFFILIATE DISCLOSURE"): no brand's name holds one. */
  headings: words,
});

export type WordFile = z.infer<typeof WordFileSchema>;
export type WordList = Exclude<keyof WordFile, 'language'>;

export const WORDS_DIR = path.resolve(import.meta.dirname, 'words');

export function readWordFiles(dir = WORDS_DIR): WordFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = readJsonFile(path.join(dir, name), WordFileSchema, 'word file');
      if (`${file.language}.json` !== name) throw new Error(`${name}: its language is "${file.language}"`);
      return file;
    });
}

/** Every language's words of one list, as written and without their accents ("réduction", "reduction"). */
export function wordsOf(files: WordFile[], list: WordList): string[] {
  const all = files.flatMap((file) => file[list]).flatMap((word) => [word, withoutAccents(word)]);
  // Longest first, so an alternation tries "promo codes" before "promo code".
  return [...new Set(all.map((word) => word.toLowerCase()))].sort((a, b) => b.length - a.length || a.localeCompare(b));
}

const withoutAccents = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

/**
 * A regular-expression alternation of words, each matched whole: not inside a longer word, a phrase's spaces
 * standing for any run of spaces. (`\b` would not do: in JavaScript it knows no letter outside ASCII.)
 */
export function alternation(list: string[]): string {
  return `(?:${list
    .map((word) => {
      const body = literal(word);
      const start = /^[\p{L}\p{N}]/u.test(word) ? String.raw`(?<![\p{L}\p{N}_])` : '';
      const end = /[\p{L}\p{N}]$/u.test(word) ? String.raw`(?![\p{L}\p{N}_])` : '';
      return `${start}${body}${end}`;
    })
    .join('|')})`;
}

/** A word as a regular expression that matches it as written, its spaces standing for any run of spaces. */
export const literal = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, String.raw`\s+`);
