import { describe, expect, it } from 'vitest';
import { formatJudgment, parseJudgments } from '../../common/judgments.ts';
import { parseQuepidCsv, type QuepidOptions } from '../../workbench/quepid.ts';

const CREATORS: QuepidOptions = { class: 'quepid', target: 'creators' };
const parse = (text: string, options: Partial<QuepidOptions> = {}) =>
  parseQuepidCsv(text, 'ratings.csv', { ...CREATORS, ...options });
const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

describe('parseQuepidCsv', () => {
  it("reads Quepid's basic export: one judgment per query, in the file's order", () => {
    const { judgments, ratings, warnings } = parse(
      csv(
        'query,docid,rating',
        'cooking,CookingTipsWalker,3.0',
        'cooking,HomeCookingYvette,2.0',
        'gadgets,TheHumbleGadget,1',
      ),
    );
    expect(judgments).toEqual([
      {
        query: 'cooking',
        class: 'quepid',
        target: 'creators',
        ratings: { CookingTipsWalker: 3, HomeCookingYvette: 2 },
      },
      { query: 'gadgets', class: 'quepid', target: 'creators', ratings: { TheHumbleGadget: 1 } },
    ]);
    expect(ratings).toBe(3);
    expect(warnings).toEqual([]);
  });

  it('reads quoted fields with commas, "" escapes and line breaks, and columns in any order', () => {
    const { judgments } = parse(
      csv(
        '"Rating","DocID","Query"',
        '2,a1,"tech, reviews"',
        '3,a2,"the ""humble"" gadget"',
        '1,a3,"two',
        'lines"',
        '0,a4,plain',
      ),
    );
    expect(judgments.map((j) => [j.query, j.ratings])).toEqual([
      ['tech, reviews', { a1: 2 }],
      ['the "humble" gadget', { a2: 3 }],
      ['two\r\nlines', { a3: 1 }],
      ['plain', { a4: 0 }],
    ]);
  });

  it('drops the space Quepid puts before text starting with @, and a byte-order mark', () => {
    const { judgments } = parse(`\uFEFF${csv('query,docid,rating', '" @TechWithTina",TechWithTina,3')}`);
    expect(judgments[0]?.query).toBe('@TechWithTina');
  });

  it('maps 0..N onto 0..3 with rounding under --scale', () => {
    const rows = [0, 1, 2, 5, 8, 10].map((r) => `q,d${r},${r}`);
    const { judgments } = parse(csv('query,docid,rating', ...rows), { scale: 10 });
    expect(judgments[0]?.ratings).toEqual({ d0: 0, d1: 0, d2: 1, d5: 2, d8: 2, d10: 3 });
  });

  it('merges a document rated twice for one query: the last rating wins, with a warning', () => {
    const { judgments, ratings, warnings } = parse(
      csv('query,docid,rating', 'cooking,a,1', 'cooking,b,2', 'cooking,a,3'),
    );
    expect(judgments[0]?.ratings).toEqual({ a: 3, b: 2 });
    expect(ratings).toBe(2);
    expect(warnings).toEqual(['ratings.csv:4: "cooking" rates a again (first on line 2); the last rating wins']);
  });

  it('leaves out queries and documents Quepid lists without a rating, with a warning', () => {
    const { judgments, warnings } = parse(
      csv('query,docid,rating', 'unrated,,', 'cooking,a,2', 'cooking,b,', 'lonely'),
    );
    expect(judgments.map((j) => j.query)).toEqual(['cooking']);
    expect(warnings).toEqual([
      'left out 2 queries without ratings: "unrated" (line 2), "lonely" (line 5)',
      'left out 1 document listed without a rating: b (line 4)',
    ]);
  });

  it('warns when ids do not look like the ids the API shows', () => {
    expect(parse(csv('query,docid,rating', 'q,902,3', 'q,1445,1')).warnings[0]).toMatch(/every docid is a number/);
    expect(parse(csv('query,docid,rating', 'nord,Nordspark,3'), { target: 'sponsors' }).warnings[0]).toMatch(
      /not numbers/,
    );
  });

  it('writes lines the judgment loader reads back unchanged', () => {
    const { judgments } = parse(csv('query,docid,rating', 'nord,198,3', 'nord,167,2'), { target: 'sponsors' });
    const text = judgments.map(formatJudgment).join('\n');
    expect(parseJudgments(text, 'x.jsonl').map(({ source: _, ...j }) => j)).toEqual(judgments);
  });

  describe('stops at bad input, naming the line', () => {
    const cases: [string, string, Partial<QuepidOptions>, RegExp][] = [
      ['a missing column', csv('query,doc,rating', 'q,a,1'), {}, /^ratings\.csv:1: no docid column/],
      ['an empty file', '', {}, /^ratings\.csv: empty/],
      ['an empty query', csv('query,docid,rating', 'q,a,1', '  ,b,2'), {}, /^ratings\.csv:3: empty query/],
      ['an empty docid', csv('query,docid,rating', 'q,a,1', 'q,,2'), {}, /^ratings\.csv:3: empty docid/],
      ['a fractional rating', csv('query,docid,rating', 'q,a,2.5'), {}, /^ratings\.csv:2: rating "2\.5" is not/],
      ['a word as rating', csv('query,docid,rating', 'q,a,good'), {}, /^ratings\.csv:2: rating "good" is not/],
      ['a negative rating', csv('query,docid,rating', 'q,a,-1'), {}, /^ratings\.csv:2: rating "-1" is not/],
      ['a rating above 3', csv('query,docid,rating', 'q,a,1', 'q,b,7'), {}, /^ratings\.csv:3: .*--scale/],
      ['a rating above the scale', csv('query,docid,rating', 'q,a,11'), { scale: 10 }, /^ratings\.csv:2: .*above/],
      ['an unclosed quote', csv('query,docid,rating', 'q,a,1', '"q,b,2'), {}, /^ratings\.csv:3: a quoted field/],
      ['a query the API refuses', csv('query,docid,rating', `${'x'.repeat(201)},a,1`), {}, /^ratings\.csv:2: query/],
    ];
    for (const [what, text, options, message] of cases) {
      it(what, () => expect(() => parse(text, options)).toThrow(message));
    }

    it('counts the lines of a quoted field that spans several', () => {
      expect(() => parse(csv('query,docid,rating', '"a', 'b",x,1', 'q,,9'))).toThrow(/^ratings\.csv:4: empty docid/);
    });
  });
});
