import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainVideo } from '../../../importer/sponsors/explain.ts';
import { loadDetector } from '../../../importer/sponsors/find.ts';
import { realdata } from '../../support/realdata.ts';

describe('npm run import -- explain', () => {
  it('shows each candidate the scorer weighed, its score and features, and what each rule read', async () => {
    const files = ['trending-2017-US.csv', 'trending-2017-FR.csv'].map((f) => path.join(realdata(), f));
    const text = await explainVideo('k8q-CA4Xhpo', files, loadDetector());
    expect(text).toMatch(/^Sponsors \(at or above 0\.\d+\): .*Daniel Wellington \d\.\d\d/m);
    expect(text).toMatch(/^ {2}\d\.\d{3} Daniel Wellington \[deal, taken by the rules\]$/m);
    expect(text).toMatch(/^ {6}accepted=1 .*ruleDeal=1/m);
    expect(text).toContain('What each rule read:');
    await expect(explainVideo('nosuchvideo', files, loadDetector())).rejects.toThrow('is not in');
  });
});
