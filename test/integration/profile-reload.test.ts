import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProfile, type Ranking } from '../../src/search/profile.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, sponsor, TEST_PROFILE } from '../support/dataset.ts';

// The reload path the API takes in production: the file watch (RANKING_PROFILE_POLL_MS), no restart, no SIGHUP.
// LiveProfile.reload itself is covered by test/unit/profile.test.ts.

const POLL_MS = 50;

/** The test profile with one change; A ranks by the words, B by subscribers far above the words. */
function variant(edit: (ranking: Ranking) => void): string {
  const ranking = JSON.parse(readFileSync(TEST_PROFILE, 'utf8')) as Ranking;
  edit(ranking);
  return `${JSON.stringify(ranking, null, 2)}\n`;
}
const PROFILE_A = variant((r) => {
  delete r.creators.popularity;
});
const PROFILE_B = variant((r) => {
  r.creators.popularity = { signals: { 'popularity.subscribers': { boost: 200, pivot: 1000 } } };
});
const versionOf = (text: string) => parseProfile(text, 'x.json').version;

// Both match "gadget": the first by its name (and handle), the second only in its description, with 5000× the
// subscribers. The others match nothing.
const CREATORS = [
  creator(1, {
    handle: '@gadgetgarage',
    name: 'Gadget Garage',
    description: 'Gadget teardowns.',
    subscribers: 2000,
    avgViews: 300,
  }),
  creator(2, {
    handle: '@dailytechdesk',
    name: 'Daily Tech Desk',
    description: 'Phones, laptops and the odd gadget.',
    subscribers: 10_000_000,
    avgViews: 900_000,
  }),
  // Niches of their own: the test records are Tech Reviews by default, a synonym of "gadget".
  creator(3, {
    handle: '@homecooking',
    name: 'Home Cooking',
    description: 'Recipes for busy weeknights.',
    primaryNiche: 'cooking',
  }),
  creator(4, {
    handle: '@slowtravel',
    name: 'Slow Travel',
    description: 'Trains across Europe.',
    primaryNiche: 'travel',
  }),
];
const BY_TEXT = ['gadgetgarage', 'dailytechdesk'];
const BY_SUBSCRIBERS = ['dailytechdesk', 'gadgetgarage'];

/**
 * Replaces the file as editors save: a new file renamed over the old, so the watch never sees it half-written
 * (which it would refuse and log, muddling the count of refusals below).
 */
function save(file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS / 2));
  }
}

describe('a live ranking profile', () => {
  let data: Awaited<ReturnType<typeof loadRecords>>;
  let dir: string;
  let file: string;
  let test: TestApp;

  beforeAll(async () => {
    data = await loadRecords('profile_reload', [sponsor(1, 'Keyforge Labs')], CREATORS);
    dir = mkdtempSync(path.join(os.tmpdir(), 'profile-reload-'));
    file = path.join(dir, 'live.json');
    writeFileSync(file, PROFILE_A);
    test = await createTestApp({
      INDEX_PREFIX: data.prefix,
      RANKING_PROFILE: file,
      RANKING_PROFILE_POLL_MS: String(POLL_MS),
    });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
    await data?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const order = async () => {
    const response = await test.get('/api/v1/creators?query=gadget');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().creators as { id: string }[]).map((c) => c.id);
  };
  const liveVersion = async () => {
    const response = await test.app.inject('/readyz');
    expect(response.statusCode, response.body).toBe(200);
    const { profile } = response.json() as { profile: { name: string; version: string } };
    expect(profile.name).toBe('live');
    return profile.version;
  };
  const refusals = () =>
    test.logs.filter((line) => line.level === 50 && String(line.msg).includes('ranking profile refused'));

  it('changes API results with no restart, and an invalid profile is refused while the old one keeps serving', async () => {
    expect(versionOf(PROFILE_A)).not.toBe(versionOf(PROFILE_B));
    expect(await liveVersion()).toBe(versionOf(PROFILE_A));
    expect(await order()).toEqual(BY_TEXT);

    save(file, PROFILE_B);
    await until('B live on /readyz', async () => ((await liveVersion()) === versionOf(PROFILE_B) ? true : undefined));
    expect(await order()).toEqual(BY_SUBSCRIBERS);
    expect(test.logs.some((line) => line.msg === 'ranking profile loaded')).toBe(true);

    // Not JSON (an editor caught mid-save): refused, B keeps serving.
    save(file, PROFILE_B.slice(0, PROFILE_B.length / 2));
    const notJson = await until('a refusal of the broken JSON', async () => refusals()[0]);
    expect(String(notJson.problem)).toMatch(/not valid JSON/);
    expect(await liveVersion()).toBe(versionOf(PROFILE_B));
    expect(await order()).toEqual(BY_SUBSCRIBERS);

    // Valid JSON with a field the schema refuses: the error names the field.
    save(
      file,
      variant((r) => {
        r.creators.text.fields.name = -2;
      }),
    );
    const [, badField] = await until('a refusal of the bad field', async () =>
      refusals().length >= 2 ? refusals() : undefined,
    );
    expect(badField).toMatchObject({ profile: { name: 'live', version: versionOf(PROFILE_B) } });
    expect(String(badField?.problem)).toContain('creators.text.fields.name');

    // Several poll intervals later: still B, and the unchanged bad file is not refused again at every poll.
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 6));
    expect(await liveVersion()).toBe(versionOf(PROFILE_B));
    expect(await order()).toEqual(BY_SUBSCRIBERS);
    expect(refusals()).toHaveLength(2);
  });
});
