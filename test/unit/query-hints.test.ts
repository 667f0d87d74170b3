import { describe, expect, it } from 'vitest';
import { queryHints } from '../../src/search/creator-query.ts';

describe('language and country hints in a query', () => {
  it.each([
    ['top gaming creators in english', { rest: 'top gaming creators in', language: 'en' }],
    ['ENGLISH Cooking', { rest: 'Cooking', language: 'en' }],
    // A country is read but stays in the query: "turkey recipes" is about turkey as much as about Turkey.
    ['cooking germany', { rest: 'cooking germany', country: 'DE' }],
    ['cooking Germany!', { rest: 'cooking Germany!', country: 'DE' }],
    ['turkey recipes', { rest: 'turkey recipes', country: 'TR' }],
    // A language name wins over the country adjective it also is.
    ['German cooking', { rest: 'cooking', language: 'de' }],
    ['German cooking germany', { rest: 'cooking germany', language: 'de', country: 'DE' }],
    // Tonga is the name of a language and of a country: the language comes first.
    ['Tonga music', { rest: 'music', language: 'to' }],
    // Four letters are enough.
    ['Thai food', { rest: 'food', language: 'th' }],
    ['Peru travel', { rest: 'Peru travel', country: 'PE' }],
    ['english', { rest: '', language: 'en' }],
    // Two-word country names, and the short forms people type.
    ['travel new zealand', { rest: 'travel new zealand', country: 'NZ' }],
    ['cooking vloggers uk', { rest: 'cooking vloggers uk', country: 'GB' }],
    ['USA car reviews', { rest: 'USA car reviews', country: 'US' }],
  ])('reads %j as %j', (text, hints) => {
    expect(queryHints(text)).toStrictEqual({ language: undefined, country: undefined, ...hints });
  });

  it.each([
    'de us cooking',
    'cooking in de',
    'en fr es',
    'deu gbr',
    // "lao" is both a language name and an ISO 639-2 code: three letters are still not enough.
    'lao noodles',
    'cooking',
    // Words that name an object's inherited properties are words like any other.
    'constructor videos',
    'valueOf toString hasOwnProperty',
  ])('never reads a word shorter than four letters as a hint (but uk and usa): %j', (text) => {
    expect(queryHints(text)).toStrictEqual({ rest: text, language: undefined, country: undefined });
  });

  it('takes only the first language and the first country, and leaves other languages in the rest', () => {
    expect(queryHints('english german cooking')).toStrictEqual({
      rest: 'german cooking',
      language: 'en',
      country: undefined,
    });
    expect(queryHints('cooking germany france')).toStrictEqual({
      rest: 'cooking germany france',
      language: undefined,
      country: 'DE',
    });
    expect(queryHints('spanish food spain mexico french')).toStrictEqual({
      rest: 'food spain mexico french',
      language: 'es',
      country: 'ES',
    });
  });

  it('keeps the words of the rest as typed, one space apart', () => {
    expect(queryHints('C++  tutorials\tin english')).toStrictEqual({
      rest: 'C++ tutorials in',
      language: 'en',
      country: undefined,
    });
  });
});
