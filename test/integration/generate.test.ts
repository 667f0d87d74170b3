import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadJudgments } from '../../common/judgments.ts';
import { rollUp } from '../../indexer/evidence.ts';
import { generate } from '../../indexer/generate/dataset.ts';
import { HandleSet } from '../../indexer/generate/handles.ts';
import { handlePrefix } from '../../indexer/generate/judgments.ts';
import { VOCABULARY } from '../../indexer/generate/vocabulary.ts';
import {
  type CreatorRecord,
  CreatorRecordSchema,
  type SponsorRecord,
  SponsorRecordSchema,
  type SponsorshipEvidence,
  SponsorshipEvidenceSchema,
} from '../../indexer/records.ts';
import { DEFAULT_MIN_CONFIDENCE } from '../../src/contract/confidence.ts';
import { DEMO_NICHES } from '../../src/contract/niches.ts';

const FILES = ['sponsors.ndjson', 'creators.ndjson', 'sponsorships.ndjson', 'judgments.jsonl'];
const CREATOR_CLASSES = [
  ...['navigational', 'typo', 'partial', 'prefix', 'phrase', 'everyday', 'niche', 'topic', 'brand'],
  ...['authority', 'recipe', 'recipe-deep', 'sorted'],
  ...['lookalike', 'lookalike-heldout'],
];
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'generate-test-'));
  dirs.push(dir);
  return dir;
};
const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

let out: string;
let creators: CreatorRecord[];
let sponsors: SponsorRecord[];

beforeAll(async () => {
  out = tempDir();
  await generate({ creators: 2000, sponsors: 200, seed: 42, out });
  creators = lines(path.join(out, 'creators.ndjson')).map((l) => CreatorRecordSchema.parse(JSON.parse(l)));
  sponsors = lines(path.join(out, 'sponsors.ndjson')).map((l) => SponsorRecordSchema.parse(JSON.parse(l)));
}, 30_000);

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('generate: records', () => {
  it('writes the four files and no temporary ones', () => {
    for (const name of FILES) expect(readFileSync(path.join(out, name)).length).toBeGreaterThan(0);
    expect(() => readFileSync(path.join(out, 'creators.ndjson.tmp'))).toThrow();
  });

  it('writes records that pass the schemas', () => {
    expect(creators).toHaveLength(2000);
    expect(sponsors).toHaveLength(200);
    const judgments = loadJudgments([path.join(out, 'judgments.jsonl')]);
    expect(judgments.length).toBeGreaterThanOrEqual(300);
    expect(new Set(judgments.map((j) => j.class))).toEqual(new Set([...CREATOR_CLASSES, 'sponsor', 'sponsor-typo']));
  });

  it('gives unique ids, channel ids and handles, and only links to existing sponsors', () => {
    expect(new Set(creators.map((c) => c.id)).size).toBe(creators.length);
    expect(creators.map((c) => c.id)).toEqual(creators.map((_, i) => i + 1));
    expect(new Set(creators.map((c) => c.channelId)).size).toBe(creators.length);
    const handles = creators.flatMap((c) => (c.handle ? [c.handle.toLowerCase()] : []));
    expect(new Set(handles).size).toBe(handles.length);
    expect(new Set(sponsors.map((s) => s.id)).size).toBe(sponsors.length);
    expect(new Set(sponsors.map((s) => s.name.toLowerCase())).size).toBe(sponsors.length);
    const sponsorIds = new Set(sponsors.map((s) => s.id));
    for (const c of creators) {
      const ids = c.sponsorships.map((s) => s.sponsorId);
      expect(ids.every((id) => sponsorIds.has(id))).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBeLessThanOrEqual(8);
    }
  });

  it('grades only creators and sponsors that exist, by the ids the API shows', () => {
    const slugs = new Set(creators.map((c) => (c.handle ? c.handle.slice(1) : `creator-${c.id}`)));
    const sponsorIds = new Set(sponsors.map((s) => String(s.id)));
    for (const j of loadJudgments([path.join(out, 'judgments.jsonl')])) {
      const ratings = Object.entries(j.ratings);
      expect(ratings.length).toBeLessThanOrEqual(3000);
      const known = j.target === 'sponsors' ? sponsorIds : slugs;
      expect(ratings.every(([id]) => known.has(id))).toBe(true);
      // Queries about one creator or brand grade it 3; niche-wide ones grade its primary creators 2 or more.
      const best = Math.max(...ratings.map(([, grade]) => grade));
      expect(best).toBeGreaterThanOrEqual(['niche', 'phrase', 'everyday', 'topic', 'brand'].includes(j.class) ? 2 : 3);
    }
  });

  it('judges lookalikes by shared niche, size band and sponsors, never the creator itself, a third held out', () => {
    const byShown = new Map(creators.map((c) => [c.handle ? c.handle.slice(1) : `creator-${c.id}`, c]));
    const lookalikes = loadJudgments([path.join(out, 'judgments.jsonl')]).filter((j) => j.target === 'similar');
    expect(lookalikes.length).toBeGreaterThanOrEqual(30);
    expect(lookalikes.filter((j) => j.class === 'lookalike-heldout').length).toBe(Math.floor(lookalikes.length / 3));
    for (const j of lookalikes) {
      const target = byShown.get(j.query);
      expect(target).toBeDefined();
      expect(j.ratings[j.query]).toBeUndefined();
      for (const [id, grade] of Object.entries(j.ratings)) {
        const c = byShown.get(id);
        if (grade >= 2 && c?.primaryNiche !== target?.primaryNiche) {
          // Only a niche shared otherwise, with the size band and a sponsor, reaches 2 without the same primary niche.
          expect(
            [c?.primaryNiche, ...(c?.secondaryNiches ?? [])].some(
              (n) => n && [target?.primaryNiche, ...(target?.secondaryNiches ?? [])].includes(n),
            ),
          ).toBe(true);
        }
      }
    }
  });

  it('keeps audience distributions exact and led by the creator', () => {
    const withAudience = creators.filter((c) => c.audience);
    expect(withAudience.length / creators.length).toBeGreaterThan(0.75);
    for (const c of withAudience) {
      const a = c.audience;
      if (!a) continue;
      for (const d of [a.ageDistribution, a.genderDistribution, a.geoDistribution, a.languageDistribution]) {
        expect(Math.round(Object.values(d).reduce((x, y) => x + y, 0) * 10_000)).toBe(10_000);
      }
      const geo = Object.entries(a.geoDistribution).sort((x, y) => y[1] - x[1]);
      expect(geo.length).toBeGreaterThanOrEqual(3);
      expect(geo.length).toBeLessThanOrEqual(8);
      if (c.country) expect(geo[0]?.[0]).toBe(c.country);
      expect(a.interests.length).toBeGreaterThanOrEqual(3);
      expect(a.interests.length).toBeLessThanOrEqual(8);
      expect(a.computedAt < '2026-11-01').toBe(true);
    }
  });
});

describe('generate: realism', () => {
  it('leaves about 10% of handles null', () => {
    const share = creators.filter((c) => c.handle === null).length / creators.length;
    expect(share).toBeGreaterThan(0.06);
    expect(share).toBeLessThan(0.14);
  });

  it('spreads subscribers over several orders of magnitude, with consistent view counts', () => {
    const subscribers = creators.map((c) => c.subscribers);
    expect(Math.max(...subscribers) / Math.min(...subscribers)).toBeGreaterThanOrEqual(1000);
    expect(median(subscribers)).toBeGreaterThan(1000);
    expect(median(subscribers)).toBeLessThan(100_000);
    for (const c of creators) {
      const expected = c.avgViews * c.videoCount;
      expect(Math.abs(c.totalViews - expected)).toBeLessThanOrEqual(expected * 0.25 + 1);
      expect(c.videoCount).toBeGreaterThanOrEqual(10);
      expect(c.videoCount).toBeLessThanOrEqual(5000);
    }
  });

  it('gives a share of creators no sponsorships, and a few sponsors most of the deals', () => {
    const none = creators.filter((c) => c.sponsorships.length === 0).length / creators.length;
    expect(none).toBeGreaterThan(0.25);
    expect(none).toBeLessThan(0.55);
    const perSponsor = new Map(sponsors.map((s) => [s.id, 0]));
    for (const c of creators)
      for (const s of c.sponsorships) perSponsor.set(s.sponsorId, (perSponsor.get(s.sponsorId) ?? 0) + 1);
    const counts = [...perSponsor.values()];
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(5 * Math.max(1, median(counts)));
  });

  it('makes bigger channels verified more often', () => {
    const verifiedShare = (list: CreatorRecord[]) => list.filter((c) => c.verified).length / Math.max(1, list.length);
    const small = creators.filter((c) => c.subscribers < 10_000);
    const big = creators.filter((c) => c.subscribers >= 1_000_000);
    expect(verifiedShare(small)).toBeLessThan(0.05);
    expect(verifiedShare(big)).toBeGreaterThan(0.8);
  });

  it('describes mechanical keyboard creators with keyboard words far more often than others', () => {
    const keyboardy = (c: CreatorRecord) => /switch|keycap|keyboard/i.test(`${c.name} ${c.description ?? ''}`);
    const share = (list: CreatorRecord[]) => list.filter(keyboardy).length / Math.max(1, list.length);
    const niche = creators.filter((c) => c.primaryNiche === 'mechanical_keyboards');
    const others = creators.filter((c) => c.primaryNiche !== 'mechanical_keyboards');
    expect(niche.length).toBeGreaterThan(10);
    expect(share(niche)).toBeGreaterThan(0.7);
    expect(share(niche)).toBeGreaterThan(10 * share(others));
  });

  it('has a vocabulary for every niche', () => {
    for (const niche of DEMO_NICHES) expect(VOCABULARY[niche.value]?.terms.length ?? 0).toBeGreaterThanOrEqual(12);
  });

  it('cuts handle prefixes at word boundaries', () => {
    expect(handlePrefix('@TechWithTina')).toBe('techwith');
    expect(handlePrefix('@CollinMusic')).toBe('collin');
  });
});

describe('generate: sponsorship evidence', () => {
  let rows: SponsorshipEvidence[];
  beforeAll(() => {
    rows = lines(path.join(out, 'sponsorships.ndjson')).map((l) => SponsorshipEvidenceSchema.parse(JSON.parse(l)));
  });

  it("recounts every creator's sponsorships from its rows at or above the default confidence", () => {
    const byCreator = new Map<number, SponsorshipEvidence[]>();
    for (const r of rows) byCreator.set(r.creatorId, [...(byCreator.get(r.creatorId) ?? []), r]);
    for (const c of creators) expect(rollUp(byCreator.get(c.id) ?? []), `creator ${c.id}`).toEqual(c.sponsorships);
    const counted = rows.filter((r) => r.confidence >= DEFAULT_MIN_CONFIDENCE).length;
    expect(counted).toBe(creators.flatMap((c) => c.sponsorships).reduce((sum, s) => sum + s.count, 0));
  });

  it('dates counted rows within their sponsorship, keeps a few rows below the threshold, and names known sponsors', () => {
    const deals = new Map(creators.flatMap((c) => c.sponsorships.map((s) => [`${c.id}:${s.sponsorId}`, s])));
    const below = rows.filter((r) => r.confidence < DEFAULT_MIN_CONFIDENCE);
    expect(below.length).toBeGreaterThan(20);
    expect(below.length).toBeLessThan(rows.length / 10);
    for (const r of rows.filter((r) => r.confidence >= DEFAULT_MIN_CONFIDENCE)) {
      const deal = deals.get(`${r.creatorId}:${r.sponsorId}`);
      expect(deal && r.publishedAt >= deal.firstDate && r.publishedAt <= deal.lastDate).toBe(true);
    }
    const ids = new Set(sponsors.map((s) => s.id));
    expect(rows.every((r) => ids.has(r.sponsorId))).toBe(true);
    expect(new Set(rows.map((r) => r.videoId)).size).toBe(rows.length);
  });

  it("writes each creator's lines in its language", () => {
    const language = new Map(creators.map((c) => [c.id, c.language]));
    const disclosures = rows.filter((r) => r.rule === 'disclosure');
    const of = (code: string) => disclosures.filter((r) => language.get(r.creatorId) === code).map((r) => r.line);
    expect(of('es').length).toBeGreaterThan(0);
    expect(of('es').every((line) => /patrocina/.test(line))).toBe(true);
    expect(of('en').every((line) => /sponsor/.test(line))).toBe(true);
  });
});

describe('generate: determinism and options', () => {
  it('gives byte-identical files for the same seed and different ones for another seed', async () => {
    const [a, b, c] = [tempDir(), tempDir(), tempDir()];
    await generate({ creators: 1000, sponsors: 60, seed: 7, out: a });
    await generate({ creators: 1000, sponsors: 60, seed: 7, out: b });
    await generate({ creators: 1000, sponsors: 60, seed: 8, out: c });
    for (const name of FILES) {
      expect(sha256(path.join(b, name))).toBe(sha256(path.join(a, name)));
      expect(sha256(path.join(c, name))).not.toBe(sha256(path.join(a, name)));
    }
  }, 30_000);

  it('rejects too few creators or sponsors with a clear message', async () => {
    const out = tempDir();
    await expect(generate({ creators: 999, sponsors: 100, seed: 1, out })).rejects.toThrow(
      /--creators must be a whole number from 1000 to 5000000/,
    );
    await expect(generate({ creators: 1000, sponsors: 10, seed: 1, out })).rejects.toThrow(/--sponsors/);
    await expect(generate({ creators: 1000.5, sponsors: 100, seed: 1, out })).rejects.toThrow(/--creators/);
  });
});

describe('HandleSet', () => {
  it('treats handles case-insensitively', () => {
    const set = new HandleSet(10);
    expect(set.add('TechWithTina')).toBe(true);
    expect(set.has('techwithtina')).toBe(true);
    expect(set.add('TECHWITHTINA')).toBe(false);
    expect(set.has('TechWithTim')).toBe(false);
    expect(set.size).toBe(1);
  });
});
