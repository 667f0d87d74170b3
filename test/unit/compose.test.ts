import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { INDEXER_VARIABLES } from '../../indexer/config.ts';
import { STACK_VARIABLES } from '../../scripts/stack/config.ts';
import { OPENSEARCH_ARTIFACT, OPENSEARCH_IMAGE, OPENSEARCH_VERSION, REDIS_IMAGE } from '../../scripts/stack/pins.ts';
import { CONFIG_VARIABLES } from '../../src/config.ts';

// docker-compose.yml cannot import the launcher's pins or configs, so this keeps them (and .env.example) in step.
type Service = {
  image?: string;
  command?: string | string[];
  environment?: Record<string, unknown> | string[];
  healthcheck?: { test?: unknown };
  depends_on?: Record<string, { condition?: string }> | string[];
};

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service> };
const { opensearch, redis, api } = compose.services;

/** Compose accepts `environment` as a map or as a list of KEY=VALUE strings. */
function envOf(service: Service | undefined): Record<string, string> {
  const env = service?.environment ?? {};
  const entries = Array.isArray(env)
    ? env.map((item) => [item.split('=')[0] ?? '', item.slice(item.indexOf('=') + 1)])
    : Object.entries(env).map(([key, value]) => [key, String(value ?? '')]);
  return Object.fromEntries(entries);
}

const envExample = read('.env.example')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#') && line.includes('='))
  .map((line) => line.slice(0, line.indexOf('=')).trim());

describe('docker-compose.yml', () => {
  it('runs the pinned images, and the launcher downloads the same OpenSearch version', () => {
    expect(opensearch?.image).toBe(OPENSEARCH_IMAGE);
    expect(redis?.image).toBe(REDIS_IMAGE);
    expect(OPENSEARCH_ARTIFACT).toContain(`:${OPENSEARCH_VERSION}:`);
  });

  it('runs OpenSearch as one node without the security plugin, and Redis with AOF', () => {
    expect(envOf(opensearch)).toMatchObject({ 'discovery.type': 'single-node', DISABLE_SECURITY_PLUGIN: 'true' });
    expect([redis?.command ?? []].flat().join(' ')).toMatch(/--appendonly yes\b/);
  });

  it('gives every service a healthcheck and starts the API only on healthy backends', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.healthcheck?.test, `${name} healthcheck`).toBeDefined();
    }
    expect(api?.depends_on).toMatchObject({
      opensearch: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
  });

  it('sets exactly the API configuration variables on the API', () => {
    expect(Object.keys(envOf(api)).sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('interpolates only variables that .env.example documents', () => {
    // Scan the parsed document, so comments do not count; `$${` is compose's escape for a literal `${`.
    const used = [...JSON.stringify(compose).matchAll(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(0);
    for (const name of new Set(used)) expect(envExample, `${name} in .env.example`).toContain(name);
  });
});

describe('.env.example', () => {
  it('lists exactly the variables of the API, the indexer and the launcher, once each', () => {
    expect(new Set(envExample).size).toBe(envExample.length);
    expect([...envExample].sort()).toEqual(
      [...new Set([...CONFIG_VARIABLES, ...INDEXER_VARIABLES, ...STACK_VARIABLES])].sort(),
    );
  });
});
