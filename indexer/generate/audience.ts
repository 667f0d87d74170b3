import type { Audience } from '../records.ts';
import { clamp, type Random, type Weighted } from './random.ts';
import type { NicheVocabulary } from './vocabulary.ts';

const AGES = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'];
const AGE_BASE = [0.06, 0.28, 0.3, 0.17, 0.1, 0.06, 0.03];

/** Rounds shares to 4 decimals so they still sum to exactly 1 (the remainder goes to the largest). */
export function normalize(weights: Record<string, number>): Record<string, number> {
  const total = Object.values(weights).reduce((a, b) => a + b, 0);
  const shares = Object.fromEntries(
    Object.entries(weights).map(([k, w]) => [k, Math.round((w / total) * 10_000) / 10_000]),
  );
  const [largest] = Object.entries(shares).sort((a, b) => b[1] - a[1])[0] ?? [];
  const rest = Object.values(shares).reduce((a, b) => a + b, 0) - 1;
  if (largest) shares[largest] = Math.round(((shares[largest] ?? 0) - rest) * 10_000) / 10_000;
  return shares;
}

export interface AudienceContext {
  subscribers: number;
  country: string | null;
  language: string | null;
  vocabularies: NicheVocabulary[];
  countries: Weighted<string>;
  referenceDate: Date;
}

export function generateAudience(random: Random, c: AudienceContext): Audience {
  const age = Object.fromEntries(AGES.map((a, i) => [a, (AGE_BASE[i] ?? 0) * random.logNormal(1, 0.35)]));
  const male = clamp((c.vocabularies[0]?.maleShare ?? 0.5) + random.normal() * 0.06, 0.03, 0.97);
  const other = random.uniform(0.005, 0.03);
  // 3–8 countries, led by the creator's own.
  const geo: Record<string, number> = {};
  if (c.country) geo[c.country] = random.uniform(3, 8);
  const countries = random.int(3, 8);
  for (let attempt = 0; Object.keys(geo).length < countries && attempt < 50; attempt++) {
    const code = c.countries.pick(random);
    if (geo[code] === undefined) geo[code] = random.uniform(0.2, 1.5);
  }
  const language: Record<string, number> = {};
  if (c.language) language[c.language] = random.uniform(5, 9);
  if (c.language !== 'en') language.en = (language.en ?? 0) + random.uniform(0.5, 3);
  for (const extra of random.sample(['es', 'pt', 'hi', 'de', 'fr'], random.int(0, 2))) {
    language[extra] = (language[extra] ?? 0) + random.uniform(0.1, 1);
  }
  const interests = [...new Set(c.vocabularies.flatMap((v) => v.interests))];
  const computedAt = new Date(
    c.referenceDate.getTime() - random.int(1, 120) * 86_400_000 - random.int(0, 86_399) * 1000,
  );
  return {
    ageDistribution: normalize(age),
    genderDistribution: normalize({ male: male * (1 - other), female: (1 - male) * (1 - other), other }),
    geoDistribution: normalize(geo),
    languageDistribution: normalize(language),
    interests: random.sample(interests, Math.min(interests.length, random.int(3, 8))),
    confidence:
      Math.round(
        clamp(0.15 + 0.12 * Math.log10(Math.max(c.subscribers, 1)) + random.normal() * 0.08, 0.05, 0.98) * 100,
      ) / 100,
    computedAt: computedAt.toISOString(),
  };
}
