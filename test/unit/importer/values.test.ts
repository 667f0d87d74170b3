import { describe, expect, it } from 'vitest';
import { BadValue, count, countryCode, flag, instant, tags, text, trendingDay } from '../../../importer/csv/values.ts';

describe('cells as exports write them', () => {
  it('reads counts with thousands separators, scientific notation and ranks, and missing markers as null', () => {
    expect(count('234,000,000')).toBe(234_000_000);
    expect(count('2.28E+11')).toBe(228_000_000_000);
    expect(count('1.00')).toBe(1);
    expect(count(' 846 ')).toBe(846);
    for (const missing of ['', 'nan', 'NaN', 'N/A', '-', undefined]) expect(count(missing)).toBeNull();
  });

  it('refuses what is not a count, with the cell in the message', () => {
    expect(() => count('twelve')).toThrowError(BadValue);
    expect(() => count('-5')).toThrowError(/not a count: "-5"/);
    expect(() => count('1e30')).toThrowError(/too large/);
  });

  it('turns the literal \\n of the trending exports into line breaks', () => {
    expect(text('line one\\nline two\\r\\nthree')).toBe('line one\nline two\nthree');
    expect(text('   ')).toBeNull();
  });

  it('reads pipe-separated quoted tags, JSON arrays and [None]', () => {
    expect(tags('"last week tonight"|"john oliver"|"trump"')).toEqual(['last week tonight', 'john oliver', 'trump']);
    expect(tags('last week tonight|"john oliver"')).toEqual(['last week tonight', 'john oliver']);
    expect(tags('["a","b"]')).toEqual(['a', 'b']);
    expect(tags('[None]')).toEqual([]);
    expect(tags('')).toEqual([]);
  });

  it('reads the trending day written YY.DD.MM, and refuses an impossible one', () => {
    expect(trendingDay('17.14.11')).toBe('2017-11-14');
    expect(trendingDay('18.01.02')).toBe('2018-02-01');
    expect(() => trendingDay('17.32.11')).toThrowError(BadValue);
  });

  it('reads instants and dates as UTC ISO 8601', () => {
    expect(instant('2017-11-13T17:13:01.000Z')).toBe('2017-11-13T17:13:01.000Z');
    expect(instant('2017-11-13')).toBe('2017-11-13T00:00:00.000Z');
    expect(() => instant('13/11/2017')).toThrowError(BadValue);
  });

  it('reads two-letter country codes only, and spreadsheet booleans', () => {
    expect(countryCode('in')).toBe('IN');
    expect(countryCode('India')).toBeNull();
    expect(flag('False')).toBe(false);
    expect(flag('TRUE')).toBe(true);
    expect(() => flag('maybe')).toThrowError(BadValue);
  });
});
