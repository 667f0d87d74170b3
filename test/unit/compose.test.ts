import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { IMPORTER_VARIABLES } from '../../importer/config.ts';
import { INDEXER_VARIABLES } from '../../indexer/config.ts';
import { API_NODE_FLAGS } from '../../scripts/stack/api-node-flags.ts';
import { INDEXER_NODE_FLAGS } from '../../scripts/stack/background-vectors.ts';
import { STACK_VARIABLES } from '../../scripts/stack/config.ts';
import { INDEX_BUFFER_SIZE, KNN_BUILD_THREADS } from '../../scripts/stack/opensearch.ts';
import { OPENSEARCH_ARTIFACT, OPENSEARCH_IMAGE, OPENSEARCH_VERSION, REDIS_IMAGE } from '../../scripts/stack/pins.ts';
import { CONFIG_VARIABLES, loadConfig } from '../../src/config.ts';
import { DRAIN_MS } from '../../src/http/access-plugin.ts';

// docker-compose.yml cannot import the launcher's pins or configs, so this keeps them (and .env.example) in step.
type Service = {
  image?: string;
  build?: string | { context?: string; target?: string };
  volumes?: string[];
  ports?: string[];
  profiles?: string[];
  restart?: string;
  command?: string | string[];
  environment?: Record<string, unknown> | string[];
  healthcheck?: { test?: unknown };
  stop_grace_period?: string;
  depends_on?: Record<string, { condition?: string }> | string[];
};

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
// `merge`: the `<<` keys compose reads (the cluster profile's nodes share one definition each).
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
const { opensearch, redis, api, indexer } = compose.services;
const dockerfile = read('Dockerfile');
/** The commands of each Dockerfile stage, by its name (`FROM … AS name`). */
const stages = Object.fromEntries(
  dockerfile
    .split(/^(?=FROM )/m)
    .map((stage) => [/^FROM \S+ AS (\S+)/.exec(stage)?.[1] ?? '', stage] as const)
    .filter(([name]) => name),
);
/** The top-level folders of the repository that these entry points import from, directly or not. */
function reachedFolders(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, spec = ''] of read(file).matchAll(/^import [^;]*?from '(\.{1,2}\/[^']+)'/gms)) {
      queue.push(path.relative(root, path.resolve(root, path.dirname(file), spec)));
    }
  }
  return new Set([...seen].map((file) => file.split('/')[0] as string));
}
const dependsOn = (service: Service | undefined) =>
  Array.isArray(service?.depends_on) ? {} : (service?.depends_on ?? {});
const inProfile = (name: string) =>
  Object.entries(compose.services).filter(([, service]) => service.profiles?.includes(name));

/** Compose accepts `environment` as a map or as a list of KEY=VALUE strings. */
function envOf(service: Service | undefined): Record<string, string> {
  const env = service?.environment ?? {};
  const entries = Array.isArray(env)
    ? env.map((item) => [item.split('=')[0] ?? '', item.slice(item.indexOf('=') + 1)])
    : Object.entries(env).map(([key, value]) => [key, String(value ?? '')]);
  return Object.fromEntries(entries);
}

/** Variables only docker-compose.yml reads (no program does): the passwords it sets its services up with. */
const COMPOSE_VARIABLES = ['OPENSEARCH_ADMIN_PASSWORD', 'REDIS_PASSWORD'];
const securityScript = 'scripts/compose/opensearch-security.sh';

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

  it('runs OpenSearch with its security plugin, TLS and one user whose password comes from the environment', () => {
    const init = compose.services['opensearch-init'];
    expect(init?.image).toBe(OPENSEARCH_IMAGE);
    expect(init?.volumes).toContain(`./${securityScript}:/init/opensearch-security.sh:ro`);
    expect(init?.command).toEqual(['bash', '/init/opensearch-security.sh']);
    expect(envOf(init).OPENSEARCH_PASSWORD).toMatch(/^\$\{OPENSEARCH_ADMIN_PASSWORD:\?/);
    const script = read(securityScript);
    const nodes = [['opensearch', opensearch] as const, ...inProfile('cluster')].filter(
      ([, s]) => s?.image === OPENSEARCH_IMAGE,
    ) as [string, Service][];
    expect(nodes.map(([name]) => name)).toEqual(['opensearch', 'opensearch-1', 'opensearch-2', 'opensearch-3']);
    for (const [name, node] of nodes) {
      const env = envOf(node);
      expect(env, name).not.toHaveProperty('DISABLE_SECURITY_PLUGIN');
      expect(env, name).toMatchObject({
        DISABLE_INSTALL_DEMO_CONFIG: 'true',
        'plugins.security.ssl.http.enabled': 'true',
        'plugins.security.allow_default_init_securityindex': 'true',
        'plugins.security.nodes_dn': 'CN=opensearch',
      });
      // The keystores the settings name are the ones the script writes, in the volume the node mounts.
      for (const file of ['node.p12', 'trust.p12']) expect(script).toContain(file);
      expect(env['plugins.security.ssl.http.keystore_filepath']).toBe('certs/node.p12');
      expect(env['plugins.security.ssl.transport.truststore_filepath']).toBe('certs/trust.p12');
      expect(script).toContain('-dname "CN=opensearch"');
      expect(script).toContain(`dns:${name}`);
      expect(node.volumes).toEqual(
        expect.arrayContaining([
          'opensearch-certs:/usr/share/opensearch/config/certs:ro',
          'opensearch-security-config:/usr/share/opensearch/config/opensearch-security',
        ]),
      );
      expect(String(node.healthcheck?.test)).toContain('https://localhost:9200');
      expect(dependsOn(node)['opensearch-init']).toEqual({ condition: 'service_completed_successfully' });
    }
    expect(envOf(opensearch)).toMatchObject({
      'discovery.type': 'single-node',
      'indices.memory.index_buffer_size': INDEX_BUFFER_SIZE,
      'knn.algo_param.index_thread_qty': String(KNN_BUILD_THREADS),
    });
    // The API and the indexer sign in over TLS and trust this installation's CA, in both topologies.
    for (const name of ['api', 'indexer', 'api-cluster', 'indexer-cluster']) {
      const service = compose.services[name];
      const env = envOf(service);
      for (const url of env.OPENSEARCH_URL?.split(',') ?? []) expect(url, name).toMatch(/^https:\/\//);
      expect(env, name).toMatchObject({ OPENSEARCH_USERNAME: 'admin', OPENSEARCH_CA_FILE: '/ca/ca.pem' });
      // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's interpolation, not a JavaScript template
      expect(env.OPENSEARCH_PASSWORD, name).toBe('${OPENSEARCH_ADMIN_PASSWORD}');
      expect(service?.volumes, name).toContain('opensearch-ca:/ca:ro');
    }
    expect(init?.volumes).toContain('opensearch-ca:/ca');
  });

  it('runs Redis with AOF and a password from the environment, which every client uses, in both topologies', () => {
    const command = [redis?.command ?? []].flat().join(' ');
    expect(command).toMatch(/--appendonly yes\b/);
    expect(command).toMatch(/--requirepass \$\{REDIS_PASSWORD:\?/);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's interpolation, not a JavaScript template
    const password = '${REDIS_PASSWORD}';
    expect(envOf(api).REDIS_URL).toBe(`redis://:${password}@redis:6379`);
    expect(envOf(indexer).REDIS_URL).toBe(`redis://:${password}@redis:6379`);
    const nodes = inProfile('cluster').filter(([, s]) => [s.command ?? []].flat()[0] === 'redis-server');
    for (const [name, node] of nodes) {
      expect([node.command].flat().join(' '), name).toContain(`--requirepass ${password} --masterauth ${password}`);
    }
    // redis-cli (healthchecks, the cluster's creation) reads the password from REDISCLI_AUTH.
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.image === REDIS_IMAGE) expect(envOf(service).REDISCLI_AUTH, name).toBe(password);
    }
    for (const url of envOf(compose.services['api-cluster']).REDIS_CLUSTER_NODES?.split(',') ?? []) {
      expect(url).toMatch(/^redis:\/\/:\$\{REDIS_PASSWORD\}@redis-\d:6379$/);
    }
  });

  it("lays the launcher's Docker path over it: loopback ports, plain HTTP, the launcher's Redis password", () => {
    // `!reset` is compose's tag for dropping what the file below set.
    const reset = { tag: '!reset', collection: 'map' as const, resolve: () => 'reset' };
    const layer = parse(read('scripts/stack/compose.launcher.yml'), { customTags: [reset] }) as {
      services: Record<string, Service>;
    };
    expect(Object.keys(layer.services)).toEqual(['opensearch', 'redis']);
    expect(envOf(layer.services.opensearch)).toEqual({ DISABLE_SECURITY_PLUGIN: 'true' });
    expect(layer.services.opensearch?.depends_on).toBe('reset');
    expect(String(layer.services.opensearch?.healthcheck?.test)).toContain('http://localhost:9200');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's interpolation, not a JavaScript template
    expect(layer.services.opensearch?.ports).toEqual(['127.0.0.1:${STACK_OPENSEARCH_PORT:-9200}:9200']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's interpolation, not a JavaScript template
    expect(layer.services.redis?.ports).toEqual(['127.0.0.1:${STACK_REDIS_PORT:-6379}:6379']);
    const docker = read('scripts/stack/docker.ts');
    expect(docker).toContain("'scripts/stack/compose.launcher.yml'");
    for (const variable of COMPOSE_VARIABLES) expect(docker).toContain(`${variable}:`);
  });

  it('publishes only the API and its metrics, to this host only', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (!name.startsWith('api')) expect(service.ports, name).toBeUndefined();
      for (const port of service.ports ?? []) expect(port, name).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it('gives every service a healthcheck (one-shot ones run once) and starts the API only on healthy backends', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.restart === 'no') continue;
      expect(service.healthcheck?.test, `${name} healthcheck`).toBeDefined();
    }
    expect(api?.depends_on).toMatchObject({
      opensearch: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
  });

  it('sets exactly the API configuration variables on the API, in both topologies', () => {
    expect(Object.keys(envOf(api)).sort()).toEqual([...CONFIG_VARIABLES].sort());
    expect(Object.keys(envOf(compose.services['api-cluster'])).sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('describes the cluster topology of `npm run up -- --cluster` in the cluster profile', () => {
    const services = Object.fromEntries(inProfile('cluster'));
    const nodes = Object.entries(services).filter(([, s]) => s.image === OPENSEARCH_IMAGE);
    expect(nodes.map(([name]) => name)).toEqual(['opensearch-1', 'opensearch-2', 'opensearch-3']);
    for (const [name, node] of nodes) {
      expect(envOf(node)).toMatchObject({
        'node.name': name,
        'cluster.name': 'creator-api-cluster',
        'discovery.seed_hosts': 'opensearch-1,opensearch-2,opensearch-3',
        'cluster.initial_cluster_manager_nodes': 'opensearch-1,opensearch-2,opensearch-3',
      });
    }
    const redisNodes = Object.entries(services).filter(([, s]) => [s.command ?? []].flat()[0] === 'redis-server');
    expect(redisNodes).toHaveLength(6);
    for (const [name, node] of redisNodes) {
      expect([node.command].flat().join(' ')).toContain(
        `--cluster-enabled yes --cluster-node-timeout 2000 --cluster-announce-hostname ${name}`,
      );
    }
    const init = services['redis-cluster-init'];
    expect([init?.command].flat().join(' ')).toMatch(/--cluster create .*for n in 1 2 3 4 5 6.*--cluster-replicas 1/);
    expect(Object.keys(init?.depends_on ?? {})).toEqual(redisNodes.map(([name]) => name));
    const env = envOf(services['api-cluster']);
    expect(env.OPENSEARCH_URL?.split(',')).toEqual(nodes.map(([name]) => `https://${name}:9200`));
    expect(env.REDIS_CLUSTER_NODES?.split(',').map((url) => new URL(url).host)).toEqual(
      redisNodes.map(([name]) => `${name}:6379`),
    );
    expect(services['api-cluster']?.depends_on).toMatchObject({
      'redis-cluster-init': { condition: 'service_completed_successfully' },
    });
    // The single-node services stay outside every profile: `docker compose up --wait` is unchanged.
    for (const single of [opensearch, redis, api]) expect(single?.profiles).toBeUndefined();
  });

  it('loads the demo data with a one-shot indexer before the API starts, in both topologies', () => {
    const cmd = /^CMD (.*)$/m.exec(stages.indexer ?? '')?.[1] ?? '';
    const script = (JSON.parse(cmd) as string[]).find((arg) => arg.endsWith('.ts')) ?? '';
    expect(script).toBe('scripts/load-demo-data.ts');
    expect(readFileSync(path.join(root, script), 'utf8')).toContain('ensureDemoData');
    // Every folder the script reaches (imports, and the generator it runs as a child) is in the image.
    const copied = [...`${stages.build}${stages.indexer}`.matchAll(/^COPY (\S+) /gm)].map((m) => m[1]);
    for (const folder of reachedFolders([script, 'indexer/generate.ts'])) expect(copied, folder).toContain(folder);
    for (const [name, service] of Object.entries(compose.services).filter(([, s]) => typeof s.build === 'object')) {
      expect(Object.keys(stages), `${name}'s build target`).toContain((service.build as { target: string }).target);
    }
    for (const name of ['indexer', 'indexer-cluster']) {
      const service = compose.services[name];
      expect(service?.build).toEqual({ context: '.', target: 'indexer' });
      expect(service?.restart).toBe('no');
      // DATA_DIR's default (data/, under the app's folder): the generated dataset is kept in a volume.
      expect(service?.volumes).toContain('demo-data:/app/data');
      for (const variable of Object.keys(envOf(service))) {
        expect([...INDEXER_VARIABLES, ...CONFIG_VARIABLES], `${name}: ${variable}`).toContain(variable);
      }
    }
    expect(envOf(indexer).OPENSEARCH_URL).toBe('https://opensearch:9200');
    expect(envOf(compose.services['indexer-cluster']).INDEX_REPLICAS).toBe('1');
    expect(dependsOn(api).indexer).toEqual({ condition: 'service_completed_successfully' });
    expect(dependsOn(compose.services['api-cluster'])['indexer-cluster']).toEqual({
      condition: 'service_completed_successfully',
    });
  });

  it('has every one-shot service awaited by a long-running one, so `up --wait` ends at exit 0', () => {
    const oneShots = Object.entries(compose.services).filter(([, s]) => s.restart === 'no');
    expect(oneShots.map(([name]) => name).sort()).toEqual([
      'indexer',
      'indexer-cluster',
      'opensearch-init',
      'redis-cluster-init',
    ]);
    for (const [name, oneShot] of oneShots) {
      const awaiting = Object.values(compose.services).filter(
        (s) =>
          s.restart !== 'no' &&
          String(s.profiles) === String(oneShot.profiles) &&
          dependsOn(s)[name]?.condition === 'service_completed_successfully',
      );
      expect(awaiting.length, `${name} awaited`).toBeGreaterThan(0);
    }
  });

  it('serves metrics on their own port, published to the host only', () => {
    expect(envOf(api)).toMatchObject({ METRICS_HOST: '0.0.0.0', METRICS_PORT: '9464' });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's interpolation, not a JavaScript template
    expect(api?.ports).toContain('127.0.0.1:${METRICS_PORT:-9464}:9464');
    expect(compose.services['api-cluster']?.ports).toContain('127.0.0.1:9465:9464');
    expect(stages.api).toMatch(/^EXPOSE 3000 9464$/m);
  });

  it('gives the API longer to stop than its grace period and the drain after it, in both topologies', () => {
    const grace = loadConfig({
      SHUTDOWN_GRACE_MS: /:-(\d+)/.exec(String(envOf(api).SHUTDOWN_GRACE_MS))?.[1] ?? '',
    }).shutdownGraceMs;
    for (const service of [api, compose.services['api-cluster']]) {
      const seconds = Number(/^(\d+)s$/.exec(service?.stop_grace_period ?? '')?.[1]);
      expect(seconds * 1000).toBeGreaterThan(grace + DRAIN_MS);
    }
  });

  it('starts the API with the same Node flags as `npm run up`, `npm start` and bench:api', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(stages.api ?? '')?.[1];
    expect(JSON.parse(cmd ?? 'null')).toEqual(['node', ...API_NODE_FLAGS, 'dist/server.js']);
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(['node', ...API_NODE_FLAGS, 'dist/server.js'].join(' '));
  });

  it("loads vectors in the background with `npm run index`'s Node flags", () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts.index).toBe(['node', ...INDEXER_NODE_FLAGS, 'indexer/cli.ts'].join(' '));
  });

  it('interpolates only variables that .env.example documents', () => {
    // Scan the parsed document, so comments do not count; `$${` is compose's escape for a literal `${`.
    const used = [...JSON.stringify(compose).matchAll(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(0);
    for (const name of new Set(used)) expect(envExample, `${name} in .env.example`).toContain(name);
  });
});

describe('.env.example', () => {
  it('lists exactly the variables of the API, the indexer, the importer, the launcher and docker compose, once each', () => {
    expect(new Set(envExample).size).toBe(envExample.length);
    expect([...envExample].sort()).toEqual(
      [
        ...new Set([
          ...CONFIG_VARIABLES,
          ...INDEXER_VARIABLES,
          ...IMPORTER_VARIABLES,
          ...STACK_VARIABLES,
          ...COMPOSE_VARIABLES,
        ]),
      ].sort(),
    );
  });
});
