import { describe, expect, it } from 'vitest';
import { pageLinks, pageWindow } from '../../src/search/pagination.ts';
import { loadProfile } from '../../src/search/profile.ts';
import { domainOf, sponsorLookupBody, sponsorSearchBody } from '../../src/search/sponsor-query.ts';
import { TEST_PROFILE } from '../support/dataset.ts';

const ranking = loadProfile(TEST_PROFILE).ranking.sponsors;

describe('sponsor search DSL', () => {
  it('ranks by sponsorships, then relevance, then id, and caps the results', () => {
    const body = sponsorSearchBody('Nord  VPN', ranking, 25) as Record<string, unknown>;
    expect(body.size).toBe(25);
    expect(body.sort).toEqual([
      { sponsorshipCount: { order: 'desc' } },
      { _score: { order: 'desc' } },
      { sponsorId: { order: 'asc' } },
    ]);
  });

  it('matches names with typos and by prefix, whole names, domains and description keywords', () => {
    const should = (
      sponsorSearchBody('https://www.Zenio.com/x', ranking, 5) as {
        query: { bool: { should: Record<string, unknown>[] } };
      }
    ).query.bool.should;
    expect(should).toContainEqual({
      match: { name: { query: 'https://www.Zenio.com/x', fuzziness: 'AUTO', boost: 3 } },
    });
    expect(should).toContainEqual({ term: { domain: { value: 'Zenio.com', boost: 5 } } });
    expect(JSON.stringify(should)).not.toMatch(/"(query_string|simple_query_string|wildcard|regexp|script)":/);
  });

  it('reduces addresses to domains', () => {
    expect(domainOf('https://www.nord-vpn.com/pricing?x=1')).toBe('nord-vpn.com');
    expect(domainOf(' zenio.com ')).toBe('zenio.com');
  });
});

describe('sponsor lookup DSL', () => {
  const clauses = (id: string) =>
    (sponsorLookupBody(id) as { query: { bool: { should: Record<string, unknown>[] } } }).query.bool.should;

  it('tries the numeric id only for safe whole numbers', () => {
    expect(clauses('186')).toContainEqual({ term: { sponsorId: { value: 186, boost: 3 } } });
    for (const id of ['-1', '1.5', '99999999999999999999'])
      expect(JSON.stringify(clauses(id))).not.toContain('sponsorId');
  });

  it('folds spacing of names (case and accents are folded by the field normaliser)', () => {
    expect(clauses('  Zenio   Outfitters ')).toContainEqual({
      term: { 'name.exact': { value: 'Zenio Outfitters', boost: 2 } },
    });
  });

  it('matches nothing for blank or overlong ids', () => {
    expect(sponsorLookupBody(' ')).toBeUndefined();
    expect(sponsorLookupBody('x'.repeat(500))).toBeUndefined();
  });
});

describe('pagination', () => {
  const paging = (page: number) => ({ page, pageSize: 25, depthLimit: 1000 });

  it('slices pages and stops at the depth limit', () => {
    expect(pageWindow(paging(1))).toEqual({ from: 0, size: 25 });
    expect(pageWindow(paging(40))).toEqual({ from: 975, size: 25 });
    expect(pageWindow(paging(41))).toEqual({ from: 0, size: 0 });
    expect(pageWindow({ page: 3, pageSize: 10, depthLimit: 25 })).toEqual({ from: 20, size: 5 });
  });

  it('offers a next page only while available matches remain', () => {
    expect(pageLinks(paging(1), 26)).toEqual({ hasMore: true, nextPage: 2 });
    expect(pageLinks(paging(2), 26)).toEqual({ hasMore: false, nextPage: null });
    expect(pageLinks(paging(1), 25)).toEqual({ hasMore: false, nextPage: null });
    expect(pageLinks(paging(1), 0)).toEqual({ hasMore: false, nextPage: null });
    expect(pageLinks(paging(39), 50_000)).toEqual({ hasMore: true, nextPage: 40 });
    expect(pageLinks(paging(40), 50_000)).toEqual({ hasMore: false, nextPage: null });
    expect(pageLinks(paging(99), 50_000)).toEqual({ hasMore: false, nextPage: null });
  });
});
