// Countries and languages as users type them, parsed by maintained ISO libraries rather than a hand table.
import languages from '@cospired/i18n-iso-languages';
import englishLanguages from '@cospired/i18n-iso-languages/langs/en.json' with { type: 'json' };
import countries from 'i18n-iso-countries';
import englishCountries from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { anyCasePattern } from './any-case.ts';

countries.registerLocale(englishCountries);
languages.registerLocale(englishLanguages);

/**
 * Remembers a parser's answers for the last `size` inputs it saw: the libraries scan every name on each miss, and
 * callers ask for the same few countries and languages all day. Bounded; the oldest answer goes first. An answer
 * is shared by every caller that gets it, so none may change it.
 */
export function remembered<T>(parse: (input: string) => T, size = 1000): (input: string) => T {
  const answers = new Map<string, T>();
  return (input: string): T => {
    if (answers.has(input)) return answers.get(input) as T;
    const answer = parse(input);
    if (answers.size >= size) answers.delete(answers.keys().next().value as string);
    answers.set(input, answer);
    return answer;
  };
}

/** A full English country name ("Germany", "united kingdom") or an ISO 3166-1 alpha-2/alpha-3 code, any case. */
export const countryCode = remembered((input) => {
  const text = input.trim();
  if (/^[a-z]{2,3}$/i.test(text) && countries.isValid(text.toUpperCase()))
    return countries.toAlpha2(text.toUpperCase());
  return countries.getAlpha2Code(text, 'en');
});

/** A language name in English ("German", "english") or an ISO 639-1/639-2 code, any case. */
export const languageCode = remembered((input) => {
  const text = input.trim();
  if (/^[a-z]{2,3}$/i.test(text) && languages.isValid(text.toLowerCase()))
    return languages.toAlpha2(text.toLowerCase());
  return languages.getAlpha2Code(text, 'en');
});

/**
 * Everything `countryCode` reads, in lower case (it reads them in any case): ISO 3166-1 alpha-2 and alpha-3 codes and
 * every English name and alias the library knows. The OpenAPI document states them as a pattern.
 */
export const COUNTRY_INPUTS: readonly string[] = [
  ...new Set([
    ...Object.keys(countries.getAlpha2Codes()).flatMap((code) => [code, countries.alpha2ToAlpha3(code) ?? code]),
    ...Object.values(countries.getNames('en', { select: 'all' })).flat(),
  ]),
].map((input) => input.toLowerCase());

/** Everything `languageCode` reads, in lower case: ISO 639-1 codes, ISO 639-2 B and T codes and English names. */
export const LANGUAGE_INPUTS: readonly string[] = [
  ...new Set(
    [
      ...Object.keys(languages.getAlpha2Codes()),
      ...Object.keys(languages.getAlpha3BCodes()),
      ...Object.keys(languages.getAlpha3TCodes()),
      ...Object.values(languages.getNames('en')),
    ].map((input) => input.toLowerCase()),
  ),
];

/** COUNTRY_INPUTS and LANGUAGE_INPUTS in any case, and nothing else: what the parameters accept. */
export const COUNTRY_PATTERN = anyCasePattern(COUNTRY_INPUTS);
export const LANGUAGE_PATTERN = anyCasePattern(LANGUAGE_INPUTS);

/**
 * Lower-case English names of 4+ characters (aliases too: "turkey", "south korea") → code, built once: reading names
 * out of free text asks for every word of every query, and each miss of the libraries' own lookup scans every name.
 */
function nameIndex(names: Record<string, string | string[]>): Map<string, string> {
  const index = new Map<string, string>();
  for (const [code, all] of Object.entries(names)) {
    for (const name of [all].flat()) if (name.length >= 4) index.set(name.toLowerCase(), code);
  }
  return index;
}
const COUNTRY_NAMES = nameIndex(countries.getNames('en', { select: 'all' }));
const LANGUAGE_NAMES = nameIndex(languages.getNames('en'));

/** A country's alpha-2 code by its English name or alias of 4+ characters, any case. */
export const countryByName = (name: string) => COUNTRY_NAMES.get(name.toLowerCase());
/** A language's ISO 639-1 code by its English name of 4+ characters, any case. */
export const languageByName = (name: string) => LANGUAGE_NAMES.get(name.toLowerCase());

/** The English name of an ISO 3166-1 alpha-2 code ("US" → "United States of America"). */
export const countryLabel = (code: string): string | undefined => countries.getName(code, 'en') ?? undefined;
/** The English name of an ISO 639-1 code ("pt" → "Portuguese"). */
export const languageLabel = (code: string): string | undefined => languages.getName(code, 'en') ?? undefined;
