import { describe, expect, it } from 'vitest';
import { DEFAULT_MIN_CONFIDENCE } from '../../src/contract/confidence.ts';
import { CreatorSponsorshipsParams } from '../../src/contract/params.ts';
import { creatorSponsorshipsRequest } from '../../src/search/requests.ts';
import { creatorSponsorshipsBody, SPONSORSHIP_SOURCE } from '../../src/search/sponsorship-query.ts';

// The request behind GET /creators/{id}/sponsorships, built without I/O.

const settings = { indexPrefix: 'p_', depthLimit: 1000, sponsorResults: 25 };
const params = (query: Record<string, string>) => CreatorSponsorshipsParams.parse(query);

describe('creatorSponsorshipsBody', () => {
  it("filters the creator's rows at or above the default confidence, newest first, ties by video then sponsor", () => {
    expect(creatorSponsorshipsBody(42, params({}), { from: 0, size: 25 })).toEqual({
      from: 0,
      size: 25,
      track_total_hits: true,
      _source: SPONSORSHIP_SOURCE,
      query: {
        bool: { filter: [{ term: { creatorId: 42 } }, { range: { confidence: { gte: DEFAULT_MIN_CONFIDENCE } } }] },
      },
      sort: [{ publishedAt: 'desc' }, { videoId: 'asc' }, { sponsorId: 'asc' }],
    });
  });

  it('adds the sponsor and the confidence floor asked for', () => {
    const body = creatorSponsorshipsBody(7, params({ sponsor: '12', min_confidence: '0.9' }), { from: 0, size: 5 });
    expect(body.query).toEqual({
      bool: {
        filter: [{ term: { creatorId: 7 } }, { range: { confidence: { gte: 0.9 } } }, { term: { sponsorId: 12 } }],
      },
    });
  });

  it('pages like search, on the sponsorships alias: past the depth limit, no hits but the exact total', () => {
    const second = creatorSponsorshipsRequest(7, params({ page: '2' }), 25, settings);
    expect(second.index).toBe('p_sponsorships');
    expect(second.body).toMatchObject({ from: 25, size: 25 });
    const past = creatorSponsorshipsRequest(7, params({ page: '41' }), 25, settings);
    expect(past.body).toMatchObject({ from: 0, size: 0, track_total_hits: true });
  });
});
