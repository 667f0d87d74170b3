import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clauseLabels } from '../../workbench/explain.ts';
import { type Attribution, attribute, type Explanation } from '../../workbench/explanation.ts';

interface Fixture {
  query: string;
  hits: { id: string; score: number; explanation: Explanation }[];
}

// Real trees, captured from OpenSearch 3.6 with the demo data (see each file's "about").
const fixture = (name: string): Fixture =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', `explanation-${name}.json`), 'utf8'));
const FIXTURES = ['cooking', 'the-humble-gadget', 'handle'].map(fixture);

const part = (a: Attribution, field: string, kind?: string) =>
  a.parts.find((p) => p.field === field && (kind === undefined || p.kind === kind))?.value;

/** Every rank_feature leaf of a tree: feature name → its value. */
function featureLeaves(node: Explanation, found = new Map<string, number>()) {
  const feature = / for the ([\w.]+) feature/.exec(node.description)?.[1];
  if (feature) found.set(feature, node.value);
  for (const child of node.details ?? []) featureLeaves(child, found);
  return found;
}

describe('attribute on real explanations', () => {
  for (const { query, hits } of FIXTURES) {
    for (const hit of hits) {
      it(`"${query}" → ${hit.id}: the parts add up to the score`, () => {
        const a = attribute(hit.explanation);
        const sum = a.parts.reduce((s, p) => s + p.value, 0);
        expect(a.total).toBeCloseTo(hit.score, 4);
        expect(Math.abs(sum - a.total)).toBeLessThan(1e-4);
        expect(Math.abs(a.residual)).toBeLessThan(1e-4);
        expect(a.parts.every((p) => p.field !== undefined && p.kind !== 'other')).toBe(true);
      });

      it(`"${query}" → ${hit.id}: each popularity part is its rank_feature leaf`, () => {
        const a = attribute(hit.explanation);
        const leaves = featureLeaves(hit.explanation);
        expect([...leaves.keys()].sort()).toEqual([
          'popularity.avgViews',
          'popularity.engagement',
          'popularity.subscribers',
        ]);
        for (const [feature, value] of leaves) expect(part(a, feature, 'feature')).toBe(value);
      });
    }
  }

  it('counts only the best field of a cross_fields term group ("max of:")', () => {
    // "cook" scored name 5.95, description 2.60, nicheLabels 6.27: only nicheLabels counts; description keeps its
    // own groups ("home cook" 2.89, "recip" 4.30), and name, beaten in its only group, adds nothing.
    const a = attribute(fixture('cooking').hits[0]?.explanation as Explanation);
    expect(part(a, 'nicheLabels')).toBeCloseTo(6.2732325, 5);
    expect(part(a, 'description')).toBeCloseTo(2.88976 + 4.30115, 5);
    expect(part(a, 'name')).toBeUndefined();
    expect(part(a, 'handle.prefix')).toBeCloseTo(7.785126, 5);
  });

  it('adds up one field across terms and keeps the words of a match together', () => {
    const a = attribute(fixture('the-humble-gadget').hits[0]?.explanation as Explanation);
    expect(part(a, 'name.prefix')).toBeCloseTo(10.845501, 4);
    expect(part(a, 'name.plain')).toBeCloseTo(4.698278, 4);
    expect(part(a, 'name')).toBeCloseTo(13.232229 + 11.82414, 4);
    expect(part(a, 'name.exact', 'constant')).toBe(6);
  });

  it('tells a scored leaf from a constant one on the same field (fuzzy handle, exact handle)', () => {
    const a = attribute(fixture('handle').hits[0]?.explanation as Explanation);
    expect(part(a, 'handle', 'scored')).toBeCloseTo(4.267443, 5);
    expect(part(a, 'handle', 'constant')).toBe(10);
    expect(part(a, 'slug', 'constant')).toBe(10);
  });
});

describe('attribute on the other shapes Lucene prints', () => {
  const node = (value: number, description: string, details?: Explanation[]): Explanation => ({
    value,
    description,
    ...(details && { details }),
  });

  it('counts the others of a dis_max times its tie-breaker', () => {
    const a = attribute(
      node(5.5, 'max plus 0.3 times others of:', [
        node(4, 'weight(name:cook in 1) [PerFieldSimilarity], result of:'),
        node(2, 'weight(description:cook in 1) [PerFieldSimilarity], result of:'),
        node(3, 'weight(nicheLabels:cook in 1) [PerFieldSimilarity], result of:'),
      ]),
    );
    expect(a.parts).toEqual([
      { field: 'name', kind: 'scored', value: 4 },
      { field: 'description', kind: 'scored', value: 2 * 0.3 },
      { field: 'nicheLabels', kind: 'scored', value: 3 * 0.3 },
    ]);
    expect(a.residual).toBeCloseTo(0, 10);
  });

  it('reads synonyms, point ranges and rank_feature fields of their own', () => {
    const a = attribute(
      node(14.5, 'sum of:', [
        node(2, 'weight(Synonym(name:cook name:chef) in 7) [PerFieldSimilarity], result of:'),
        node(10, 'creatorId:[5 TO 5]^10.0'),
        node(0.5, 'Saturation function on the popularity.views field, computed as w * S / (S + k) from:'),
        node(2, 'ConstantScore(languageCode:de)^2.0'),
        node(0, 'match on required clause, product of:', [node(1, 'countryCode:us')]),
      ]),
    );
    expect(a.parts).toEqual([
      { field: 'name', kind: 'scored', value: 2 },
      { field: 'creatorId', kind: 'constant', value: 10 },
      { field: 'popularity.views', kind: 'feature', value: 0.5 },
      { field: 'languageCode', kind: 'constant', value: 2 },
    ]);
  });

  it("gives a k-NN clause's hits to the vectors' field: the semantic part of a score", () => {
    const a = attribute(
      node(7, 'sum of:', [
        node(3, 'weight(description:stock in 3) [PerFieldSimilarity], result of:'),
        node(4, 'within top 15 docs'),
      ]),
    );
    expect(a.parts).toEqual([
      { field: 'description', kind: 'scored', value: 3 },
      { field: 'embedding', kind: 'nearest', value: 4 },
    ]);
    expect(a.residual).toBe(0);
  });

  it('gives an unknown node to the first field named below it, or to none', () => {
    const a = attribute(
      node(7, 'sum of:', [
        node(4, 'function score, product of:', [
          node(2, 'weight(description:gadget in 3) [PerFieldSimilarity], result of:'),
          node(2, 'field value function: log1p(doc[avgViews].value * factor=1.0)'),
        ]),
        node(3, 'custom score, computed as boost * idf * tf from:'),
      ]),
    );
    expect(a.parts).toEqual([
      { field: 'description', kind: 'other', value: 4 },
      { field: undefined, kind: 'other', value: 3 },
    ]);
  });

  it('leaves what a node does not pass on to its children as a residual', () => {
    const a = attribute(
      node(5, 'sum of:', [node(3, 'weight(name:a in 1) [PerFieldSimilarity], result of:'), node(1.5, 'sum of:')]),
    );
    expect(a.parts.reduce((s, p) => s + p.value, 0) + a.residual).toBeCloseTo(5, 10);
    expect(a.residual).toBeCloseTo(0.5, 10);
  });
});

describe('clauseLabels', () => {
  it('names each field with the clauses that ask for it, never a filter', () => {
    const labels = clauseLabels({
      bool: {
        must: [
          {
            bool: {
              should: [
                { multi_match: { query: 'x', type: 'cross_fields', fields: ['name^3', 'description'] } },
                { match: { handle: { query: '@x', fuzziness: 'AUTO', boost: 1 } } },
                { match: { 'name.prefix': { query: 'x', operator: 'and', boost: 1.5 } } },
                { term: { handle: { value: '@x', boost: 10 } } },
              ],
            },
          },
        ],
        should: [
          { rank_feature: { field: 'popularity.subscribers', boost: 1.5, saturation: {} } },
          {
            knn: {
              embedding: {
                vector: [0.1, 0.2],
                k: 15,
                method_parameters: { ef_search: 2000 },
                boost: 4,
                filter: { term: { countryCode: 'US' } },
              },
            },
          },
        ],
        filter: [{ term: { countryCode: 'US' } }],
      },
    });
    expect(Object.fromEntries([...labels].map(([field, l]) => [field, l.map((x) => x.text)]))).toEqual({
      name: ['cross_fields^3'],
      description: ['cross_fields'],
      handle: ['fuzzy', 'term^10'],
      'name.prefix': ['match^1.5'],
      'popularity.subscribers': ['rank_feature^1.5'],
      embedding: ['knn (k 15, ef 2000, by meaning)^4'],
    });
    expect(labels.get('handle')?.map((l) => l.constant)).toEqual([false, true]);
  });
});
