import { describe, expect, it } from 'vitest';
import { CreatorAudienceResult, SearchCreatorsResult } from '../../src/contract/operations.ts';
import {
  AudienceSchema,
  CreatorDetailSchema,
  CreatorSummarySchema,
  CreditsSchema,
  SponsorDetailSchema,
  SponsorSummarySchema,
} from '../../src/contract/resources.ts';
import { serializerCompiler } from '../../src/http/serializer.ts';

// The field lists of the spec (§2), copied from its tables: the schemas must carry exactly these keys.
const SPEC = {
  CreatorSummary:
    'id name handle influesqueUrl youtubeUrl country language verified primaryNiche topSponsors subscribers avgViews totalViews videoCount engagementRate',
  CreatorDetailExtra: 'description niches sponsors links',
  Audience:
    'ageDistribution genderDistribution geoDistribution languageDistribution interests confidence confidenceLabel estimated computedAt',
  SponsorSummary: 'id name kind website domain influesqueUrl sponsorshipCount lastSponsorshipDate',
  SponsorDetailExtra: 'description socialLinks stats niches topCreators',
  Credits: 'plan unlimited balance allowance renewsAt',
};
// Additive fields beyond the spec (README, "Decisions"): a creator's growth and the date of its figures, and what an
// audience estimate is drawn from.
const BEYOND = { CreatorSummary: 'growth asOf', SponsorSummary: 'asOf', Audience: 'sample note' };
const keys = (schema: { shape: object }) => Object.keys(schema.shape).sort();
const list = (...names: string[]) => names.join(' ').split(' ').sort();

const summary = {
  id: 'TechWithTina',
  name: 'Tech With Tina',
  handle: '@TechWithTina',
  influesqueUrl: 'https://influesque.example/creators/TechWithTina',
  youtubeUrl: null,
  country: null,
  language: 'English',
  verified: true,
  primaryNiche: 'Tech Reviews',
  topSponsors: [],
  subscribers: 10,
  avgViews: 1,
  totalViews: 10,
  videoCount: 10,
  engagementRate: null,
  growth: {
    last30Days: { from: '2026-10-02', days: 30, subscribers: 1, subscribersPct: 10, views: 0, viewsPct: 0 },
    last90Days: null,
  },
  asOf: '2026-11-01',
};

describe('contract schemas', () => {
  it('carry exactly the spec’s fields', () => {
    expect(keys(CreatorSummarySchema)).toEqual(list(SPEC.CreatorSummary, BEYOND.CreatorSummary));
    expect(keys(CreatorDetailSchema)).toEqual(
      list(SPEC.CreatorSummary, BEYOND.CreatorSummary, SPEC.CreatorDetailExtra),
    );
    expect(keys(AudienceSchema)).toEqual(list(SPEC.Audience, BEYOND.Audience));
    expect(keys(SponsorSummarySchema)).toEqual(list(SPEC.SponsorSummary, BEYOND.SponsorSummary));
    expect(keys(SponsorDetailSchema)).toEqual(
      list(SPEC.SponsorSummary, BEYOND.SponsorSummary, SPEC.SponsorDetailExtra),
    );
    expect(keys(CreditsSchema)).toEqual(list(SPEC.Credits));
  });

  it('strip internal fields and keep nulls as present keys', () => {
    const parsed = CreatorSummarySchema.parse({ ...summary, creatorId: 7, popularity: {} });
    expect(parsed).toEqual(summary);
    expect(Object.keys(parsed)).toContain('youtubeUrl');
  });

  it('reject a wrong type or a missing nullable key', () => {
    expect(CreatorSummarySchema.safeParse({ ...summary, subscribers: 1.5 }).success).toBe(false);
    const { engagementRate: _, ...missing } = summary;
    expect(CreatorSummarySchema.safeParse(missing).success).toBe(false);
    expect(
      CreatorDetailSchema.safeParse({
        ...summary,
        description: null,
        niches: [],
        sponsors: [],
        links: { facebook: 'https://f.example' },
      }).data?.links,
    ).toEqual({});
  });
});

describe('response serialiser', () => {
  const write = (schema: unknown, value: unknown) => JSON.parse(serializerCompiler({ schema } as never)(value));

  it('writes exactly the schema’s keys, nulls included', () => {
    const written = write(SearchCreatorsResult, {
      query: 'q',
      page: 1,
      totalFound: 1,
      returned: 1,
      hasMore: false,
      nextPage: null,
      creators: [{ ...summary, creatorId: 7, popularity: { subscribers: 10 } }],
      took: 3,
    });
    // Every key but the facets, which only a search that asks for them has.
    const keys = Object.keys(SearchCreatorsResult.shape).filter((key) => key !== 'facets');
    expect(Object.keys(written).sort()).toEqual(keys.sort());
    expect(written.creators[0]).toEqual(summary);
  });

  it('writes a nullable object and an optional key only when present', () => {
    const who = { id: 1, name: 'A', handle: '@a' };
    expect(write(CreatorAudienceResult, { ...who, note: 'too small', audience: null })).toEqual({
      ...who,
      note: 'too small',
      audience: null,
    });
    const audience = {
      ageDistribution: { '18-24': 1 },
      genderDistribution: { female: 1 },
      geoDistribution: { US: 1 },
      languageDistribution: { en: 1 },
      interests: ['tech'],
      confidence: 0.8,
      confidenceLabel: 'high',
      estimated: true,
      computedAt: null,
      sample: null,
      note: null,
    };
    expect(write(CreatorAudienceResult, { ...who, audience: { ...audience, internal: 1 } })).toEqual({
      ...who,
      audience,
    });
  });
});
