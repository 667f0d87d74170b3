import { describe, expect, it } from 'vitest';
import { contextTokens, wordsOf } from '../../../importer/sponsors/context.ts';
import { candidatesOf } from '../../../importer/sponsors/features.ts';
import { loadDetector } from '../../../importer/sponsors/find.ts';

const creator = new Set(['casey', 'bloggs']);

describe("the words around a sponsor candidate, the scorer's text features", () => {
  it('folds case, accents, links and numbers', () => {
    expect(wordsOf('Économisez 15 % chez https://www.nordvpn.com/casey — OK')).toEqual([
      'economisez',
      '0',
      'chez',
      'url',
      'ok',
    ]);
  });

  it('masks the brand and the creator, and reads the words on either side of the brand', () => {
    const lines = ['A title', 'Intro', 'Thanks to Nord VPN for sponsoring, code CASEY', 'More below', '', 'Unrelated'];
    const tokens = contextTokens('Nord VPN', [{ index: 2, line: lines[2] as string }], lines, creator);
    expect(tokens).toEqual(
      expect.arrayContaining([
        'b:thanks',
        'b:to',
        'a:for',
        'a:sponsoring',
        'l2:code_<c>',
        'l:<b>',
        'p:intro',
        'p:more',
      ]),
    );
    // Neither the brand's nor the creator's own words leak, and a blank line ends the paragraph.
    expect(tokens.filter((t) => /nord|vpn|casey|unrelated/.test(t))).toEqual([]);
  });

  it('gives every candidate of a video its tokens, and the scorer weighs those it knows', () => {
    const detector = loadDetector();
    const [candidate] = candidatesOf(
      { title: 'A video', description: 'This video is sponsored by NordVPN! Go to nordvpn.com/casey', tags: [] },
      { title: 'Casey Bloggs', handle: null },
      detector.registry,
      detector.mined,
    );
    expect(candidate?.tokens).toEqual(expect.arrayContaining(['b:sponsored', 'b:by', 'l:<b>']));
    const known = detector.scorer.known(candidate?.tokens ?? []);
    expect(known.length).toBeGreaterThan(0);
    expect(known.every((t) => candidate?.tokens.includes(t))).toBe(true);
  });
});
