// The index definitions of mappings/: settings and mappings from <alias>.json, with the word lists an analyst edits
// as plain text (mappings/synonyms.txt, mappings/filler-words.txt) put into the creators' analysis settings.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AliasName } from './versions.ts';

const MAPPINGS = path.resolve(import.meta.dirname, '..', 'mappings');

/** The lines of a word list without comments and blank lines. */
export function wordList(file: string): string[] {
  return readFileSync(path.join(MAPPINGS, file), 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean);
}

/** Which analysis filter takes which word list, and the option it goes into. */
const WORD_LISTS: Record<string, { filter: string; option: string; file: string }[]> = {
  creators: [
    { filter: 'niche_synonyms', option: 'synonyms', file: 'synonyms.txt' },
    { filter: 'filler_words', option: 'stopwords', file: 'filler-words.txt' },
  ],
  sponsors: [],
  sponsorships: [],
};

/** Settings and mappings as OpenSearch takes them (typed loosely, as the JSON files are). */
export function indexDefinition(alias: AliasName) {
  const definition = JSON.parse(readFileSync(path.join(MAPPINGS, `${alias}.json`), 'utf8'));
  for (const { filter, option, file } of WORD_LISTS[alias] ?? []) {
    const target: Record<string, unknown> | undefined = definition.settings.analysis?.filter?.[filter];
    if (!target) throw new Error(`mappings/${alias}.json has no analysis filter ${filter} for ${file}`);
    target[option] = wordList(file);
  }
  return definition;
}

/** The history indices' settings and mappings (mappings/history.json): outside the versioned aliases. */
export function historyDefinition() {
  return JSON.parse(readFileSync(path.join(MAPPINGS, 'history.json'), 'utf8'));
}

/**
 * A digest of what an index is built from (its definition with the word lists in it): recorded in each index's
 * _meta, so the quick start can tell that the mappings changed since the live data was loaded.
 */
export function definitionDigest(alias: AliasName): string {
  return createHash('sha256')
    .update(JSON.stringify(indexDefinition(alias)))
    .digest('hex')
    .slice(0, 12);
}
