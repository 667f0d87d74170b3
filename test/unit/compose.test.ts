import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { INDEXER_VARIABLES } from '../../indexer/config.ts';
import { STACK_VARIABLES } from '../../scripts/stack/config.ts';
import { OPENSEARCH_ARTIFACT, OPENSEARCH_IMAGE, OPENSEARCH_VERSION, REDIS_IMAGE } from '../../scripts/stack/pins.ts';
import { CONFIG_VARIABLES } from '../../src/config.ts';

// docker-compose.yml cannot import the launcher's pins, so this keeps the two (and .env.example) from drifting.
const root = path.resolve(import.meta.dirname, '../..');
const composeText = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const compose = parse(composeText) as {
  services: Record<
    string,
    {
      image?: string;
      command?: string[];
      environment?: Record<string, unknown>;
      healthcheck?: unknown;
      depends_on?: Record<string, { condition: string }>;
    }
  >;
};
const { opensearch, redis, api } = compose.services;
const envExample = readFileSync(path.join(root, '.env.example'), 'utf8')
  .split('\n')
  .filter((line) => /^[A-Z_]+=/.test(line))
  .map((line) => line.slice(0, line.indexOf('=')));

describe('docker-compose.yml', () => {
  it('runs the pinned images', () => {
    expect(opensearch?.image).toBe(OPENSEARCH_IMAGE);
    expect(redis?.image).toBe(REDIS_IMAGE);
    expect(OPENSEARCH_ARTIFACT).toContain(`:${OPENSEARCH_VERSION}:`);
    expect(OPENSEARCH_IMAGE).toMatch(new RegExp(`:${OPENSEARCH_VERSION}$`));
  });

  it('runs OpenSearch as one node without the security plugin, and Redis with AOF', () => {
    expect(opensearch?.environment).toMatchObject({ 'discovery.type': 'single-node', DISABLE_SECURITY_PLUGIN: 'true' });
    expect(redis?.command?.join(' ')).toContain('--appendonly yes');
  });

  it('gives every service a healthcheck and starts the API only on healthy backends', () => {
    for (const service of Object.values(compose.services)) expect(service.healthcheck).toBeDefined();
    expect(api?.depends_on).toEqual({
      opensearch: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
  });

  it('sets exactly the API configuration variables on the API', () => {
    expect(Object.keys(api?.environment ?? {}).sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('interpolates only variables that .env.example documents', () => {
    const used = [...composeText.matchAll(/\$\{([A-Z_]+)/g)].map((match) => match[1]);
    expect(used.length).toBeGreaterThan(0);
    for (const name of used) expect(envExample).toContain(name);
  });
});

describe('.env.example', () => {
  it('lists exactly the variables of the API, the indexer and the launcher', () => {
    expect([...envExample].sort()).toEqual(
      [...new Set([...CONFIG_VARIABLES, ...INDEXER_VARIABLES, ...STACK_VARIABLES])].sort(),
    );
  });
});
