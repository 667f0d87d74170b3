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
};
const repositories = { 'someone/trending-data': { licence: 'none stated', about: 'A scraper run of 11 Jan 2018.' } };
const issues = (sources: unknown[], repos: object = repositories) => {
  const parsed = ManifestSchema.safeParse({ repositories: repos, sources });
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the corpus manifest', () => {
  it('accepts a source with its place, digest, format and region, and its repository with its licence', () => {
    expect(issues([source])).toEqual([]);
  });

  it('names what is wrong: a short commit, an unknown format, a region that is a name, an unknown field', () => {
    expect(issues([{ ...source, commit: 'abc123' }])).toEqual(['sources.0.commit: a 40-digit commit']);
    expect(issues([{ ...source, format: 'excel' }])[0]).toMatch(/^sources\.0\.format: /);
    expect(issues([{ ...source, region: 'France' }])[0]).toMatch(/^sources\.0\.region: /);
    expect(issues([{ ...source, extra: 1 }])[0]).toMatch(/extra/);
  });

  it("accepts a file's channel when it lists one channel's uploads, not an empty one", () => {
    expect(issues([{ ...source, channel: 'PBS KIDS' }])).toEqual([]);
    expect(issues([{ ...source, channel: ' ' }])[0]).toMatch(/^sources\.0\.channel: /);
  });

  it('wants every repository named with its licence', () => {
    expect(issues([source], {})).toEqual([
      'sources.0.repo: someone/trending-data is not among the repositories (say its licence there)',
    ]);
    expect(issues([source], { 'someone/trending-data': { about: 'x' } })[0]).toMatch(
      /^repositories\.someone\/trending-data\.licence: /,
    );
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
