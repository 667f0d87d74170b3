import { describe, expect, it } from 'vitest';
import { type CommentSample, estimateAudience, HALF_AT } from '../../../importer/audience/estimate.ts';
import { firstNameOf, genderOf } from '../../../importer/audience/names.ts';

// The audience estimate from a comment sample (importer/audience/), without I/O beyond its name list.

const sample = (
  comments: CommentSample['comments'],
  countries: Record<string, string> = {},
  titles: Record<string, string> = {},
): CommentSample => ({
  fetchedAt: '2026-11-20T10:00:00.000Z',
  comments,
  commenters: Object.fromEntries(
    [...new Set([...Object.keys(countries), ...Object.keys(titles)])].map((id) => [
      id,
      { country: countries[id] ?? null, title: titles[id] ?? null },
    ]),
  ),
});
const comment = (author: string, authorName: string, text: string) => ({ authorChannelId: author, authorName, text });

describe('first names', () => {
  it.each([
    ['Maria García', 'maria'],
    ['JOSÉ luis', 'jose'],
    ['Emma', 'emma'],
    ['@emma_gamer', null],
    ['xXGamerXx', 'xxgamerxx'],
    ['J.', null],
    ['李小龙', null],
    ['', null],
  ])('%j → %j', (name, first) => {
    expect(firstNameOf(name)).toBe(first);
  });

  it('says female or male only for a name given almost only to one sex', () => {
    expect(genderOf('Emma Clarke')).toBe('female');
    expect(genderOf('James Miller')).toBe('male');
    expect(genderOf('Jordan Smith')).toBeNull(); // given to both
    expect(genderOf('xXGamerXx')).toBeNull();
    expect(genderOf('@james')).toBeNull();
  });
});

describe('estimateAudience', () => {
  it('has nothing to estimate from an empty sample', () => {
    expect(estimateAudience(sample([]))).toBeNull();
  });

  it('counts each commenter once for country and gender, each comment for language, largest share first', () => {
    const english = 'I really enjoyed this video and the way you explained everything step by step.';
    const spanish = 'Me encantó este video, gracias por explicar todo paso a paso como siempre.';
    const audience = estimateAudience(
      sample(
        [
          comment('a', 'Emma Stone', english),
          comment('a', 'Emma Stone', english),
          comment('b', 'Carlos Ruiz', spanish),
          comment('c', '@handle', 'lol'), // too short to tell a language
        ],
        { a: 'US', b: 'MX', c: 'not a country' },
      ),
    );
    expect(audience).toMatchObject({
      languageDistribution: { en: 0.6667, es: 0.3333 },
      geoDistribution: { MX: 0.5, US: 0.5 },
      genderDistribution: { female: 0.5, male: 0.5 },
      ageDistribution: {},
      sample: { comments: 4, commenters: 3, withLanguage: 3, withCountry: 2, withGender: 2 },
    });
    const r = (n: number) => n / (n + HALF_AT);
    expect(audience?.confidence).toBe(Math.round(((r(3) + r(2) + r(2)) / 3) * 100) / 100);
    expect(Object.keys(audience?.languageDistribution ?? {})).toEqual(['en', 'es']);
  });

  it("reads a commenter's first name from their channel's title, since a comment shows only the @handle", () => {
    const text = 'What a great video, I learned so much from this one today.';
    const audience = estimateAudience(
      sample([comment('a', '@starlight99', text), comment('b', '@bobthebuilder', text)], {}, { a: 'Emma Stone' }),
    );
    expect(audience?.genderDistribution).toEqual({ female: 1 });
    expect(audience?.sample?.withGender).toBe(1);
  });

  it('grows surer with more counted: 50 of each is 0.5, 200 is 0.8', () => {
    const many = (n: number) =>
      estimateAudience(
        sample(
          Array.from({ length: n }, (_, i) =>
            comment(`u${i}`, 'Emma Stone', 'This was such a helpful video, thank you so much for making it.'),
          ),
          Object.fromEntries(Array.from({ length: n }, (_, i) => [`u${i}`, 'US'])),
        ),
      );
    expect(many(50)?.confidence).toBe(0.5);
    expect(many(200)?.confidence).toBe(0.8);
  });
});
