import { describe, expect, it } from 'vitest';
import { CorpusMerge, channelKeys } from '../../../importer/corpus/merge.ts';
import type { CorpusRow } from '../../../importer/corpus/records.ts';
import { videoFacts } from '../../support/video.ts';

const row = (
  videoId: string,
  fields: Parameters<typeof videoFacts>[1],
  region: string | null,
  charted: string | null,
): CorpusRow => ({ video: videoFacts(videoId, fields), region, charted });

describe('merging the copies of a video', () => {
  it('keeps the longest description with its title and tags, and every day, region and source', () => {
    const merge = new CorpusMerge();
    merge.add(row('v1', { description: 'short', title: 'Old', tags: ['a'], channelId: null }, 'US', '2018-01-02'), 0);
    merge.add(row('v1', { description: 'much longer text', title: 'New', tags: [] }, 'GB', '2018-01-01'), 3);
    merge.add(row('v1', { description: 'mid length', title: 'Mid' }, 'US', '2018-01-02'), 3);
    expect(merge.videos.size).toBe(1);
    expect(merge.videos.get('v1')).toMatchObject({
      title: 'New',
      description: 'much longer text',
      // The longer copy has no tags: the tags another copy gave are kept.
      tags: ['a'],
      charted: ['2018-01-01', '2018-01-02'],
      regions: ['GB', 'US'],
      sources: [0, 3],
    });
  });

  it('takes a channel id from a later copy when the first had none', () => {
    const merge = new CorpusMerge();
    merge.add(row('v2', { channelId: null, channelTitle: 'Chan' }, null, null), 0);
    merge.add(row('v2', { channelId: 'UCdddddddddddddddddddddd' }, null, null), 1);
    expect(merge.videos.get('v2')?.channelId).toBe('UCdddddddddddddddddddddd');
  });
});

describe('counting channels', () => {
  it('gives a video without a channel id the id its folded title has elsewhere, when that is one id', () => {
    const merge = new CorpusMerge();
    merge.add(row('a', { channelId: 'UCeeeeeeeeeeeeeeeeeeeeee', channelTitle: 'Kids Diana Show' }, null, null), 0);
    merge.add(row('b', { channelId: null, channelTitle: '✿ KidsDianaShow' }, null, null), 0);
    merge.add(row('c', { channelId: 'UCffffffffffffffffffffff', channelTitle: 'Twin' }, null, null), 0);
    merge.add(row('d', { channelId: 'UCgggggggggggggggggggggg', channelTitle: 'twin' }, null, null), 0);
    merge.add(row('e', { channelId: null, channelTitle: 'Twin' }, null, null), 0);
    const keys = channelKeys(merge.videos.values());
    expect(keys.get('b')).toBe('UCeeeeeeeeeeeeeeeeeeeeee');
    // Two channels share the folded title: the video without an id stays apart, by its title.
    expect(keys.get('e')).toBe('title:twin');
    expect(new Set(keys.values()).size).toBe(4);
  });
});
