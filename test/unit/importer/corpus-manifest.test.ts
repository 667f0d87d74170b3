import { describe, expect, it } from 'vitest';
import { ManifestSchema, readManifest } from '../../../importer/corpus/manifest.ts';

const source = {
  repo: 'someone/trending-data',
  commit: 'a'.repeat(40),
  path: 'output/18.01.11_US_videos.csv',
  sha256: 'b'.repeat(64),
  format: 'datasnaek-csv',
  region: 'US',
  charted: null,
  licence: 'none stated',
};
const issues = (sources: unknown[]) => {
  const parsed = ManifestSchema.safeParse({ sources });
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the corpus manifest', () => {
  it('accepts a source with its place, digest, format, region and licence', () => {
    expect(issues([source])).toEqual([]);
  });

  it('names what is wrong: a short commit, an unknown format, a region that is a name, a missing licence', () => {
    expect(issues([{ ...source, commit: 'abc123' }])).toEqual(['sources.0.commit: a 40-digit commit']);
    expect(issues([{ ...source, format: 'excel' }])[0]).toMatch(/^sources\.0\.format: /);
    expect(issues([{ ...source, region: 'France' }])[0]).toMatch(/^sources\.0\.region: /);
    const { licence: _, ...unlicensed } = source;
    expect(issues([unlicensed])[0]).toMatch(/^sources\.0\.licence: /);
    expect(issues([{ ...source, extra: 1 }])[0]).toMatch(/extra/);
  });

  it('refuses the same file listed twice', () => {
    expect(issues([source, { ...source, path: 'copy.csv' }])).toEqual([
      'sources.1.sha256: the same file as source 0 (list a file once)',
    ]);
  });

  it('holds for the committed sources.json', () => {
    expect(readManifest().sources.length).toBeGreaterThan(0);
  });
});
