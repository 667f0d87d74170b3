import { describe, expect, it } from 'vitest';
import { byClass, type Evaluation, type QueryOutcome, summarise } from '../../workbench/evaluate.ts';
import { compareReport, escapeHtml } from '../../workbench/report.ts';
import { compareEvaluations } from '../../workbench/significance.ts';

const CLASSES = ['navigational', 'topic', 'typo'];
const HOSTILE = '<script>alert("x")</script> & co';
const texts = Array.from({ length: 12 }, (_, i) => (i === 5 ? HOSTILE : `query number ${i}`));
/** nDCG@10 under A and B: query 3 drops the most, query 7 gains, the rest do not move. */
const ndcgA = texts.map((_, i) => (i === 3 ? 0.9 : i === 7 ? 0.2 : 0.5));
const ndcgB = texts.map((_, i) => (i === 3 ? 0.1 : i === 7 ? 0.95 : 0.5));

function evaluation(name: string, ndcg: number[]): Evaluation {
  const queries: QueryOutcome[] = texts.map((query, i) => ({
    key: `q${i}`,
    source: `relevance/judgments/test.jsonl:${i + 1}`,
    class: CLASSES[i % 3] ?? 'topic',
    target: 'creators',
    query,
    ...(i === 4 && { filters: { country: 'DE', min_subscribers: 1000 } }),
    metrics: { ndcg: ndcg[i] ?? 0, precision: 0.3, mrr: 1, hit1: 1, hit3: 1, best10: 1, zero: 0 },
    top: [
      { id: `${name}-first-${i}`, name: `<b>Creator</b> ${i}`, grade: 3 },
      { id: `shared-${i}`, name: 'Shared', grade: null },
    ],
    unknownIds: [],
  }));
  return {
    profile: { name, version: `${name}-2026-11`, file: `relevance/profiles/${name}.json` },
    at: '2026-11-23T10:00:00.000Z',
    seconds: 1,
    queries,
    classes: byClass(queries),
    overall: summarise(queries),
  };
}

const a = evaluation('baseline', ndcgA);
const b = evaluation('tuned', ndcgB);
const report = compareReport(a, b, compareEvaluations(a, b));

describe('comparison report', () => {
  it('lists every judged query, its text escaped', () => {
    for (const text of texts) expect(report).toContain(escapeHtml(text));
  });

  it('escapes markup in queries and names', () => {
    expect(report).not.toContain('<script>');
    expect(report).not.toContain('<b>Creator</b>');
    expect(report).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
  });

  it('lists the worsened query before the unchanged ones, and those before the improved one', () => {
    const at = (text: string) => report.indexOf(`<span class="text">${escapeHtml(text)}</span>`);
    expect(at('query number 3')).toBeGreaterThan(0);
    expect(at('query number 3')).toBeLessThan(at('query number 0'));
    expect(at('query number 0')).toBeLessThan(at('query number 7'));
  });

  it('shows filters and unjudged results', () => {
    expect(report).toContain('country=DE');
    expect(report).toContain('>–</span>');
  });

  it('fetches nothing', () => {
    expect(report).not.toMatch(/src="http|<link|<script|@import|url\(/i);
    expect(report).not.toMatch(/https?:\/\//);
  });

  it('names both profiles and their versions', () => {
    for (const text of ['baseline', 'tuned', 'baseline-2026-11', 'tuned-2026-11']) expect(report).toContain(text);
  });
});
