import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../support/app.ts';

describe('error shape', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    test.app.get(
      '/test/validated',
      { schema: { querystring: z.object({ page: z.coerce.number().int().min(1) }) } },
      async () => ({ ok: true }),
    );
    test.app.get('/test/broken', async () => {
      throw new Error('secret internals at /srv/app.ts:42');
    });
  });
  afterAll(() => test.close());

  const expectError = (
    response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
    status: number,
    code: string,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: { code, message: expect.any(String) } });
  };

  it('unknown route → 404 not_found', async () => {
    expectError(await test.app.inject('/api/v1/nope'), 404, 'not_found');
    expectError(await test.app.inject({ method: 'DELETE', url: '/nowhere' }), 404, 'not_found');
  });

  it('wrong method on a real route → 405 method_not_allowed with Allow', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/readyz' });
    expectError(response, 405, 'method_not_allowed');
    expect(response.headers.allow).toBe('GET, HEAD');
    expectError(await test.app.inject({ method: 'PUT', url: '/api/v1/openapi.json?x=1' }), 405, 'method_not_allowed');
  });

  it('a malformed URL → 400 invalid_request', async () => {
    expectError(await test.app.inject('/api/v1/%E0%A4%A'), 400, 'invalid_request');
  });

  it('failed validation → 422 invalid_request naming the parameter', async () => {
    const response = await test.app.inject('/test/validated?page=0');
    expectError(response, 422, 'invalid_request');
    expect((response.json() as { error: { message: string } }).error.message).toMatch(/page/);
    expect((await test.app.inject('/test/validated?page=2')).statusCode).toBe(200);
  });

  it('an unexpected error → 500 internal_error without internals, logged in full', async () => {
    const response = await test.app.inject('/test/broken');
    expectError(response, 500, 'internal_error');
    expect(response.body).not.toMatch(/secret|srv|stack/);
    expect(test.logs.some((line) => JSON.stringify(line).includes('secret internals'))).toBe(true);
  });

  it('never logs the Authorization header', async () => {
    const key = 'csi_live_0123456789abcdefSECRET';
    await test.app.inject({ url: '/livez?probe=1', headers: { authorization: `Bearer ${key}` } });
    test.app.log.warn({ headers: { authorization: `Bearer ${key}`, host: 'x' } }, 'a line that logs headers');
    const lines = test.logs.map((line) => JSON.stringify(line));
    expect(lines.some((line) => line.includes('/livez?probe=1'))).toBe(true);
    expect(lines.some((line) => line.includes('"authorization":"[redacted]"'))).toBe(true);
    expect(lines.some((line) => line.includes(key))).toBe(false);
  });
});

describe('API description', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it('serves an OpenAPI 3.1 document and Swagger UI', async () => {
    const document = await test.app.inject('/api/v1/openapi.json');
    expect(document.statusCode).toBe(200);
    expect(document.json()).toMatchObject({ openapi: '3.1.0', info: { version: '1.0.0' } });
    const paths = document.json().paths as Record<string, Record<string, { operationId: string; responses: object }>>;
    const operations = Object.fromEntries(
      Object.values(paths).flatMap((methods) =>
        Object.values(methods).map((o) => [o.operationId, Object.keys(o.responses).sort()]),
      ),
    );
    // The spec's operationIds, each with 200 and the statuses of its §7 row (plus 503 where OpenSearch answers), and
    // lookalikes beyond it: search's statuses and an unknown creator's 404; the export's as search's; usage's as
    // credits' (and 503: it reads Redis beyond the access check).
    expect(operations).toEqual({
      exportCreators: ['200', '401', '402', '403', '422', '429', '503'],
      getUsage: ['200', '401', '403', '429', '503'],
      findSimilarCreators: ['200', '401', '402', '403', '404', '422', '429', '503'],
      getCreatorSponsorships: ['200', '401', '402', '403', '404', '422', '429', '503'],
      getCreatorHistory: ['200', '401', '402', '403', '404', '422', '429', '503'],
      searchCreators: ['200', '401', '402', '403', '422', '429', '503'],
      getCreator: ['200', '401', '402', '403', '404', '429', '503'],
      getCreatorAudience: ['200', '401', '402', '403', '404', '429', '503'],
      searchSponsors: ['200', '401', '402', '403', '422', '429', '503'],
      getSponsor: ['200', '401', '402', '403', '404', '429', '503'],
      listNiches: ['200', '401', '403', '429'],
      getCredits: ['200', '401', '403', '429'],
    });
    const schemas = Object.keys(document.json().components.schemas).sort();
    expect(schemas).toEqual(
      ['Audience', 'CreatorDetail', 'CreatorSponsor', 'CreatorSummary', 'Credits', 'Error', 'Niche']
        .concat(['CreatorFacets', 'FacetValue', 'Growth', 'Snapshot', 'SponsorDetail', 'SponsorFacets'])
        .concat(['SponsorSummary', 'Sponsorship', 'Usage'])
        .sort(),
    );
    // Every reference resolves: no schema was dropped that something uses.
    const refs = new Set(JSON.stringify(document.json()).match(/#\/components\/schemas\/\w+/g));
    for (const ref of refs) expect(schemas).toContain(ref.split('/').at(-1));
    expect(refs.size).toBeGreaterThan(5);
    const ui = await test.app.inject('/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});
