import { describe, expect, it } from 'vitest';
import {
  confidenceLabel,
  creatorDocument,
  embeddingText,
  SponsorStats,
  slugOf,
  TOP_CREATORS,
} from '../../indexer/documents.ts';
import type { CreatorRecord } from '../../indexer/records.ts';
import { NICHE_LIST } from '../../src/contract/niches.ts';
import { SUMMARY_SOURCE } from '../../src/search/creator-query.ts';
import { creatorSummary, Pages } from '../../src/search/present.ts';
import { creator, sponsor } from '../support/dataset.ts';

const niches = new Map(NICHE_LIST.map((n) => [n.value, n]));
const sponsors = new Map([1, 2, 3, 4].map((id) => [id, sponsor(id, `Brand ${id}`)]));
const link = (sponsorId: number, count: number, firstDate: string, lastDate: string) => ({
  sponsorId,
  count,
  firstDate,
  lastDate,
});

describe('creator documents', () => {
  it('uses the handle without @ as the slug, else creator-<id>', () => {
    expect(slugOf({ id: 5, handle: '@TechWithTina' })).toBe('TechWithTina');
    expect(slugOf({ id: 5, handle: null })).toBe('creator-5');
  });

  it('labels audience confidence low, medium, high', () => {
    expect([0, 0.39, 0.4, 0.69, 0.7, 1].map(confidenceLabel)).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
    ]);
  });

  it('resolves names, orders the sponsor history by count then recency, and keeps three top sponsors', () => {
    const doc = creatorDocument(
      creator(9, {
        country: 'BR',
        language: 'pt',
        primaryNiche: 'cooking',
        secondaryNiches: ['baking'],
        engagementRate: null,
        subscribers: 0,
        sponsorships: [
          link(1, 2, '2024-01-01', '2024-02-01'),
          link(2, 5, '2023-01-01', '2023-05-01'),
          link(3, 2, '2024-03-01', '2025-01-01'),
          link(4, 1, '2022-01-01', '2022-01-01'),
        ],
      }),
      sponsors,
      niches,
    );
    expect(doc).toMatchObject({
      country: 'Brazil',
      language: 'Portuguese',
      primaryNicheLabel: 'Cooking',
      niches: ['cooking', 'baking'],
      nicheLabels: ['Cooking', 'Baking'],
      topSponsors: ['Brand 2', 'Brand 3', 'Brand 1'],
      hasSponsors: true,
      youtubeUrl: `https://www.youtube.com/channel/${doc.channelId}`,
    });
    expect(doc.sponsors.map((s) => s.sponsorId)).toEqual([2, 3, 1, 4]);
    // rank_feature fields only take positive values: zero and null signals are left out.
    expect(doc.popularity).toEqual({ subscribers: undefined, avgViews: 900, engagement: undefined });
  });

  it('stores the rendered summary, which the API turns into exactly the summary it would build', () => {
    const doc = creatorDocument(
      creator(5, {
        handle: '@Quote"And\\Slash',
        name: 'A "quoted" \\ name',
        sponsorships: [link(1, 2, '2024-01-01', '2024-02-01')],
      }),
      sponsors,
      niches,
    );
    for (const base of ['https://api.example.com', 'http://127.0.0.1:3000/x"y']) {
      const pages = new Pages(base);
      const spliced = pages.summary(doc.summary) as string;
      expect(JSON.parse(spliced)).toEqual(creatorSummary(doc, pages));
      // The same text as serialising the summary, key order included.
      expect(spliced).toBe(JSON.stringify(creatorSummary(doc, pages)));
    }
    expect(new Pages('http://x').summary(undefined)).toBeUndefined();
    expect(new Pages('http://x').summary('{"id":"a"}')).toBeUndefined();
  });

  it('throws on a sponsorship to an unknown sponsor', () => {
    expect(() =>
      creatorDocument(creator(1, { sponsorships: [link(99, 1, '2024-01-01', '2024-01-01')] }), sponsors, niches),
    ).toThrow(/99/);
  });

  it('embeds the name, niche labels, description, video titles and tags, and keeps videos out of the document', () => {
    const record = {
      ...creator(7),
      videoTitles: ['Unboxing the new phone', 'Top 5 earbuds'],
      videoTags: ['smartphone review', 'audio'],
    };
    const doc = creatorDocument(record, sponsors, niches);
    expect(embeddingText(doc, record.videoTitles, record.videoTags)).toBe(
      [doc.name, doc.nicheLabels.join(', '), doc.description, ...record.videoTitles, 'smartphone review, audio']
        .filter(Boolean)
        .join('. '),
    );
    expect(embeddingText(doc)).toBe(embeddingText(doc, [], []));
    expect(JSON.stringify(doc)).not.toContain('Unboxing');
    expect(JSON.stringify(doc)).not.toContain('smartphone review');
  });
});

const addTo = (stats: SponsorStats, record: CreatorRecord) =>
  stats.add(record, creatorDocument(record, sponsors, niches));

describe('SponsorStats', () => {
  it('derives every sponsor number from the links', () => {
    const stats = new SponsorStats();
    addTo(stats, creator(1, { subscribers: 100, sponsorships: [link(1, 3, '2024-05-01', '2024-06-01')] }));
    addTo(
      stats,
      creator(2, {
        subscribers: 300,
        sponsorships: [link(1, 1, '2023-01-01', '2023-01-01'), link(2, 2, '2025-01-01', '2025-02-01')],
      }),
    );
    expect(stats.document(sponsors.get(1) ?? sponsor(1, 'x'), niches)).toMatchObject({
      sponsorshipCount: 4,
      creatorCount: 2,
      totalReach: 400,
      averageCreatorSize: 200,
      firstSponsorshipDate: '2023-01-01',
      lastSponsorshipDate: '2024-06-01',
      topCreators: [expect.objectContaining({ creatorId: 2 }), expect.objectContaining({ creatorId: 1 })],
    });
    expect(stats.document(sponsors.get(3) ?? sponsor(3, 'x'), niches)).toMatchObject({
      sponsorshipCount: 0,
      creatorCount: 0,
      totalReach: null,
      averageCreatorSize: null,
      firstSponsorshipDate: null,
      topCreators: [],
    });
  });

  it('keeps only the biggest creators of a popular sponsor', () => {
    const stats = new SponsorStats();
    for (let id = 1; id <= 50; id++)
      addTo(stats, creator(id, { subscribers: id * 10, sponsorships: [link(1, 1, '2024-01-01', '2024-01-01')] }));
    const top = stats.document(sponsors.get(1) ?? sponsor(1, 'x'), niches).topCreators;
    expect(top).toHaveLength(TOP_CREATORS);
    expect(top.slice(0, 3).map((c) => c.creatorId)).toEqual([50, 49, 48]);
    expect(Object.keys(top[0] ?? {}).sort()).toEqual([...SUMMARY_SOURCE].sort());
  });
});
