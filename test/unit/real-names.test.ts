import { describe, expect, it } from 'vitest';
import type { CreatorRecord } from '../../indexer/records.ts';
import { realNameJudgments, splitName } from '../../workbench/real-names.ts';

const creator = (id: number, name: string, handle: string | null = null) =>
  ({ id, name, handle, channelId: null }) as unknown as CreatorRecord;

describe('real-name judgments', () => {
  it('splits a run-together name at its capitals and digits, and leaves other names alone', () => {
    expect(splitName('JennaMarbles')).toBe('Jenna Marbles');
    expect(splitName('PopularMMOs')).toBe('Popular MMOs');
    expect(splitName('50Cent')).toBe('50 Cent');
    expect(splitName('@EdSheeran')).toBe('Ed Sheeran');
    expect(splitName('Shawn Mendes')).toBeUndefined();
    expect(splitName('tseries')).toBeUndefined();
  });

  it('types each name the ways people type names, and grades every creator of the same letters 3', () => {
    const creators = [
      creator(1, 'Shawn Mendes', '@ShawnMendes'),
      creator(2, 'JennaMarbles', '@JennaMarbles'),
      creator(3, '✿ Kids Diana Show'),
      creator(4, 'Kids Diana Show'),
      creator(5, 'Boram Tube Vlog [ï¿½ï¿½ï¿½]'),
    ];
    const judged = realNameJudgments(creators);
    const queries = (kind: string) => judged.filter((j) => j.class === kind).map((j) => j.query);
    expect(queries('joined')).toEqual(expect.arrayContaining(['shawnmendes', 'kidsdianashow']));
    expect(queries('split')).toEqual(expect.arrayContaining(['Jenna Marbles', 'Shawn Mendes']));
    expect(queries('folded')).toContain('kids diana show');
    expect(queries('handle')).toEqual(expect.arrayContaining(['@ShawnMendes', '@JennaMarbles']));
    expect(judged.some((j) => j.query.includes('boram'))).toBe(false);
    const diana = judged.find((j) => j.class === 'exact' && j.query === '✿ Kids Diana Show');
    expect(diana?.ratings).toEqual({ 'creator-3': 3, 'creator-4': 3 });
  });
});
