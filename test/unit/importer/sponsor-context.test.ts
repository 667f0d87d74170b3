import { describe, expect, it } from 'vitest';
import { contextTokens, creatorWords, wordsOf } from '../../../importer/sponsors/context.ts';
import { candidatesOf } from '../../../importer/sponsors/features.ts';
import { loadDetector } from '../../../importer/sponsors/find.ts';

const creator = creatorWords('Casey Bloggs TV', null);

describe("the words around a sponsor candidate, the scorer's text features", () => {
  it('folds case, accents, links and numbers', () => {
    expect(wordsOf('Économisez 15 % chez https://www.nordvpn.com/casey — OK')).toEqual([
      'economisez',
      '0',
      'chez',
      'url',
      'ok',
    ]);
    expect([...creator]).toEqual(['casey', 'bloggs']);
  });

  it('masks the brand and the creator, and reads the words on either side of the brand', () => {
    const lines = ['A title', 'Intro', 'Thanks to Nord VPN for sponsoring, code CASEY', 'More below', '', 'Unrelated'];
    const tokens = contextTokens('Nord VPN', [2], lines, creator);
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

  it('gives every candidate its tokens, and the words the model knows change its score', () => {
    const detector = loadDetector();
    const [candidate] = candidatesOf(
      { title: 'A video', description: 'This video is sponsored by NordVPN! Go to nordvpn.com/casey', tags: [] },
      { title: 'Casey Bloggs', handle: null },
      detector.registry,
      detector.mined,
    );
    if (!candidate) throw new Error('no candidate');
    expect(candidate.tokens).toEqual(expect.arrayContaining(['b:sponsored', 'b:by', 'l:<b>']));
    expect(detector.scorer.known(candidate.tokens)).toEqual(expect.arrayContaining(['b:by']));
    // Retrained on more labels the difference may be small, never nothing: the trees split on these words.
    expect(detector.scorer.score(candidate)).not.toBe(detector.scorer.score({ ...candidate, tokens: [] }));
  });
});
