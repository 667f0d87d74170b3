import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, DESCRIBED_CREATORS, TEST_PROFILE } from '../support/dataset.ts';

// Creator search through the whole app with a profile that has a semantic section, on an index with creators'
// vectors (the real model, the real k-NN plugin): a description that shares no word with a creator finds it, and
// SEMANTIC=off answers as the lexical profile does.

const creators = [
  ...DESCRIBED_CREATORS,
  creator(5, { name: 'Code Channel', description: 'Kids channel of cartoons and songs.' }),
];

const dir = mkdtempSync(path.join(os.tmpdir(), 'semantic-profile-'));
const semanticProfile = path.join(dir, 'semantic.json');
let data: Awaited<ReturnType<typeof loadRecords>>;
const apps: TestApp[] = [];

async function appWith(env: Record<string, string>) {
  const app = await createTestApp({ INDEX_PREFIX: data.prefix, LOG_LEVEL: 'warn', ...env });
  apps.push(app);
  return app;
}

async function names(app: TestApp, query: string, extra: Record<string, string> = {}) {
  const response = await app.get(`/api/v1/creators?${new URLSearchParams({ query, ...extra })}`);
  expect(response.statusCode).toBe(200);
  return (response.json().creators as { name: string }[]).map((c) => c.name);
}

beforeAll(async () => {
  const profile = JSON.parse(readFileSync(TEST_PROFILE, 'utf8'));
  profile.creators.semantic = { boost: 2, k: 2 };
  writeFileSync(semanticProfile, JSON.stringify(profile));
  data = await loadRecords('semantic_search', [], creators, { semantic: true });
}, 120_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await data?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('semantic creator search', () => {
  it('finds creators by what a description means, beside what its words match', async () => {
    const app = await appWith({ RANKING_PROFILE: semanticProfile });
    // An app's first searches are lexical while it learns what the live index holds (src/search/live-index.ts).
    await expect
      .poll(() => names(app, 'someone who reviews budget earbuds'))
      .toEqual(['Pocket Audio', expect.any(String)]);
    // "kids" and "code" match Code Channel's words; the nearest in meaning is Byte Sized Kids.
    expect(await names(app, 'channels that teach kids to code')).toContain('Byte Sized Kids');
  });

  it('keeps the filters: a creator nearest in meaning but outside them is not added', async () => {
    const app = await appWith({ RANKING_PROFILE: semanticProfile });
    await expect.poll(() => names(app, 'someone who reviews budget earbuds')).toContain('Pocket Audio');
    expect(await names(app, 'someone who reviews budget earbuds', { min_subscribers: '999999999' })).toEqual([]);
  });

  it('answers exactly as the lexical profile with SEMANTIC=off', async () => {
    const off = await appWith({ RANKING_PROFILE: semanticProfile, SEMANTIC: 'off' });
    const lexical = await appWith({});
    for (const query of ['channels that teach kids to code', 'someone who reviews budget earbuds', 'hiking']) {
      const [a, b] = await Promise.all(
        [off, lexical].map((app) => app.get(`/api/v1/creators?${new URLSearchParams({ query })}`)),
      );
      expect(a?.json()).toEqual(b?.json());
    }
    expect(await names(off, 'someone who reviews budget earbuds')).not.toContain('Pocket Audio');
  });
});
