import { describe, expect, it } from 'vitest';
import { evaluate, rulesReader, scoreOf, secondReader } from '../../../importer/sponsors/eval.ts';
import { Registry } from '../../../importer/sponsors/registry.ts';
import { label, videoFacts } from '../../support/video.ts';

const video = (videoId: string, description: string) => videoFacts(videoId, { description });

describe('a second reader scored against the first', () => {
  const videos = new Map([
    ['a', video('a', 'Thanks to NordVPN for sponsoring. Raycon: code SAM')],
    ['b', video('b', 'My merch: store.example.com')],
  ]);
  const first = [label('a', ['NordVPN', 'Raycon']), label('b', [])];

  it('counts the pairs both readers give as agreed, and each reader’s own pairs as the other’s misses', () => {
    const second = [label('a', ['nordvpn', 'Skillshare']), label('b', [])];
    const { scores, falsePositives, falseNegatives } = evaluate(first, videos, Registry.load(), secondReader(second));
    // NordVPN agreed (names compare folded), Skillshare the second reader's alone, Raycon the first's alone.
    expect(scores.fresh).toMatchObject({ truePositives: 1, falsePositives: 1, falseNegatives: 1, precision: 0.5 });
    expect(falsePositives.map((f) => [f.name, f.cause])).toEqual([
      ['Skillshare', 'no sponsor in the label (second reader)'],
    ]);
    expect(falseNegatives.map((f) => f.name)).toEqual(['Raycon']);
  });

  it('refuses a video the second reader did not label', () => {
    expect(() => evaluate(first, videos, Registry.load(), secondReader([label('a', [])]))).toThrow(
      'the second reader did not label b',
    );
  });
});

describe('sponsor scores', () => {
  it('give each figure a 95% interval from resampling the videos, the same on every run', () => {
    // Ten videos: eight found their one sponsor, one found a wrong one, one missed its sponsor.
    const perVideo: [number, number, number][] = [
      ...Array.from({ length: 8 }, (): [number, number, number] => [1, 0, 0]),
      [0, 1, 0],
      [0, 0, 1],
    ];
    const score = scoreOf(perVideo);
    expect(score).toMatchObject({ videos: 10, truePositives: 8, falsePositives: 1, falseNegatives: 1 });
    expect(score.precision).toBeCloseTo(8 / 9);
    const [low, high] = score.precisionInterval;
    expect(low).toBeLessThan(score.precision);
    expect(high).toBe(1);
    expect(low).toBeGreaterThan(0.5);
    expect(scoreOf(perVideo)).toEqual(score);
    // With every video right there is nothing to be unsure of.
    expect(
      scoreOf([
        [2, 0, 0],
        [1, 0, 0],
      ]).recallInterval,
    ).toEqual([1, 1]);
  });

  it('score several sets each on its own and pooled', () => {
    const videos = new Map([
      ['a', video('a', 'Thanks to NordVPN for sponsoring.')],
      ['b', video('b', 'Nothing here.')],
    ]);
    const labels = [
      { ...label('a', ['NordVPN']), set: 'first' },
      { ...label('b', ['Raycon']), set: 'second' },
    ];
    const { scores } = evaluate(labels, videos, Registry.load(), rulesReader(Registry.load()));
    expect(scores.first).toMatchObject({ truePositives: 1, falseNegatives: 0 });
    expect(scores.second).toMatchObject({ truePositives: 0, falseNegatives: 1 });
    expect(scores.fresh).toMatchObject({ videos: 2, truePositives: 1, falseNegatives: 1, recall: 0.5 });
  });
});
