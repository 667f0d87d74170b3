// The niche list is reference data an analyst edits (mappings/niches.json). The indexer validates every record
// against it, so the indexed data never holds a niche outside it, and the API serves and validates against it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const NicheSchema = z.object({ value: z.string().regex(/^[a-z0-9_]+$/), label: z.string().min(1) });
export type Niche = z.infer<typeof NicheSchema>;

export const NICHES_FILE = path.resolve(import.meta.dirname, '../../mappings/niches.json');

/** In the file's order: the order the demo-data generator draws from. */
export const NICHE_LIST: readonly Niche[] = z.array(NicheSchema).parse(JSON.parse(readFileSync(NICHES_FILE, 'utf8')));

/** Sorted by label, as GET /niches lists them. */
export const NICHES = [...NICHE_LIST].sort((a, b) => a.label.localeCompare(b.label, 'en'));

export const NICHE_VALUES = NICHES.map((n) => n.value) as [string, ...string[]];
