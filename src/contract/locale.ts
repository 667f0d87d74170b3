// Countries and languages as users type them, parsed by maintained ISO libraries rather than a hand table.
import languages from '@cospired/i18n-iso-languages';
import englishLanguages from '@cospired/i18n-iso-languages/langs/en.json' with { type: 'json' };
import countries from 'i18n-iso-countries';
import englishCountries from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(englishCountries);
languages.registerLocale(englishLanguages);

/** A full English country name ("Germany", "united kingdom") or an ISO 3166-1 alpha-2/alpha-3 code, any case. */
export function countryCode(input: string): string | undefined {
  const text = input.trim();
  if (/^[a-z]{2,3}$/i.test(text) && countries.isValid(text.toUpperCase()))
    return countries.toAlpha2(text.toUpperCase());
  return countries.getAlpha2Code(text, 'en');
}

/** A language name in English ("German", "english") or an ISO 639-1/639-2 code, any case. */
export function languageCode(input: string): string | undefined {
  const text = input.trim();
  if (/^[a-z]{2,3}$/i.test(text) && languages.isValid(text.toLowerCase()))
    return languages.toAlpha2(text.toLowerCase());
  return languages.getAlpha2Code(text, 'en');
}
