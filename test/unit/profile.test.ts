import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LiveProfile } from '../../src/search/live-profile.ts';
import { DEFAULT_PROFILE, PROFILES_DIR, ProfileError, parseProfile, type Ranking } from '../../src/search/profile.ts';
import { TEST_PROFILE } from '../support/dataset.ts';

const BASELINE_PROFILE = path.join(PROFILES_DIR, 'baseline.json');
const testProfileText = readFileSync(TEST_PROFILE, 'utf8');

/** The test profile as JSON, changed by `edit` (which gets a fresh copy). */
function edited(edit: (profile: Ranking) => void): string {
  const profile = JSON.parse(testProfileText) as Ranking;
  edit(profile);
  return JSON.stringify(profile, null, 2);
}

/** The ProfileError parseProfile throws for this text. */
function refusal(text: string): ProfileError {
  try {
    parseProfile(text, 'bad.json');
  } catch (error) {
    expect(error).toBeInstanceOf(ProfileError);
    return error as ProfileError;
  }
  throw new Error('parseProfile accepted the profile');
}

describe('parseProfile', () => {
  it.each([
    ['relevance/profiles/default.json', DEFAULT_PROFILE],
    ['relevance/profiles/baseline.json', BASELINE_PROFILE],
    ['test/support/profile.json', TEST_PROFILE],
  ])('accepts %s', (_, file) => {
    const profile = parseProfile(readFileSync(file, 'utf8'), file);
    expect(profile.name).toBe(path.basename(file, '.json'));
    expect(profile.file).toBe(file);
    expect(profile.version).toMatch(/^[0-9a-f]{12}$/);
    expect(Object.keys(profile.ranking.creators.text.fields).length).toBeGreaterThan(0);
  });

  it('refuses text that is not JSON, naming the file', () => {
    expect(refusal('{ "creators": ').message).toMatch(/^bad\.json: not valid JSON/);
  });

  it.each<[string, (p: Ranking) => void, RegExp]>([
    ['an unknown key (strict)', (p) => Object.assign(p.creators.text, { boosts: 2 }), /creators\.text: .*boosts/],
    ['a negative boost', (p) => (p.creators.text.fields.name = -1), /creators\.text\.fields\.name:/],
    ['a zero boost', (p) => (p.sponsors.domainBoost = 0), /sponsors\.domainBoost:/],
    [
      'a bad fuzziness',
      (p) => Object.assign(p.creators.fuzzy ?? {}, { fuzziness: 'AUTO:3' }),
      /creators\.fuzzy\.fuzziness:/,
    ],
    [
      'a bad minimumShouldMatch',
      (p) => (p.creators.text.minimumShouldMatch = 'most'),
      /creators\.text\.minimumShouldMatch:/,
    ],
    ['a missing section', (p) => delete (p as Partial<Ranking>).sponsors, /sponsors:/],
    [
      'semantic with both k and minScore',
      (p) => (p.creators.semantic = { boost: 1, k: 10, minScore: 0.8, minWords: 1, perWord: 0 }),
      /creators\.semantic: give either k or minScore/,
    ],
    [
      'semantic with neither',
      (p) => (p.creators.semantic = { boost: 1, minWords: 1, perWord: 0 }),
      /creators\.semantic: give either k or minScore/,
    ],
    [
      'a minScore that takes half the creators or more',
      (p) => (p.creators.semantic = { boost: 1, minScore: 0.4, minWords: 1, perWord: 0 }),
      /creators\.semantic\.minScore:/,
    ],
    [
      'an efSearchPerMillion with minScore',
      (p) => (p.creators.semantic = { boost: 1, minScore: 0.8, efSearchPerMillion: 500, minWords: 1, perWord: 0 }),
      /creators\.semantic: efSearchPerMillion and efSearchFilteredPerMillion need k/,
    ],
    [
      'an efSearchFilteredPerMillion with minScore',
      (p) =>
        (p.creators.semantic = { boost: 1, minScore: 0.8, efSearchFilteredPerMillion: 50, minWords: 1, perWord: 0 }),
      /creators\.semantic: efSearchPerMillion and efSearchFilteredPerMillion need k/,
    ],
    [
      'an efSearchPerMillion of 0',
      (p) => (p.creators.semantic = { boost: 1, k: 10, efSearchPerMillion: 0, minWords: 1, perWord: 0 }),
      /creators\.semantic\.efSearchPerMillion:/,
    ],
    [
      'a negative perWord',
      (p) => (p.creators.semantic = { boost: 1, k: 10, minWords: 4, perWord: -1 }),
      /creators\.semantic\.perWord:/,
    ],
  ])('refuses %s with a ProfileError naming the field', (_, edit, field) => {
    expect(refusal(edited(edit)).message).toMatch(field);
  });

  it('gives a new version when the content changes, the same when it does not', () => {
    const same = parseProfile(testProfileText, 'a.json');
    expect(parseProfile(testProfileText, 'b.json').version).toBe(same.version);
    const changed = parseProfile(
      edited((p) => (p.creators.text.fields.name = 4)),
      'a.json',
    );
    expect(changed.version).not.toBe(same.version);
    expect(changed.ranking.creators.text.fields.name).toBe(4);
  });
});

describe('LiveProfile', () => {
  let dir: string;
  let file: string;
  let calls: { level: 'info' | 'error'; args: unknown[] }[];
  const log = {
    info: (...args: unknown[]) => calls.push({ level: 'info', args }),
    error: (...args: unknown[]) => calls.push({ level: 'error', args }),
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'live-profile-'));
    file = path.join(dir, 'live.json');
    writeFileSync(file, testProfileText);
    calls = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reload switches to a valid changed file and says so; an unchanged one is no change', () => {
    const live = new LiveProfile(file, log);
    const first = live.describe();
    expect(first).toEqual({ name: 'live', version: parseProfile(testProfileText, file).version, file });

    expect(live.reload()).toBe(false);
    expect(live.describe()).toEqual(first);

    writeFileSync(
      file,
      edited((p) => (p.creators.text.fields.name = 7)),
    );
    expect(live.reload()).toBe(true);
    expect(live.describe().version).not.toBe(first.version);
    expect(live.ranking.creators.text.fields.name).toBe(7);
    expect(live.profile.ranking).toBe(live.ranking);
    expect(calls).toEqual([{ level: 'info', args: [{ profile: live.describe() }, 'ranking profile loaded'] }]);

    expect(live.reload()).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['invalid JSON', '{ "creators": {', /not valid JSON/],
    ['an invalid field', edited((p) => (p.creators.text.fields.name = -3)), /creators\.text\.fields\.name/],
    ['a deleted file', undefined, /cannot be read \(ENOENT\)/],
  ])('reload refuses %s: false, the old ranking kept, an error naming the problem', (_, text, problem) => {
    const live = new LiveProfile(file, log);
    const before = live.describe();
    const ranking = live.ranking;
    if (text === undefined) rmSync(file);
    else writeFileSync(file, text);

    expect(live.reload()).toBe(false);
    expect(live.describe()).toEqual(before);
    expect(live.ranking).toBe(ranking);
    expect(calls).toEqual([{ level: 'error', args: [expect.any(Object), expect.any(String)] }]);
    const [fields, message] = (calls[0]?.args ?? []) as [{ profile: unknown; problem: string }, string];
    expect(message).toMatch(/refused/);
    expect(fields.profile).toEqual(before);
    expect(fields.problem).toContain(file);
    expect(fields.problem).toMatch(problem);
  });

  it('throws a ProfileError at construction when the file is missing or invalid', () => {
    expect(() => new LiveProfile(path.join(dir, 'missing.json'), log)).toThrow(ProfileError);
    expect(() => new LiveProfile(path.join(dir, 'missing.json'), log)).toThrow(/missing\.json: cannot be read/);
    writeFileSync(
      file,
      edited((p) => (p.sponsors.name.fuzziness = 'lots')),
    );
    expect(() => new LiveProfile(file, log)).toThrow(/sponsors\.name\.fuzziness/);
    expect(calls).toEqual([]);
  });
});
