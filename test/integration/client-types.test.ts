import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { renderTypes, TYPES_FILE } from '../../clients/typescript/scripts/generate.ts';
import { servedDocument } from '../../scripts/openapi-document.ts';

// The client's types are generated from the document the service serves and checked in: they must not drift.
describe('clients/typescript/src/openapi.ts', () => {
  it('is what `npm run client:generate` renders from the served OpenAPI document', async () => {
    const document = await servedDocument({
      ...process.env,
      OPENSEARCH_URL: inject('opensearchUrl'),
      REDIS_URL: inject('redisUrl'),
    });
    expect(Object.keys(document.paths as object)).toContain('/api/v1/creators');
    const rendered = await renderTypes(document);
    const checkedIn = readFileSync(TYPES_FILE, 'utf8');
    expect(
      checkedIn === rendered,
      'the client types differ from the served document: run `npm run client:generate`',
    ).toBe(true);
  });
});
