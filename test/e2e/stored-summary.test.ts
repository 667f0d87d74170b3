import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchCreatorsResult } from '../../src/contract/operations.ts';
import type { CreatorSource } from '../../src/search/documents.ts';
import { creatorSummary, Pages } from '../../src/search/present.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type LoadedDataset, loadGeneratedDataset } from '../support/catalog.ts';

// Creator search answers with the summaries the indexer rendered and stored (spliced under PUBLIC_BASE_URL), and
// they must be exactly the summaries the API would build from each creator's source, also on data whose stored
// summaries are gone (loaded before they existed, or left out of _source and rewritten from it).

const BASE = 'https://creators.example.com/v"1';
let data: LoadedDataset;
let api: TestApp;
const QUERIES: Record<string, string>[] = [
  { query: 'gaming' },
  { query: 'cooking', country: 'United States' },
  { query: 'tech', page: '2' },
];

async function page(params: Record<string, string>) {
  const response = await api.get(`/api/v1/creators?${new URLSearchParams(params)}`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json();
}

/** Each creator's summary built from its _source, as the API builds it without a stored summary. */
async function fromSource(slugs: string[]) {
  const { body } = await data.client.search({
    index: `${data.prefix}creators`,
    body: { size: slugs.length, query: { terms: { slug: slugs } } },
  });
  const pages = new Pages(BASE);
  const built = new Map(
    (body.hits.hits as { _source: CreatorSource }[]).map((h) => [h._source.slug, creatorSummary(h._source, pages)]),
  );
  return slugs.map((slug) => built.get(slug));
}

beforeAll(async () => {
  data = await loadGeneratedDataset('stored_summary');
  api = await createTestApp({ INDEX_PREFIX: data.prefix, PUBLIC_BASE_URL: BASE, LOG_LEVEL: 'warn' });
}, 120_000);
afterAll(async () => {
  await api?.close();
  await data?.drop();
});

describe('stored creator summaries', () => {
  const answers: unknown[] = [];

  it('answer with exactly the contract keys and the summaries built from each source', async () => {
    for (const params of QUERIES) {
      const body = await page(params);
      expect(body.returned).toBeGreaterThan(0);
      expect(SearchCreatorsResult.parse(body)).toEqual(body);
      const slugs = (body.creators as { id: string }[]).map((c) => c.id);
      expect(body.creators).toEqual(await fromSource(slugs));
      expect(body.creators[0].influesqueUrl).toBe(`${BASE}/creators/${encodeURIComponent(slugs[0] as string)}`);
      answers.push(body);
    }
  });

  it('are built from the source where the stored ones are gone', async () => {
    const index = `${data.prefix}creators`;
    const stored = async () =>
      (await data.client.search({ index, body: { size: 1, _source: false, stored_fields: ['summary'] } })).body.hits
        .hits[0]?.fields;
    const rewrite = (script?: string) =>
      data.client.updateByQuery({
        index,
        refresh: true,
        conflicts: 'proceed',
        body: { query: { match_all: {} }, ...(script && { script: { source: script } }) },
      });
    // The summary is in _source too (no filtered _source, whose recovery copy held every vector twice), so a
    // rewrite from _source keeps it; data loaded while it was left out lost it that way, as this removal does.
    await rewrite();
    expect(await stored()).toHaveProperty('summary');
    await rewrite("ctx._source.remove('summary')");
    expect(await stored()).toBeUndefined();
    for (const [i, params] of QUERIES.entries()) {
      const body = await page(params);
      expect(SearchCreatorsResult.parse(body)).toEqual(body);
      expect(body.totalFound).toBe((answers[i] as { totalFound: number }).totalFound);
      expect(body.returned).toBeGreaterThan(0);
      expect(body.creators).toEqual(await fromSource((body.creators as { id: string }[]).map((c) => c.id)));
    }
  });
});
