// The niche list is reference data an analyst edits (mappings/niches.json). The indexer validates every record
// against it, so the indexed data never holds a niche outside it, and the API serves and validates against it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const NicheSchema = z.object({ value: z.string().regex(/^[a-z0-9_]+$/), label: z.string().min(1) });
export type Niche = z.infer<typeof NicheSchema>;
/**
 * `demo: false` marks a niche real data needs that the demo-data generator does not draw (entertainment, news…).
 * `names`: what people call the niche as a whole ("video games", "gamers"), as opposed to topics within it: a query
 * that is one of them asks for the niche's creators (src/search/niche-intent.ts).
 */
const NicheEntrySchema = NicheSchema.extend({
  demo: z.boolean().default(true),
  names: z.array(z.string().min(1)).default([]),
});

export const NICHES_FILE = path.resolve(import.meta.dirname, '../../mappings/niches.json');

const ENTRIES = z.array(NicheEntrySchema).parse(JSON.parse(readFileSync(NICHES_FILE, 'utf8')));

/** What people call each niche as a whole, by value. */
export const NICHE_NAMES: ReadonlyMap<string, readonly string[]> = new Map(ENTRIES.map((n) => [n.value, n.names]));

/** Every niche, in the file's order. */
export const NICHE_LIST: readonly Niche[] = ENTRIES.map(({ value, label }) => ({ value, label }));

/** The niches the demo-data generator draws from, in the file's order (its random draws depend on it). */
export const DEMO_NICHES: readonly Niche[] = ENTRIES.filter((n) => n.demo).map(({ value, label }) => ({
  value,
  label,
}));

/** Sorted by label, as GET /niches lists them. */
export const NICHES = [...NICHE_LIST].sort((a, b) => a.label.localeCompare(b.label, 'en'));

export const NICHE_VALUES = NICHES.map((n) => n.value) as [string, ...string[]];
