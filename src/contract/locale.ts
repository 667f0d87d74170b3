// Countries and languages as users type them, parsed by maintained ISO libraries rather than a hand table.
import languages from '@cospired/i18n-iso-languages';
import englishLanguages from '@cospired/i18n-iso-languages/langs/en.json' with { type: 'json' };
import countries from 'i18n-iso-countries';
import englishCountries from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(englishCountries);
languages.registerLocale(englishLanguages);

/**
 * Remembers a parser's answers for the last inputs it saw: the libraries scan every name on each miss (~0.1 ms),
 * and callers ask for the same few countries and languages all day. Bounded; the oldest answer goes first.
 */
function remembered(parse: (input: string) => string | undefined, size = 1000) {
  const answers = new Map<string, string | undefined>();
  return (input: string): string | undefined => {
    if (answers.has(input)) return answers.get(input);
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
