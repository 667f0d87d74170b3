import { describe, expect, it } from 'vitest';
import { loadIndexerConfig } from '../../indexer/config.ts';
import { loadStackConfig, REPO_ROOT } from '../../scripts/stack/config.ts';
import { modelDir } from '../../scripts/stack/model.ts';
import { loadConfig } from '../../src/config.ts';

describe('semantic search settings', () => {
  it('look for the model where the launcher puts it', () => {
    const launcher = modelDir(loadStackConfig({}));
    // The tools resolve it from where they start, the repository in the quick start and the tests.
    expect(process.cwd()).toBe(REPO_ROOT);
    expect(loadIndexerConfig({}).embedding?.modelDir).toBe(launcher);
    expect(loadConfig({}).semantic?.modelDir).toBe(launcher);
  });

  it('turn off with SEMANTIC=off or false, and refuse anything else', () => {
    expect(loadIndexerConfig({ SEMANTIC: 'off' }).embedding).toBeUndefined();
    expect(loadIndexerConfig({ SEMANTIC: 'false' }).embedding).toBeUndefined();
    expect(() => loadIndexerConfig({ SEMANTIC: 'maybe' })).toThrow(/SEMANTIC/);
  });
});
