import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pickSample } from '../../../importer/sponsors/sample.ts';
import { videoFacts } from '../../support/video.ts';

const video = (videoId: string, channelTitle: string, description: string) => ({
  ...videoFacts(videoId, { channelTitle, description }),
  file: 'videos.csv',
});
const sha1 = (id: string) => createHash('sha1').update(id).digest('hex');
const options = {
  matching: 10,
  unmatched: 10,
  perChannel: 2,
  labelled: new Set<string>(),
  excludedChannels: new Set<string>(),
};

describe('picking videos to label blind', () => {
  const deals = Array.from({ length: 6 }, (_, i) =>
    video(`deal${i}`, i < 4 ? 'Busy' : `Other ${i}`, 'Use code SAM for 10% off'),
  );
  const plain = [
    video('plain1', 'Quiet', 'A walk in the park.'),
    video('plain2', 'Quiet', ''),
    video('plain3', 'Calm', 'Rain.'),
  ];

  it('takes the videos that look like a deal in sha1 order, a few per channel, then plain ones with a description', () => {
    const sample = pickSample([...plain, ...deals], options);
    const picked = sample.videos.map((v) => v.videoId);
    const matching = picked.slice(0, 4);
    // Busy has four videos that look like a deal: the first two in sha1 order are taken, the other two passed over.
    const busy = deals
      .filter((v) => v.channelTitle === 'Busy')
      .map((v) => v.videoId)
      .sort((a, b) => (sha1(a) < sha1(b) ? -1 : 1));
    expect(matching.filter((id) => busy.includes(id))).toEqual(busy.slice(0, 2));
    expect(matching).toEqual([...matching].sort((a, b) => (sha1(a) < sha1(b) ? -1 : 1)));
    expect(picked.slice(4).sort()).toEqual(['plain1', 'plain3']);
    expect(sample).toMatchObject({ pool: 9, poolMatching: 6, skippedByCap: 2 });
  });

  it('never picks a labelled video or a channel the detector was developed on (titles compared case-insensitively)', () => {
    const sample = pickSample([...plain, ...deals], {
      ...options,
      labelled: new Set(['deal4']),
      excludedChannels: new Set(['busy ']),
    });
    expect(sample.videos.map((v) => v.videoId).sort()).toEqual(['deal5', 'plain1', 'plain3']);
    expect(sample).toMatchObject({ skippedLabelled: 1, skippedChannels: 4 });
  });

  it('stops at the numbers asked for', () => {
    const sample = pickSample([...plain, ...deals], { ...options, matching: 1, unmatched: 0 });
    expect(sample.videos).toHaveLength(1);
  });
});
