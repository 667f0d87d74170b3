// The ranking weights live in mappings/ranking.json so analysts tune them without reading TypeScript; this
// schema checks them once at start, so a typo stops the API with a message instead of ranking silently wrong.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const boost = z.number().positive();
const boosts = z.record(z.string(), boost);
const minimumShouldMatch = z.string().regex(/^[0-9<%\s-]+$/);

const RankingSchema = z.object({
  creators: z.object({
    text: z.object({ fields: boosts, minimumShouldMatch }),
    prefix: z.object({ fields: boosts }),
    exact: z.object({ fields: boosts }),
    popularity: z.object({
      signals: z.record(z.string(), z.object({ boost, pivot: z.number().positive().optional() })),
    }),
  }),
  sponsors: z.object({
    name: z.object({ boost, fuzziness: z.string(), prefixBoost: boost, exactBoost: boost }),
    domainBoost: boost,
    description: z.object({ boost, minimumShouldMatch }),
  }),
});

export type Ranking = z.infer<typeof RankingSchema>;

export const RANKING_FILE = path.resolve(import.meta.dirname, '../../mappings/ranking.json');

export function loadRanking(file = RANKING_FILE): Ranking {
  const parsed = RankingSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
