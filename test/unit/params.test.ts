import { describe, expect, it } from 'vitest';
import {
  COUNTRY_INPUTS,
  COUNTRY_PATTERN,
  countryCode,
  LANGUAGE_INPUTS,
  LANGUAGE_PATTERN,
  languageCode,
} from '../../src/contract/locale.ts';
import { QUERY_MAX_LENGTH, SearchCreatorsParams, SearchSponsorsParams } from '../../src/contract/params.ts';

const parse = (query: Record<string, unknown>) => SearchCreatorsParams.safeParse({ query: 'tech', ...query });

describe('search parameters', () => {
  it('defaults page to 1 and keeps the query as sent', () => {
    expect(SearchCreatorsParams.parse({ query: ' tech ' })).toEqual({ query: ' tech ', page: 1 });
  });

  it.each([
    [{ query: '' }],
    [{ query: '   ' }],
    [{ query: 'x'.repeat(QUERY_MAX_LENGTH + 1) }],
    [{ query: ['a', 'b'] }],
    [{ niche_category: 'underwater_basket_weaving' }],
    [{ primary_niche_only: 'true' }],
    [{ country: 'Narnia' }],
    [{ language: 'Klingon' }],
    [{ min_subscribers: '10', max_subscribers: '5' }],
    [{ min_subscribers: '-1' }],
    [{ min_subscribers: '1.5' }],
    [{ min_subscribers: '' }],
    [{ min_subscribers: '1e3' }],
    [{ min_subscribers: '99999999999999999999' }],
    [{ min_avg_views: 'many' }],
    [{ min_engagement_rate: '-0.5' }],
    [{ has_sponsors: 'yes' }],
    [{ has_sponsors: '' }],
    [{ has_sponsors: '1' }],
    [{ has_sponsors: 'TRUE' }],
    [{ query: '😀'.repeat(QUERY_MAX_LENGTH + 1) }],
    [{ country: ' DE' }],
    [{ country: '' }],
    [{ language: '' }],
    [{ min_engagement_rate: '1e3' }],
    [{ min_subs_growth: '1'.padEnd(400, '0') }],
    [{ facets: '' }],
    [{ facets: 'niche,' }],
    [{ facets: 'niche;country' }],
    [{ video_format: 'medium' }],
    [{ sort: 'name_asc' }],
    [{ page: '0' }],
    [{ page: '-1' }],
    [{ page: '1.5' }],
    [{ page: 'two' }],
    // Whole numbers are plain digits: what a float or a signed zero would be read as is not guessed.
    [{ page: '2.0' }],
    [{ min_subscribers: '-0' }],
    [{ min_subscribers: '1000.0' }],
    [{ max_subscribers: '+5' }],
  ])('rejects %j', (query) => {
    expect(parse(query).success).toBe(false);
  });

  it('reads booleans as OpenAPI writes them, true or false, and "false" as false', () => {
    expect(parse({ has_sponsors: 'false' }).data?.has_sponsors).toBe(false);
    expect(parse({ has_sponsors: 'true' }).data?.has_sponsors).toBe(true);
  });

  it('counts the query in characters, as JSON Schema does: 200 emoji are 200', () => {
    expect(parse({ query: '😀'.repeat(QUERY_MAX_LENGTH) }).success).toBe(true);
  });

  it('reads numbers as JavaScript writes them, exponents included; whole numbers as digits', () => {
    expect(parse({ min_engagement_rate: String(0.0000001) }).data?.min_engagement_rate).toBe(1e-7);
    expect(parse({ min_subs_growth: '1e+17' }).data?.min_subs_growth).toBe(1e17);
  });

  it('reads facets as a comma-separated list, spaces around names allowed, repeats once', () => {
    expect(parse({ facets: 'niche, country ,niche' }).data?.facets).toEqual(['niche', 'country']);
  });

  it('reads numbers strictly', () => {
    expect(parse({ min_subscribers: '0', min_engagement_rate: '2.75', page: '3' }).data).toMatchObject({
      min_subscribers: 0,
      min_engagement_rate: 2.75,
      page: 3,
    });
  });

  it('needs a sponsor query', () => {
    expect(SearchSponsorsParams.safeParse({}).success).toBe(false);
    expect(SearchSponsorsParams.safeParse({ query: ' ' }).success).toBe(false);
  });
});

describe('countries and languages', () => {
  it.each([
    ['Germany', 'DE'],
    ['germany', 'DE'],
    ['de', 'DE'],
    ['DEU', 'DE'],
    ['United States of America', 'US'],
    ['united states', 'US'],
    ['UK', 'GB'],
    ["Côte d'Ivoire", 'CI'],
  ])('reads the country %s as %s', (input, code) => {
    expect(countryCode(input)).toBe(code);
  });

  it.each([
    ['English', 'en'],
    ['SPANISH', 'es'],
    ['de', 'de'],
    ['deu', 'de'],
  ])('reads the language %s as %s', (input, code) => {
    expect(languageCode(input)).toBe(code);
  });

  it.each([
    ['country', COUNTRY_INPUTS, COUNTRY_PATTERN, countryCode],
    ['language', LANGUAGE_INPUTS, LANGUAGE_PATTERN, languageCode],
  ] as const)(
    'the %s pattern the document shows matches every input in any case, and each reads',
    (_, inputs, pattern, read) => {
      const matches = new RegExp(pattern, 'u');
      for (const input of inputs) {
        for (const text of [input, input.toUpperCase(), input.replace(/^./, (c) => c.toUpperCase())]) {
          expect(matches.test(text), text).toBe(true);
          expect(read(text), text).toBeDefined();
        }
      }
      for (const text of ['', ' de', 'de ', 'Narnia', 'Klingon', 'xx', 'germanyy', 'd e'])
        expect(matches.test(text)).toBe(false);
    },
  );

  it('knows no made-up places or languages', () => {
    expect(countryCode('Narnia')).toBeUndefined();
    expect(countryCode('xx')).toBeUndefined();
    expect(languageCode('Klingon')).toBeUndefined();
  });
});
