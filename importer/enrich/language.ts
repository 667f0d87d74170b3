// A channel's language: the one it declares, else the one its text is written in, identified by ELD (an n-gram
// language detector) when the text is long enough and the answer reliable; else none, rather than a guess.
import { eld } from 'eld/medium';

/** Letters needed before an identification is trusted: a channel's name alone says little about its language. */
const MIN_LETTERS = 40;

/** `minLetters`: less for a comment, which is short but all of a piece (importer/audience/estimate.ts). */
export function identifyLanguage(text: string, minLetters = MIN_LETTERS): string | null {
  const letters = text.replace(/[^\p{L}]/gu, '').length;
  if (letters < minLetters) return null;
  const result = eld.detect(text);
  return result.isReliable() && /^[a-z]{2}$/.test(result.language) ? result.language : null;
}
