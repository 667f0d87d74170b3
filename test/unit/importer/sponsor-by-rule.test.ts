import { describe, expect, it } from 'vitest';
import { evaluate, rulesReader } from '../../../importer/sponsors/eval.ts';
import { Registry } from '../../../importer/sponsors/registry.ts';
import { label, videoFacts } from '../../support/video.ts';

describe('eval-sponsors --by-rule', () => {
  it('measures precision per rule, apart for registry brands and new names', () => {
    const videos = new Map([
      [
        'a',
        videoFacts('a', { description: 'This video is sponsored by NordVPN.\nUse code SAM for 10% off at Zorblax' }),
      ],
      ['b', videoFacts('b', { description: 'This video is sponsored by NordVPN.' })],
    ]);
    const registry = Registry.load();
    const evaluation = evaluate(
      [label('a', ['NordVPN']), label('b', ['NordVPN'])],
      videos,
      registry,
      rulesReader(registry),
    );
    expect(evaluation.byRule['disclosure known']).toMatchObject({ truePositives: 2, falsePositives: 0 });
    expect(evaluation.byRule['deal new']).toMatchObject({ truePositives: 0, falsePositives: 1 });
  });
});
