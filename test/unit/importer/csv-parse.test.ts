import { describe, expect, it } from 'vitest';
import { CsvParser, UnclosedQuote } from '../../../importer/csv/parse.ts';

const parseAll = (text: string, chunk = text.length) => {
  const parser = new CsvParser();
  const records = [];
  for (let at = 0; at < text.length; at += chunk) records.push(...parser.push(text.slice(at, at + chunk)));
  records.push(...parser.end());
  return records;
};

describe('the lenient CSV parser', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and gives each record its first line', () => {
    const text = 'id,text\r\n1,"a, b"\r\n2,"say ""hi""\nsecond line"\r\n3,plain\r\n';
    expect(parseAll(text)).toEqual([
      { line: 1, fields: ['id', 'text'] },
      { line: 2, fields: ['1', 'a, b'] },
      { line: 3, fields: ['2', 'say "hi"\nsecond line'] },
      { line: 5, fields: ['3', 'plain'] },
    ]);
  });

  it('joins text after a closing quote to the field, as the trending exports need (`"a"|"b"`)', () => {
    expect(parseAll('tags,n\n"a"|"b"|"c",1\n')[1]?.fields).toEqual(['a|"b"|"c"', '1']);
  });

  it('keeps quotes inside an unquoted field', () => {
    expect(parseAll('a,b\nsay "x",2\n')[1]?.fields).toEqual(['say "x"', '2']);
  });

  it('gives the same records whatever the chunk boundaries (a \\r\\n or a quote split across chunks)', () => {
    const text = 'id,text\r\n1,"a ""quoted"" word\r\nover lines"\r\n2,"x"\r3,y\n4,"last"';
    const whole = parseAll(text);
    for (let chunk = 1; chunk <= text.length; chunk += 1) expect(parseAll(text, chunk)).toEqual(whole);
    expect(whole.map((r) => r.fields[0])).toEqual(['id', '1', '2', '3', '4']);
  });

  it('reads a last row without a final line break, and reports a truncated one (a quote never closed) with its line', () => {
    expect(parseAll('a,b\n1,2').at(-1)?.fields).toEqual(['1', '2']);
    expect(() => parseAll('a,b\n1,2\n3,"never closed\nmore')).toThrowError(UnclosedQuote);
    try {
      parseAll('a,b\n1,2\n3,"never closed\nmore');
    } catch (error) {
      expect((error as UnclosedQuote).line).toBe(3);
    }
  });

  it('skips empty lines', () => {
    expect(parseAll('a\n\n1\n\n').map((r) => r.fields)).toEqual([['a'], ['1']]);
  });
});
