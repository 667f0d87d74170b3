import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStackConfig } from '../../scripts/stack/config.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { DEFAULT_PROFILE } from '../../src/search/profile.ts';

describe('loadConfig', () => {
  it('gives every variable a default', () => {
    expect(loadConfig({})).toEqual({
      host: '127.0.0.1',
      port: 3000,
      metrics: { host: '127.0.0.1', port: 9464 },
      logLevel: 'info',
      opensearch: { nodes: ['http://127.0.0.1:9200'] },
      redis: { url: 'redis://127.0.0.1:6379' },
      readinessTimeoutMs: 1000,
      shutdownGraceMs: 10_000,
      indexPrefix: '',
      publicBaseUrl: 'http://localhost:3000',
      opensearchTimeoutMs: 2000,
      opensearchMaxPending: 256,
      opensearchShedPending: 16,
      opensearchShedKeep: 8,
      opensearchShedAfterMs: 25,
      pageSize: 25,
      searchDepthLimit: 1000,
      sponsorResults: 25,
      production: false,
      keyPrefix: 'csi',
      redisKeyPrefix: '',
      plans: {
        user: { api: true, allowance: 10_000, pageSize: 25, perMinute: 120 },
        free_trial: { api: true, allowance: 100, pageSize: 10, perMinute: 20 },
        free: { api: false, allowance: 0, pageSize: 0, perMinute: 1 },
      },
      ipPerMinute: 600,
      ipv6LimitPrefix: 64,
      trustProxy: false,
      accessDisabled: false,
      accessAhead: true,
      accessBlocks: true,
      reservationMs: 20_000,
      settleEveryMs: 5000,
      rankingProfile: DEFAULT_PROFILE,
      rankingProfilePollMs: 1000,
      semantic: {
        modelDir: path.resolve('.cache/stack/model/all-MiniLM-L6-v2-int8-fused'),
        model: 'all-MiniLM-L6-v2-int8-fused',
      },
    });
  });

  it('reads and coerces values', () => {
    const config = loadConfig({ PORT: '8080', OPENSEARCH_URL: 'https://search.internal:9200', LOG_LEVEL: 'warn' });
    expect(config).toMatchObject({
      port: 8080,
      opensearch: { nodes: ['https://search.internal:9200'] },
      logLevel: 'warn',
    });
  });

  it('reads several OpenSearch nodes, a user and password, and a CA file', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'config-ca-'));
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    writeFileSync(path.join(dir, 'ca.pem'), pem);
    const { opensearch } = loadConfig({
      OPENSEARCH_URL: ' https://os1:9200/, https://os2:9200 ,https://os3:9200',
      OPENSEARCH_USERNAME: 'api',
      OPENSEARCH_PASSWORD: 's3cret',
      OPENSEARCH_CA_FILE: path.join(dir, 'ca.pem'),
    });
    expect(opensearch).toEqual({
      nodes: ['https://os1:9200', 'https://os2:9200', 'https://os3:9200'],
      username: 'api',
      password: 's3cret',
      ca: pem,
    });
    rmSync(dir, { recursive: true });
  });

  it('refuses an OpenSearch password over http:// unless told the network is trusted', () => {
    const env = { OPENSEARCH_URL: 'http://os1:9200', OPENSEARCH_USERNAME: 'api', OPENSEARCH_PASSWORD: 's3cret' };
    expect(() => loadConfig(env)).toThrow(/OPENSEARCH_URL.*in clear over http:\/\//);
    expect(loadConfig({ ...env, OPENSEARCH_ALLOW_HTTP_AUTH: 'true' }).opensearch).toMatchObject({ username: 'api' });
    expect(loadConfig({ OPENSEARCH_URL: 'http://os1:9200' }).opensearch).toEqual({ nodes: ['http://os1:9200'] });
  });

  it('keeps a standing queue at 8 searches, or at OPENSEARCH_SHED_PENDING when that is lower, unless set', () => {
    expect(loadConfig({ OPENSEARCH_SHED_KEEP: '' }).opensearchShedKeep).toBe(8);
    expect(loadConfig({ OPENSEARCH_SHED_PENDING: '4' }).opensearchShedKeep).toBe(4);
    expect(loadConfig({ OPENSEARCH_SHED_PENDING: '4', OPENSEARCH_SHED_KEEP: '2' }).opensearchShedKeep).toBe(2);
    expect(() => loadConfig({ OPENSEARCH_SHED_PENDING: '4', OPENSEARCH_SHED_KEEP: '5' })).toThrow(
      /OPENSEARCH_SHED_KEEP.*must not exceed OPENSEARCH_SHED_PENDING/,
    );
  });

  it('derives a reservation’s deadline from the call’s time budget, at most a minute, unless set', () => {
    expect(loadConfig({}).reservationMs).toBe(20_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '30000' }).reservationMs).toBe(40_000);
    expect(loadConfig({ OPENSEARCH_TIMEOUT_MS: '30000' }).reservationMs).toBe(60_000);
    expect(loadConfig({ RESERVATION_DEADLINE_MS: '5000' }).reservationMs).toBe(5000);
    expect(() => loadConfig({ RESERVATION_DEADLINE_MS: '120000' })).toThrow(/RESERVATION_DEADLINE_MS/);
  });

  it('reads a Redis Cluster from REDIS_CLUSTER_NODES, in place of REDIS_URL', () => {
    expect(loadConfig({ REDIS_CLUSTER_NODES: '10.0.0.1:7000, 10.0.0.2:7001' }).redis).toEqual({
      cluster: [
        { host: '10.0.0.1', port: 7000 },
        { host: '10.0.0.2', port: 7001 },
      ],
      tls: false,
    });
    expect(
      loadConfig({ REDIS_CLUSTER_NODES: 'rediss://ops:p%40ss@r1:6380,rediss://ops:p%40ss@r2:6380' }).redis,
    ).toEqual({
      cluster: [
        { host: 'r1', port: 6380 },
        { host: 'r2', port: 6380 },
      ],
      username: 'ops',
      password: 'p@ss',
      tls: true,
    });
  });

  it('serves metrics where METRICS_HOST and METRICS_PORT say; METRICS_PORT=off turns them off', () => {
    expect(loadConfig({ METRICS_HOST: '0.0.0.0', METRICS_PORT: '9100' }).metrics).toEqual({
      host: '0.0.0.0',
      port: 9100,
    });
    expect(loadConfig({ METRICS_PORT: 'off' }).metrics).toBeUndefined();
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', REDIS_URL: '' })).toMatchObject({
      port: 3000,
      redis: { url: 'redis://127.0.0.1:6379' },
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['METRICS_PORT', 'on'],
    ['METRICS_PORT', '-1'],
    ['LOG_LEVEL', 'loud'],
    ['OPENSEARCH_URL', 'not a url'],
    ['OPENSEARCH_URL', 'redis://127.0.0.1:9200'],
    ['OPENSEARCH_URL', 'http://a:9200,not a url'],
    ['OPENSEARCH_URL', 'http://a:9200,https://b:9200'],
    ['OPENSEARCH_URL', 'https://admin:secret@search.internal:9200'],
    ['OPENSEARCH_URL', ' , '],
    ['OPENSEARCH_USERNAME', 'admin'],
    ['OPENSEARCH_CA_FILE', '/nonexistent/ca.pem'],
    ['OPENSEARCH_CA_FILE', 'package.json'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['REDIS_CLUSTER_NODES', 'redis-1'],
    ['REDIS_CLUSTER_NODES', 'http://redis-1:7000'],
    ['REDIS_CLUSTER_NODES', 'redis-1:7000/2'],
    ['REDIS_CLUSTER_NODES', 'redis://:a@redis-1:7000,redis://:b@redis-2:7000'],
    ['REDIS_CLUSTER_NODES', ','],
    ['READINESS_TIMEOUT_MS', '-5'],
    ['SHUTDOWN_GRACE_MS', 'soon'],
    ['INDEX_PREFIX', 'Upper'],
    ['PUBLIC_BASE_URL', 'ftp://example.com'],
    ['PAGE_SIZE', '26'],
    ['SEARCH_DEPTH_LIMIT', '20000'],
    ['SPONSOR_RESULTS', '0'],
    ['OPENSEARCH_SHED_KEEP', '0'],
    ['OPENSEARCH_SHED_KEEP', '17'],
    ['KEY_PREFIX', 'Bad_Prefix'],
    ['PLAN_FREE_TRIAL_PAGE_SIZE', '30'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '11'],
    ['TRUST_PROXY', '-1'],
    ['TRUST_PROXY', '10.0.0.1,'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1, proxy.internal'],
    ['ACCESS_DISABLED', 'yes please'],
    ['ACCESS_AHEAD', 'sometimes'],
  ])('rejects %s=%s, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxy addresses and CIDRs', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust(' 2 ')).toBe(2);
    expect(trust('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(trust('10.0.0.0/8, 192.168.1.1,fd00::/8, ::1, loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses TRUST_PROXY=true, explaining the choice', () => {
    for (const value of ['true', 'TRUE']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: .*every.*number of proxies.*CIDRs/);
    }
  });

  it('refuses the benchmark-only access switch in production', () => {
    expect(loadConfig({ ACCESS_DISABLED: 'true' }).accessDisabled).toBe(true);
    expect(() => loadConfig({ ACCESS_DISABLED: 'true', NODE_ENV: 'production' })).toThrow(/ACCESS_DISABLED/);
  });

  it('turns the fast path of access off with ACCESS_AHEAD=false, also in production', () => {
    expect(loadConfig({ ACCESS_AHEAD: 'false' }).accessAhead).toBe(false);
    expect(loadConfig({ ACCESS_AHEAD: 'false', NODE_ENV: 'production' }).accessAhead).toBe(false);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});

describe('loadStackConfig', () => {
  it('resolves the cache folder inside the repository by default', () => {
    expect(loadStackConfig({}).cacheDir).toMatch(/\.cache\/stack$/);
    expect(loadStackConfig({}).opensearchHeap).toBe('512m');
  });

  it.each([
    ['STACK_OPENSEARCH_HEAP', 'lots'],
    ['STACK_REDIS_PORT', '0'],
    ['STACK_TIMEOUT_S', '-1'],
  ])('rejects %s=%s, naming the variable', (name, value) => {
    expect(() => loadStackConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });
});
