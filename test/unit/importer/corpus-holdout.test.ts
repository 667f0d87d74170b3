import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { heldOut, labelFiles, labelledVideoIds } from '../../../importer/corpus/holdout.ts';

const video = (publishedAt: string, charted: string[] = []) => ({ publishedAt, charted });

describe('the hold-out of July and August 2020', () => {
  it('drops a video published in July or August 2020, and keeps one published the day before or after', () => {
    expect(heldOut(video('2020-07-01T00:00:00.000Z'))).toBe(true);
    expect(heldOut(video('2020-08-31T23:59:59.000Z'))).toBe(true);
    expect(heldOut(video('2020-06-30T23:59:59.000Z'))).toBe(false);
    expect(heldOut(video('2020-09-01T00:00:00.000Z'))).toBe(false);
  });

  it('drops a video charted on any day in the period, even one published and charted before it too', () => {
    expect(heldOut(video('2020-06-20T10:00:00.000Z', ['2020-06-29', '2020-07-02']))).toBe(true);
    expect(heldOut(video('2019-01-01T10:00:00.000Z', ['2020-08-31']))).toBe(true);
    expect(heldOut(video('2020-06-20T10:00:00.000Z', ['2020-06-29', '2020-06-30', '2020-09-01']))).toBe(false);
    expect(heldOut(video('2021-07-15T10:00:00.000Z', ['2021-07-16']))).toBe(false);
  });
});

describe('the labelled evaluation videos', () => {
  it("reads every labelled set: the shared files' labels and each fresh set", () => {
    const files = labelFiles();
    expect(files.some((file) => file.endsWith('relevance/sponsors/labels.jsonl'))).toBe(true);
    expect(files.some((file) => file.endsWith('fresh/world-2020.jsonl'))).toBe(true);
    const ids = labelledVideoIds();
    // The last video of every file is in: no set is left out.
    for (const file of files) {
      const last = readFileSync(file, 'utf8').trim().split('\n').at(-1) ?? '';
      expect(ids.has(JSON.parse(last).videoId), file).toBe(true);
    }
    expect(ids.has('-CqiTME15Ms')).toBe(true);
  });
});
