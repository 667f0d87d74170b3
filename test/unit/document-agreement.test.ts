import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { creatorDocument, SponsorStats, sponsorshipDocument } from '../../indexer/documents.ts';
import { NICHE_LIST } from '../../src/contract/niches.ts';
import {
  CreatorDetailSchema,
  CreatorSummarySchema,
  SponsorDetailSchema,
  SponsorSummarySchema,
  SponsorshipSchema,
} from '../../src/contract/resources.ts';
import { CreatorDocumentSchema, SponsorDocumentSchema, SponsorshipDocumentSchema } from '../../src/search/documents.ts';
import {
  creatorAudience,
  creatorDetail,
  creatorSummary,
  Pages,
  sponsorDetail,
  sponsorSummary,
  sponsorship,
} from '../../src/search/present.ts';
import { creator, evidenceRow, sponsor } from '../support/dataset.ts';

// One schema per document (src/search/documents.ts): the mapping declares exactly its fields, the indexer builds
// documents it accepts, and the presenter turns them into exactly the contract's resources.

interface Property {
  type?: string;
  properties?: Record<string, Property>;
}
const mapping = (name: string): Record<string, Property> =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../mappings', `${name}.json`), 'utf8')).mappings
    .properties;

/** Field paths a mapping declares, and those a schema declares, down to the objects the mapping spells out. */
function mappedPaths(properties: Record<string, Property>, prefix = ''): string[] {
  return Object.entries(properties).flatMap(([name, p]) =>
    p.properties ? mappedPaths(p.properties, `${prefix}${name}.`) : [`${prefix}${name}`],
  );
}
function schemaPaths(schema: z.ZodObject, mapped: Record<string, Property>, prefix = ''): string[] {
  return Object.entries(schema.shape).flatMap(([name, field]) => {
    const inner = (field as z.ZodType).def.type === 'optional' ? (field as z.ZodOptional).unwrap() : field;
    const nested = mapped[name]?.properties;
    return nested && (inner as z.ZodType).def.type === 'object'
      ? schemaPaths(inner as z.ZodObject, nested, `${prefix}${name}.`)
      : [`${prefix}${name}`];
  });
}

const niches = new Map(NICHE_LIST.map((n) => [n.value, n]));
const brands = [sponsor(1, 'Brand 1'), sponsor(2, 'Brand 2', { socialLinks: { x: 'https://x.com/b2' } })];
const shares = { a: 0.25, b: 0.75 };
const records = [
  creator(1, {
    sponsorships: [{ sponsorId: 1, count: 2, firstDate: '2024-01-01', lastDate: '2024-03-01' }],
    links: { website: 'https://one.example' },
    audience: {
      ageDistribution: shares,
      genderDistribution: shares,
      geoDistribution: { US: 1 },
      languageDistribution: { en: 1 },
      interests: ['tech'],
      confidence: 0.5,
      computedAt: '2025-01-01T00:00:00Z',
    },
    audienceNote: null,
  }),
  creator(2, { handle: null, country: null, language: null, engagementRate: null, description: null }),
];
const sponsorsById = new Map(brands.map((b) => [b.id, b]));
const creatorDocs = records.map((r) => creatorDocument(r, sponsorsById, niches));
const stats = new SponsorStats();
records.forEach((r, i) => {
  stats.add(r, creatorDocs[i] as (typeof creatorDocs)[number]);
});
const sponsorDocs = brands.map((b) => stats.document(b, niches));
const pages = new Pages('https://api.example.com');
const evidenceDocs = brands.map((b) => sponsorshipDocument(evidenceRow(1, b.id, 'abcdefghijk', '2024-01-01'), b));

describe('documents, mappings and the presenter', () => {
  it('map exactly the fields of the creator document, the popularity features one by one', () => {
    const properties = mapping('creators');
    expect(schemaPaths(CreatorDocumentSchema, properties).sort()).toEqual(mappedPaths(properties).sort());
    expect(mappedPaths(properties)).toContain('popularity.engagement');
  });

  it('map exactly the fields of the sponsor document', () => {
    const properties = mapping('sponsors');
    expect(schemaPaths(SponsorDocumentSchema, properties).sort()).toEqual(mappedPaths(properties).sort());
  });

  it('map exactly the fields of the sponsorship evidence document', () => {
    const properties = mapping('sponsorships');
    expect(schemaPaths(SponsorshipDocumentSchema, properties).sort()).toEqual(mappedPaths(properties).sort());
  });

  it('find a field the mapping lacks, or one the schema lacks', () => {
    const properties = mapping('creators');
    const { hasSponsors: _dropped, ...fewer } = properties;
    expect(schemaPaths(CreatorDocumentSchema, properties)).not.toEqual(mappedPaths(fewer));
    const extended = CreatorDocumentSchema.extend({ extra: CreatorDocumentSchema.shape.slug });
    expect(schemaPaths(extended, properties).sort()).not.toEqual(mappedPaths(properties).sort());
  });

  it('build documents that the schemas accept, with nothing left over', () => {
    for (const doc of creatorDocs) expect(CreatorDocumentSchema.parse(doc)).toEqual(doc);
    for (const doc of sponsorDocs) expect(SponsorDocumentSchema.parse(doc)).toEqual(doc);
    for (const doc of evidenceDocs) expect(SponsorshipDocumentSchema.parse(doc)).toEqual(doc);
    expect(sponsorDocs[0]?.topCreators).toHaveLength(1);
    expect(() => CreatorDocumentSchema.parse({ ...creatorDocs[0], stray: 1 })).toThrow();
  });

  it('present them as exactly the contract resources', () => {
    for (const doc of creatorDocs) {
      expect(CreatorSummarySchema.strict().parse(creatorSummary(doc, pages))).toBeTruthy();
      expect(CreatorDetailSchema.strict().parse(creatorDetail(doc, pages))).toBeTruthy();
      expect(creatorAudience(doc).name).toBe(doc.name);
    }
    for (const doc of sponsorDocs) {
      expect(SponsorSummarySchema.strict().parse(sponsorSummary(doc, pages))).toBeTruthy();
      expect(SponsorDetailSchema.strict().parse(sponsorDetail(doc, pages))).toBeTruthy();
    }
    for (const doc of evidenceDocs) expect(SponsorshipSchema.strict().parse(sponsorship(doc, pages))).toBeTruthy();
  });
});
