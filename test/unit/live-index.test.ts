import { describe, expect, it } from 'vitest';
import { LiveIndex, type Mappings, RELEARN_MS } from '../../src/search/live-index.ts';

/** An alias whose index the test moves, answering GET _mapping and _count at once; counts the mapping's GETs. */
function alias() {
  const state = { index: 'x_creators-v1', embedding: null as string | null, count: 20_000, gets: 0 };
  const http = {
    get: async <T>(path: string) => {
      if (path.endsWith('/_count')) return { count: state.count } as T;
      state.gets += 1;
      return {
        [state.index]: { mappings: { _meta: { popularity: null, embedding: state.embedding } } },
      } as Mappings as T;
    },
  };
  return { state, http };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('LiveIndex', () => {
  it('learns what the index behind the alias recorded, and checks again after RELEARN_MS only', async () => {
    const { state, http } = alias();
    let now = 0;
    const live = new LiveIndex(http, 'x_creators', () => now);
    expect(live.known).toBeUndefined();
    await settle();
    expect(live.known).toEqual({
      index: 'x_creators-v1',
      popularity: undefined,
      embedding: undefined,
      creators: 20_000,
    });
    // The alias moves to an index with vectors, and no search notices (nothing it matched came from there).
    state.index = 'x_creators-v2';
    state.embedding = 'all-MiniLM-L6-v2-int8-fused';
    state.count = 1_000_000;
    now = RELEARN_MS - 1;
    expect(live.known?.index).toBe('x_creators-v1');
    await settle();
    expect(state.gets).toBe(1);
    now = RELEARN_MS;
    expect(live.known?.index).toBe('x_creators-v1'); // answered at once from what is known, learned in the background
    await settle();
    expect(live.known).toEqual({
      index: 'x_creators-v2',
      popularity: undefined,
      embedding: 'all-MiniLM-L6-v2-int8-fused',
      creators: 1_000_000,
    });
    expect(state.gets).toBe(2);
  });
});
