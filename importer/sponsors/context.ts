// The words around a candidate, as tokens for the scorer's text model: which words stand next to a brand, on its line
// and in its paragraph, is learned from every label (train.py) instead of written as one more rule. The candidate's
// own words are masked (`<b>`), and the creator's (`<c>`), so the model learns the phrasing of a sponsorship ("code
// <c>", "<c> merch"), not the brands and creators it was shown.
import { foldText } from '../model.ts';
import { paragraphAround } from './candidates.ts';

const URL = /(?:https?:\/\/|www\.)\S+/giu;
const WORD = /[\p{L}\p{N}]+/gu;
const BRAND = '<b>';
const CREATOR = '<c>';

/** Folded (model.ts), links as one `url` word, digits as 0. */
export function wordsOf(line: string): string[] {
  return (foldText(line).replace(URL, ' url ').match(WORD) ?? []).map((w) => w.replace(/\d+/g, '0'));
}

/** The creator's words a line may name them by: those of three letters or more of their title and handle. */
export function creatorWords(title: string | null, handle: string | null): Set<string> {
  return new Set(wordsOf(`${title ?? ''} ${handle ?? ''}`).filter((w) => w.length >= 3));
}

/**
 * The tokens of a candidate's lines (`indexes` into `lines`): `l:` words and `l2:` word pairs of each line that
 * proposed it, `b:`/`a:` the two words before and after the brand there, and `p:` the words of its paragraph's other
 * lines.
 */
export function contextTokens(name: string, indexes: Iterable<number>, lines: string[], creator: ReadonlySet<string>) {
  const own = new Set(wordsOf(name));
  const mask = (word: string) => (own.has(word) ? BRAND : creator.has(word) ? CREATOR : word);
  const tokens = new Set<string>();
  for (const index of new Set(indexes)) {
    const words = wordsOf(lines[index] ?? '').map(mask);
    words.forEach((word, i) => {
      tokens.add(`l:${word}`);
      if (i > 0) tokens.add(`l2:${words[i - 1]}_${word}`);
    });
    const at = words.indexOf(BRAND);
    if (at >= 0) {
      for (const word of words.slice(Math.max(0, at - 2), at)) tokens.add(`b:${word}`);
      let after = at + 1;
      while (words[after] === BRAND) after += 1;
      for (const word of words.slice(after, after + 2)) tokens.add(`a:${word}`);
    }
    for (const near of paragraphAround(lines, index)) for (const word of wordsOf(near)) tokens.add(`p:${mask(word)}`);
  }
  return [...tokens];
}
