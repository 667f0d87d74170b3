import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { sha256 } from '../../common/digest.ts';
import type { StackConfig } from './config.ts';
import { opensearchHealthy } from './health.ts';
import { discoverJava } from './java.ts';
import { OPENSEARCH_ARTIFACT, OPENSEARCH_KNN_ARTIFACT, OPENSEARCH_KNN_SHA256, OPENSEARCH_VERSION } from './pins.ts';
import { oncePerProcess, type ProcessRef, run, StackError, startDetached } from './process.ts';
import { asServiceUser, SERVICE_USER, serviceUserCanReach } from './service-user.ts';
import { assertTrusted, localUid } from './trust.ts';

/**
 * Fetches the pinned server and its k-NN plugin from Maven Central (checksums enforced: Maven's for the server, the
 * pinned SHA-256 for the plugin), tests the archives, and unpacks the server and installs the plugin in a temporary
 * folder before it takes the cache's place, so an interrupted run never leaves a half-installed server behind.
 */
function ensureInstalled(config: StackConfig): Promise<string> {
  const home = path.join(config.cacheDir, `opensearch-${OPENSEARCH_VERSION}`);
  return oncePerProcess(`install ${home}`, () => install(config, home));
}

async function install(config: StackConfig, home: string): Promise<string> {
  const marker = path.join(home, '.verified');
  if (existsSync(marker)) {
    // When root, the launcher gave the server's folder (marker included) to its user, so that owner is expected.
    const serviceUid = process.getuid?.() === 0 ? localUid(SERVICE_USER) : undefined;
    const owners = serviceUid === undefined ? [] : [serviceUid];
    assertTrusted(home, 'The unpacked OpenSearch', owners);
    assertTrusted(marker, "OpenSearch's verification marker", owners);
    // A server cached before the launcher added the plugin lacks it: installed again rather than run without it.
    if (readFileSync(marker, 'utf8').includes(OPENSEARCH_KNN_ARTIFACT)) return home;
    console.log(`${home} has no k-NN plugin; installing OpenSearch again…`);
  }

  const zip = await download(config, OPENSEARCH_ARTIFACT, `OpenSearch ${OPENSEARCH_VERSION}`);
  const knn = await download(config, OPENSEARCH_KNN_ARTIFACT, 'the k-NN plugin', OPENSEARCH_KNN_SHA256);
  const staging = `${home}.unpacking-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  await run('unzip', ['-q', zip, '-d', staging], { timeoutMs: config.timeoutMs });
  const [top] = readdirSync(staging);
  if (!top || !existsSync(path.join(staging, top, 'bin', 'opensearch'))) {
    throw new StackError(`${zip} does not contain an OpenSearch distribution`);
  }
  const unpacked = path.join(staging, top);
  console.log('Installing the k-NN plugin…');
  await run(path.join(unpacked, 'bin', 'opensearch-plugin'), ['install', '--batch', `file://${knn}`], {
    timeoutMs: config.timeoutMs,
    // The staging copy's config folder whatever the caller's environment says, and Java 21 (the plugin tool's too).
    env: {
      ...process.env,
      OPENSEARCH_JAVA_HOME: discoverJava().home,
      OPENSEARCH_PATH_CONF: path.join(unpacked, 'config'),
    },
  }).catch((error: Error) => {
    rmSync(staging, { recursive: true, force: true });
    throw new StackError(`Could not install the k-NN plugin into OpenSearch ${OPENSEARCH_VERSION}.\n${error.message}`);
  });
  const verified = [
    `${OPENSEARCH_ARTIFACT}\nsha256 ${await sha256(zip)}`,
    `${OPENSEARCH_KNN_ARTIFACT}\nsha256 ${OPENSEARCH_KNN_SHA256}`,
  ];
  writeFileSync(path.join(unpacked, '.verified'), `${verified.join('\n')}\n`, { mode: 0o644 });
  rmSync(home, { recursive: true, force: true });
  renameSync(unpacked, home);
  chmodSync(home, 0o755); // whatever the archive and the umask said: checked by assertTrusted on the next run
  rmSync(staging, { recursive: true, force: true });
  // Maven keeps its own copies in ~/.m2; one on disk is enough.
  rmSync(zip);
  rmSync(knn);
  return home;
}

/**
 * Fetches one pinned zip (`group:name:version:zip`) into the cache's downloads and tests it; returns its path. With
 * `pinnedSha256` the zip is checked against that instead of against the checksum files Maven finds beside it.
 */
async function download(config: StackConfig, artifact: string, what: string, pinnedSha256?: string): Promise<string> {
  const [group = '', name, version] = artifact.split(':');
  const downloads = path.join(config.cacheDir, 'downloads');
  mkdirSync(downloads, { recursive: true });
  console.log(`Fetching ${artifact} from Maven Central…`);
  const checksums = pinnedSha256 ? [] : ['--strict-checksums'];
  await run(
    'mvn',
    ['-q', '-B', ...checksums, 'dependency:copy', `-Dartifact=${artifact}`, `-DoutputDirectory=${downloads}`],
    { timeoutMs: config.timeoutMs },
  ).catch((error: Error) => {
    throw new StackError(`Could not download ${what} with Maven.\n${error.message}`);
  });
  const zip = path.join(downloads, `${name}-${version}.zip`);
  if (!existsSync(zip)) throw new StackError(`Maven reported success but ${zip} is missing`);
  const actual = pinnedSha256 ? await sha256(zip) : undefined;
  if (actual !== pinnedSha256) {
    rmSync(zip, { force: true });
    throw new StackError(
      `The downloaded archive of ${what} has SHA-256 ${actual}, not the ${pinnedSha256} pinned in ` +
        `scripts/stack/pins.ts, and was removed. Remove Maven's copy too ` +
        `(~/.m2/repository/${group.replaceAll('.', '/')}/${name}/${version}) and run again.`,
    );
  }
  await run('unzip', ['-tq', zip], { timeoutMs: config.timeoutMs }).catch((error: Error) => {
    rmSync(zip, { force: true });
    throw new StackError(`The downloaded archive of ${what} is corrupt and was removed; run again.\n${error.message}`);
  });
  return zip;
}

export const opensearchLog = (config: StackConfig) => path.join(config.cacheDir, 'opensearch', 'logs');

/** One OpenSearch process the launcher runs: its name, HTTP port, folder (data and logs) and cluster settings. */
export interface OpenSearchNode {
  /** A cluster's node name; the single node keeps OpenSearch's default (the host name). */
  name?: string;
  port: number;
  dir: string;
  clusterName: string;
  /** `-E` settings beyond the ones every node gets (discovery, transport). */
  settings: string[];
  /** When it counts as started (a new cluster's first node is healthy only once enough nodes have joined). */
  healthy: () => Promise<boolean>;
}

/**
 * The heap share each node's indexing buffers may take (OpenSearch's default is 10%): with 30% of the launcher's
 * 512 MB the demo's 20,000 creators and their vectors fit in one segment, so the load's final merge has nothing to
 * rebuild (with 10% a load left four segments, and merging their HNSW graphs took 12 s of a 2-minute load). The
 * buffers hold memory only while documents are being indexed. docker-compose.yml sets the same.
 */
export const INDEX_BUFFER_SIZE = '30%';

/**
 * The threads that build a segment's HNSW graph when segments merge (the k-NN plugin passes it to Lucene; 1 by
 * default). A load ends with a merge to one segment, whose graph of every creator's vector is the longest step of a
 * load with vectors at a million creators: with 2 it takes both cores (docs/semantic.md, "At 1,000,000 creators").
 * docker-compose.yml sets the same.
 */
export const KNN_BUILD_THREADS = 2;

/** Runs the pinned OpenSearch from the cache on 127.0.0.1, as an unprivileged user when we are root. */
export function startLocalOpenSearch(config: StackConfig, url: string): Promise<ProcessRef> {
  return startOpenSearchNode(config, {
    port: config.opensearchPort,
    dir: path.join(config.cacheDir, 'opensearch'),
    clusterName: 'creator-api-local',
    settings: [
      '-Ediscovery.type=single-node',
      `-Eindices.memory.index_buffer_size=${INDEX_BUFFER_SIZE}`,
      `-Eknn.algo_param.index_thread_qty=${KNN_BUILD_THREADS}`,
    ],
    healthy: () => opensearchHealthy(url),
  });
}

export async function startOpenSearchNode(config: StackConfig, node: OpenSearchNode): Promise<ProcessRef> {
  const java = discoverJava();
  const home = await ensureInstalled(config);
  const data = path.join(node.dir, 'data');
  const logs = path.join(node.dir, 'logs');
  mkdirSync(data, { recursive: true });
  mkdirSync(logs, { recursive: true });
  // A cluster's nodes share the installation but not its config folder: each writes its own keystore there on
  // its first start, and three at once in one folder collide.
  const conf = node.name ? path.join(node.dir, `config-${OPENSEARCH_VERSION}`) : path.join(home, 'config');
  if (!existsSync(conf)) cpSync(path.join(home, 'config'), conf, { recursive: true });

  let command = path.join(home, 'bin', 'opensearch');
  let args = [
    ...node.settings,
    `-Ecluster.name=${node.clusterName}`,
    ...(node.name ? [`-Enode.name=${node.name}`] : []),
    '-Enetwork.host=127.0.0.1',
    `-Ehttp.port=${node.port}`,
    `-Epath.data=${data}`,
    `-Epath.logs=${logs}`,
    // A nearly full developer disk must not turn indices read-only.
    '-Ecluster.routing.allocation.disk.threshold_enabled=false',
  ];
  if (process.getuid?.() === 0) {
    // OpenSearch refuses to run as root, with no override.
    await asServiceUser.prepare([home, data, logs, conf]);
    if (!(await serviceUserCanReach(home))) {
      throw new StackError(
        `The ${SERVICE_USER} user cannot reach ${home} (a parent folder is not searchable by others). ` +
          'Set STACK_CACHE_DIR to a folder under /var/tmp or /opt.',
      );
    }
    [command, args] = asServiceUser.wrap(command, args);
  }
  const what = node.name ? `OpenSearch ${node.name}` : 'OpenSearch';
  console.log(`Starting ${what} ${OPENSEARCH_VERSION} on port ${node.port}, Java ${java.major} (${java.home})…`);
  return startDetached({
    what,
    command,
    args,
    env: {
      ...process.env,
      OPENSEARCH_JAVA_HOME: java.home,
      OPENSEARCH_PATH_CONF: conf,
      OPENSEARCH_JAVA_OPTS: `-Xms${config.opensearchHeap} -Xmx${config.opensearchHeap}`,
    },
    log: path.join(logs, 'stdout.log'),
    otherLogs: [path.join(logs, `${node.clusterName}.log`)],
    timeoutMs: config.timeoutMs,
    healthy: node.healthy,
  });
}
