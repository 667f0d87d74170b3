import { describe, expect, it } from 'vitest';
import { loadMinedBrands } from '../../../importer/sponsors/mined.ts';
import { Registry } from '../../../importer/sponsors/registry.ts';
import { trainingRows } from '../../../importer/sponsors/training.ts';
import { label, videoFacts } from '../../support/video.ts';

describe("the scorer's training rows", () => {
  const description = 'This video is sponsored by NordVPN! Go to nordvpn.com/casey for 70% off';
  const videos = new Map([
    ['kept', videoFacts('kept', { description, publishedAt: '2020-06-30T23:00:00Z', seenOn: '2020-06-30' })],
    ['published', videoFacts('published', { description, publishedAt: '2020-07-01T08:00:00Z' })],
    ['charted', videoFacts('charted', { description, publishedAt: '2020-06-20T08:00:00Z', seenOn: '2020-08-31' })],
  ]);
  const rows = trainingRows(
    ['kept', 'published', 'charted'].map((id) => ({ ...label(id, ['NordVPN']), set: 'some-set' })),
    videos,
    Registry.load(),
    loadMinedBrands(),
  );

  it('marks every video published or charted in July or August 2020 held out, and its candidates with it', () => {
    const held = (id: string) => rows.flatMap((r) => (r.kind !== 'features' && r.videoId === id ? [r.heldOut] : []));
    expect(held('kept')).not.toContain(true);
    expect(held('published').length).toBeGreaterThan(1);
    expect(held('published')).not.toContain(false);
    expect(held('charted')).not.toContain(false);
  });

  it('labels the candidate the label names, and gives each video its language and pairs', () => {
    const nord = rows.find((r) => r.kind === 'candidate' && r.videoId === 'kept' && r.name === 'NordVPN');
    expect(nord).toMatchObject({ label: 1, match: 'nordvpn' });
    expect(rows.find((r) => r.kind === 'video' && r.videoId === 'kept')).toMatchObject({ pairs: 1, language: 'en' });
  });
});
