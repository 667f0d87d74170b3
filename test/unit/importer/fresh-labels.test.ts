import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLabels } from '../../../importer/sponsors/eval.ts';

// The blind sets are scored against files kept outside the repository (relevance/sponsors/fresh/README.md), so no
// test can run them; their labels must still read as eval-sponsors reads them.
const FRESH = path.resolve(import.meta.dirname, '../../../relevance/sponsors/fresh');
const sets = readdirSync(FRESH).filter((name) => name.endsWith('.jsonl'));

describe('the blind sponsorship sets', () => {
  it('are all read', () => {
    expect(sets.length).toBeGreaterThanOrEqual(4);
  });

  it.each(sets)(
    '%s: every line a fresh label, each video once per file and labelled alike, each brand once',
    (name) => {
      const labels = readLabels(path.join(FRESH, name));
      expect(labels.every((l) => l.split === 'fresh')).toBe(true);
      expect(new Set(labels.map((l) => `${l.file} ${l.videoId}`)).size).toBe(labels.length);
      // A video that trended in two countries' files is labelled in each, the same way.
      const sponsorsOf = new Map<string, string>();
      for (const label of labels) {
        const sponsors = JSON.stringify(label.sponsors);
        expect(sponsorsOf.get(label.videoId) ?? sponsors, label.videoId).toBe(sponsors);
        sponsorsOf.set(label.videoId, sponsors);
      }
      for (const label of labels) {
        const brands = label.sponsors.map((s) => s.name.toLowerCase());
        expect(new Set(brands).size, label.videoId).toBe(brands.length);
      }
    },
  );
});
