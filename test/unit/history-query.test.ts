import { describe, expect, it } from 'vitest';
import { CreatorHistoryParams, SearchCreatorsParams } from '../../src/contract/params.ts';
import { creatorFilters, creatorSort } from '../../src/search/creator-query.ts';
import { creatorHistoryBody, SNAPSHOT_SOURCE } from '../../src/search/history-query.ts';
import { creatorHistoryRequest } from '../../src/search/requests.ts';

// The requests behind GET /creators/{id}/history and growth in creator search, built without I/O.

const settings = { indexPrefix: 'p_', depthLimit: 1000, sponsorResults: 25 };
const history = (query: Record<string, string>) => CreatorHistoryParams.safeParse(query);

describe('a creator history request', () => {
  it("filters the creator's snapshots, newest first, on the history alias, paged like search", () => {
    const request = creatorHistoryRequest(42, CreatorHistoryParams.parse({ page: '2' }), 10, settings);
    expect(request).toEqual({
      index: 'p_history',
      body: {
        from: 10,
        size: 10,
        track_total_hits: true,
        _source: SNAPSHOT_SOURCE,
        query: { bool: { filter: [{ term: { creatorId: 42 } }] } },
        sort: [{ date: 'desc' }],
      },
    });
  });

  it('bounds the dates when asked, either end alone', () => {
    const body = (q: Record<string, string>) =>
      creatorHistoryBody(1, CreatorHistoryParams.parse(q), { from: 0, size: 5 });
    expect(body({ from: '2026-01-01', to: '2026-06-30' }).query).toEqual({
      bool: { filter: [{ term: { creatorId: 1 } }, { range: { date: { gte: '2026-01-01', lte: '2026-06-30' } } }] },
    });
    expect(body({ to: '2026-06-30' }).query).toEqual({
      bool: { filter: [{ term: { creatorId: 1 } }, { range: { date: { lte: '2026-06-30' } } }] },
    });
  });

  it.each([
    [{ from: '2026-02-30' }],
    [{ to: '26-01-01' }],
    [{ from: 'yesterday' }],
    [{ from: '2026-06-01', to: '2026-05-01' }],
    [{ page: '0' }],
  ])('rejects %j', (query) => {
    expect(history(query).success).toBe(false);
  });
});

describe('growth in creator search', () => {
  const parse = (q: Record<string, string>) => SearchCreatorsParams.safeParse({ query: 'tech', ...q });

  it('filters on the 30-day subscriber growth in percent, losses included', () => {
    const p = parse({ min_subs_growth: '-2.5' });
    expect(p.success && creatorFilters(p.data)).toEqual([{ range: { subsGrowthPct30: { gte: -2.5 } } }]);
  });

  it('sorts fastest-growing first, unknown growth last, ties by relevance then id', () => {
    expect(creatorSort('subs_growth_desc')).toEqual([
      { subsGrowthPct30: { order: 'desc', missing: '_last' } },
      { _score: { order: 'desc' } },
      { creatorId: { order: 'asc' } },
    ]);
  });

  it.each([
    [{ min_subs_growth: '-100.5' }],
    [{ min_subs_growth: 'fast' }],
    [{ min_subs_growth: '' }],
    [{ sort: 'growth' }],
  ])('rejects %j', (q) => {
    expect(parse(q).success).toBe(false);
  });
});
