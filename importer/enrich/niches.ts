// A channel's niches from what its sources say: categories and topics (the rules file maps them onto
// mappings/niches.json), and words in its titles, tags and its own text (each niche's everyday words in
// mappings/synonyms.txt, plus the rules file's). Scores add up per channel; importer/rules/niches.json says how.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { NICHE_LIST, NICHE_VALUES } from '../../src/contract/niches.ts';
import { readJsonFile } from '../json-file.ts';
import { foldName } from '../model.ts';

export const NICHE_RULES_FILE = path.resolve(import.meta.dirname, '../rules/niches.json');
const SYNONYMS_FILE = path.resolve(import.meta.dirname, '../../mappings/synonyms.txt');

const nicheValue = z.enum(NICHE_VALUES);
const RulesSchema = z.object({
  about: z.string().optional(),
  weights: z.object({
    channelCategory: z.number(),
    videoCategory: z.number(),
    word: z.number(),
    channelWord: z.number(),
  }),
  minimum: z.number().positive(),
  secondaryShare: z.number().min(0).max(1),
  categories: z.record(z.string(), nicheValue.nullable()),
  words: z.partialRecord(nicheValue, z.array(z.string().min(1))),
});
type Rules = z.infer<typeof RulesSchema>;

/** Words as they are compared: lower case, no accents, single spaces between letters and digits. */
const normalize = (text: string) =>
  ` ${text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

export class NicheRules {
  /** Niches by each one-word term; per niche, its phrases as ` two words ` (spaces around: whole words only). */
  private readonly single = new Map<string, string[]>();
  private readonly phrases = new Map<string, string[]>();

  private constructor(
    private readonly rules: Rules,
    words: Map<string, string[]>,
  ) {
    for (const [niche, list] of words) {
      for (const word of list) {
        const term = word.trim();
        if (term.includes(' ')) this.phrases.set(niche, [...(this.phrases.get(niche) ?? []), word]);
        else this.single.set(term, [...(this.single.get(term) ?? []), niche]);
      }
    }
  }

  static load(file = NICHE_RULES_FILE): NicheRules {
    const rules = readJsonFile(file, RulesSchema, 'niche rules file');
    const words = new Map<string, Set<string>>();
    const addWord = (niche: string, word: string) => {
      const normalized = normalize(word);
      if (normalized.trim() === '') return;
      const set = words.get(niche) ?? new Set();
      set.add(normalized);
      words.set(niche, set);
    };
    for (const [niche, list] of synonymLines()) for (const word of list) addWord(niche, word);
    for (const [niche, list] of Object.entries(rules.words)) for (const word of list ?? []) addWord(niche, word);
    return new NicheRules(rules, new Map([...words].map(([niche, set]) => [niche, [...set]])));
  }

  /** The niche a category or topic maps to (null when the rules say it tells nothing or do not know it). */
  category(name: string): string | null {
    return this.rules.categories[name] ?? this.rules.categories[name.replace(/^https?:\/\/\S+\/wiki\//, '')] ?? null;
  }

  /** The niches whose words a text holds. */
  wordsIn(text: string): string[] {
    const normalized = normalize(text);
    const found = new Set<string>();
    for (const token of normalized.trim().split(' '))
      for (const niche of this.single.get(token) ?? []) found.add(niche);
    for (const [niche, phrases] of this.phrases)
      if (!found.has(niche) && phrases.some((p) => normalized.includes(p))) found.add(niche);
    return [...found];
  }

  get weights(): Rules['weights'] {
    return this.rules.weights;
  }

  /** Primary and secondary niches from a channel's scores. */
  choose(scores: Map<string, number>): { primary: string | null; secondary: string[] } {
    const ranked = [...scores].filter(([, score]) => score > 0).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const [best] = ranked;
    if (!best || best[1] < this.rules.minimum) return { primary: null, secondary: [] };
    const floor = Math.max(this.rules.minimum, best[1] * this.rules.secondaryShare);
    return {
      primary: best[0],
      secondary: ranked
        .slice(1)
        .filter(([, score]) => score >= floor)
        .slice(0, 3)
        .map(([niche]) => niche),
    };
  }
}

/** mappings/synonyms.txt's lines, each belonging to the niche its first term names (`diy, …` is DIY & Home Improvement). */
function synonymLines(): [string, string[]][] {
  const byName = new Map<string, string>();
  for (const niche of NICHE_LIST) {
    byName.set(foldName(niche.value), niche.value);
    byName.set(foldName(niche.label.replace(/&/g, 'and')), niche.value);
  }
  const lines: [string, string[]][] = [];
  for (const line of readFileSync(SYNONYMS_FILE, 'utf8').split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const terms = line.split(/=>|,/).map((t) => t.trim());
    const niche = byName.get(foldName(terms[0] as string));
    if (niche) lines.push([niche, terms]);
  }
  return lines;
}
