import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { DOCUMENT_FILE, renderDocument } from '../../clients/python/scripts/generate.ts';
import { servedDocument } from '../../scripts/openapi-document.ts';

// The Python client's generated code (clients/python/csi_client/_generated/) is made from the committed document
// beside it, by `npm run client:python`, which writes both: that document must be the one the service serves.
describe('clients/python/openapi.json', () => {
  it('is the served OpenAPI document that `npm run client:python` generated the client from', async () => {
    const document = await servedDocument({
      ...process.env,
      OPENSEARCH_URL: inject('opensearchUrl'),
      REDIS_URL: inject('redisUrl'),
    });
    expect(Object.keys(document.paths as object)).toContain('/api/v1/creators');
    expect(
      readFileSync(DOCUMENT_FILE, 'utf8') === renderDocument(document),
      'the Python client was generated from another document: run `npm run client:python`',
    ).toBe(true);
  });
});
