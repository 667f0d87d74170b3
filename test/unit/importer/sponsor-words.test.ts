import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readJsonFile } from '../../../importer/json-file.ts';
import { detectSponsors } from '../../../importer/sponsors/detect.ts';
import { MAY_DEAL, MAY_DISCLOSE } from '../../../importer/sponsors/patterns.ts';
import { Registry } from '../../../importer/sponsors/registry.ts';
import { readWordFiles, WORDS_DIR, type WordList, wordsOf } from '../../../importer/sponsors/words.ts';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures/sponsor-words');
const FixtureSchema = z.object({
  language: z.string(),
  cases: z.array(z.object({ description: z.string(), sponsors: z.array(z.string()) })).min(1),
});
const files = readWordFiles();
const registry = Registry.load();

describe('the word files and the patterns built from them', () => {
  // The pre-checks and the patterns drifted apart once ("publicidad", "präsentiert" could never fire): every word a
  // pattern is built from must pass its line's pre-check.
  const checked: [WordList[], RegExp][] = [
    [['sponsoredBy', 'partnership', 'partners', 'adFor', 'supportedBy'], MAY_DISCLOSE],
    [['deal'], MAY_DEAL],
  ];
  for (const [lists, check] of checked)
    for (const list of lists)
      it(`lets every ${list} word through its pre-check`, () => {
        const words = wordsOf(files, list);
        expect(words.length).toBeGreaterThan(0);
        expect(words.filter((word) => !check.test(word))).toEqual([]);
      });

  it('has a fixture file for every language, and a word file for every fixture', () => {
    const languages = readdirSync(WORDS_DIR).filter((f) => f.endsWith('.json'));
    expect(readdirSync(FIXTURES).sort()).toEqual(languages.sort());
  });

  for (const { language } of files)
    it(`finds the sponsors of every ${language} fixture`, () => {
      const fixture = readJsonFile(path.join(FIXTURES, `${language}.json`), FixtureSchema, 'fixture');
      expect(fixture.language).toBe(language);
      for (const { description, sponsors } of fixture.cases) {
        const found = detectSponsors(
          { title: 'A video', description, tags: [] },
          { title: 'Creator', handle: null },
          registry,
        );
        expect({ description, sponsors: found.map((f) => f.name) }).toEqual({ description, sponsors });
      }
    });

  it('reads a word without its accents too, and refuses a file named for another language', () => {
    expect(wordsOf(files, 'deal')).toEqual(expect.arrayContaining(['réduction', 'reduction']));
    const dir = mkdtempSync(path.join(tmpdir(), 'words-'));
    copyFileSync(path.join(WORDS_DIR, 'de.json'), path.join(dir, 'fr.json'));
    expect(() => readWordFiles(dir)).toThrow('fr.json: its language is "de"');
  });
});
