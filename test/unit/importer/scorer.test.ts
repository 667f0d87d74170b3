import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { candidatesOf, FEATURES } from '../../../importer/sponsors/features.ts';
import { loadDetector, sponsorsOf } from '../../../importer/sponsors/find.ts';
import { SCORER_FILE, Scorer } from '../../../importer/sponsors/scorer.ts';
import { DEFAULT_MIN_CONFIDENCE } from '../../../src/contract/confidence.ts';

const detector = loadDetector();
const { registry, scorer } = detector;
const channel = { title: 'Casey Bloggs', handle: null };
const video = (description: string) => ({ title: 'A video', description, tags: [] });

describe('the learned sponsor scorer', () => {
  it("reproduces LightGBM's own probabilities for the rows the training checked", () => {
    expect(scorer.checks.length).toBeGreaterThan(10);
    for (const check of scorer.checks)
      expect(scorer.probability(check.values, check.tokens)).toBeCloseTo(check.probability, 12);
  });

  it("counts at the product's default threshold, the one the model was trained to", () => {
    expect(scorer.threshold).toBe(DEFAULT_MIN_CONFIDENCE);
  });

  it('refuses a model trained on other features than features.ts computes', () => {
    const model = JSON.parse(readFileSync(SCORER_FILE, 'utf8'));
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'scorer-')), 'scorer.json');
    writeFileSync(file, JSON.stringify({ ...model, features: [...model.features].reverse() }));
    expect(() => Scorer.load(file)).toThrow('retrain');
  });

  it('proposes registry brands and linked sites no rule took, for the model to weigh', () => {
    const names = candidatesOf(video('Filmed with my new camera\nhttps://www.kiwico.com'), channel, registry).map(
      (c) => [c.name, c.values.mentionOnly, c.values.accepted],
    );
    expect(names).toEqual([['KiwiCo', 1, 0]]);
    expect(FEATURES.length).toBe(new Set(FEATURES).size);
  });

  it('keeps a plain disclosure with a deal above the default threshold, with its line and a confidence', () => {
    const [found] = sponsorsOf(
      video('This video is sponsored by NordVPN! Go to nordvpn.com/casey for 70% off'),
      channel,
      detector,
      scorer.threshold,
    );
    expect(found).toMatchObject({ name: 'NordVPN', text: expect.stringContaining('sponsored by NordVPN') });
    expect(found?.confidence).toBeGreaterThanOrEqual(scorer.threshold);
  });
});
