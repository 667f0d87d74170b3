import { describe, expect, it } from 'vitest';
import { countryCode, languageCode } from '../../src/contract/locale.ts';
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
    [{ video_format: 'medium' }],
    [{ sort: 'name_asc' }],
    [{ page: '0' }],
    [{ page: '-1' }],
    [{ page: '1.5' }],
    [{ page: 'two' }],
  ])('rejects %j', (query) => {
    expect(parse(query).success).toBe(false);
  });

  it('reads booleans as true/false/1/0 in any case, and "false" as false', () => {
    expect(parse({ has_sponsors: 'false' }).data?.has_sponsors).toBe(false);
    expect(parse({ has_sponsors: 'FALSE' }).data?.has_sponsors).toBe(false);
    expect(parse({ has_sponsors: '1' }).data?.has_sponsors).toBe(true);
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

  it('knows no made-up places or languages', () => {
    expect(countryCode('Narnia')).toBeUndefined();
    expect(countryCode('xx')).toBeUndefined();
    expect(languageCode('Klingon')).toBeUndefined();
  });
});
