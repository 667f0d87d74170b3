import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mineBrands, simpleIconsSeed } from '../../../importer/sponsors/mine.ts';
import { channelHashes, MinedBrands } from '../../../importer/sponsors/mined.ts';
import { Registry } from '../../../importer/sponsors/registry.ts';

const registry = Registry.load();
const video = (videoId: string, channelTitle: string, description: string) =>
  JSON.stringify({ videoId, channelId: null, channelTitle, title: 'A video', description, tags: [] });

function corpus(lines: string[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'corpus-')), 'videos.ndjson');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('brand knowledge mined across channels', () => {
  const file = corpus([
    video('v1', 'Alice Cooks', 'Zorblax - use code ALICE for 10% off https://zorblax.com/alice'),
    video('v2', 'Bob Builds', 'This video is sponsored by Zorblax! Get 20% off at https://zorblax.com/bob'),
    video('v3', 'Carol Games', 'Zorblax: 15% off with code CAROL https://zorblax.com'),
    video('v4', 'Carol Games', 'Zorblax: 15% off with code CAROL again https://zorblax.com'),
    // One channel alone, and a channel's own shop, are no evidence of a brand.
    video('v5', 'Dave Draws', 'Quintor Cases - use code DAVE for 10% off'),
    video('v6', 'Velomix', 'Velomix - use code SALE for 10% off https://velomix.com'),
    video('v7', 'Erin Eats', 'Velomix - use code SALE for 10% off https://velomix.com'),
  ]);

  it('keeps what enough distinct channels promote, counting a channel once and never on its own name', async () => {
    const mined = await mineBrands({ corpus: file, registry, minChannels: 2 });
    expect(mined.brands.map((b) => [b.name, b.channels, b.domains])).toEqual([['Zorblax', 3, ['zorblax.com']]]);
  });

  it("gives the scorer each brand's channels but the video's own", async () => {
    const brands = new MinedBrands(await mineBrands({ corpus: file, registry, minChannels: 2 }));
    expect(brands.channelsFor('Zorblax', null, channelHashes(null, 'Someone Else'))).toEqual({
      channels: 3,
      seed: false,
    });
    expect(brands.channelsFor('zorblax', null, channelHashes(null, 'Bob Builds'))).toEqual({
      channels: 2,
      seed: false,
    });
    expect(brands.channelsFor('Other', 'shop.zorblax.com', channelHashes(null, 'X')).channels).toBe(3);
    expect(brands.channelsFor('Quintor Cases', null, [])).toEqual({ channels: 0, seed: false });
  });

  it('adds the seed brands no channel promoted, with their sites, each name once', async () => {
    const seed = simpleIconsSeed([
      { title: 'Brandolo', source: 'https://www.brandolo.com/press', aliases: { aka: ['Brandolo App'] } },
      { title: 'Zorblax', source: 'https://github.com/zorblax/logo' },
    ]);
    expect(seed[1]?.domains).toEqual([]);
    const mined = await mineBrands({ corpus: file, registry, minChannels: 2, seed });
    expect(mined.brands.map((b) => [b.name, b.aliases, b.domains, b.channels, b.seed])).toEqual([
      ['Zorblax', [], ['zorblax.com'], 3, false],
      ['Brandolo', ['Brandolo App'], ['brandolo.com'], 0, true],
    ]);
  });
});
