import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { StackConfig } from './config.ts';
import { opensearchHealthy } from './health.ts';
import { discoverJava } from './java.ts';
import { OPENSEARCH_ARTIFACT, OPENSEARCH_VERSION } from './pins.ts';
import { oncePerProcess, type ProcessRef, run, StackError, startDetached } from './process.ts';
import { asServiceUser, SERVICE_USER, serviceUserCanReach } from './service-user.ts';
import { assertTrusted, localUid } from './trust.ts';

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/**
 * Fetches the pinned server from Maven Central (checksums enforced), tests the archive, and unpacks it into the
 * cache through a temporary folder, so an interrupted run never leaves a half-unpacked server behind.
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
    return home;
  }

  const downloads = path.join(config.cacheDir, 'downloads');
  mkdirSync(downloads, { recursive: true });
  console.log(`Fetching ${OPENSEARCH_ARTIFACT} from Maven Central…`);
  await run(
    'mvn',
    [
      '-q',
      '-B',
      '--strict-checksums',
      'dependency:copy',
      `-Dartifact=${OPENSEARCH_ARTIFACT}`,
      `-DoutputDirectory=${downloads}`,
    ],
    { timeoutMs: config.timeoutMs },
  ).catch((error: Error) => {
    throw new StackError(`Could not download OpenSearch ${OPENSEARCH_VERSION} with Maven.\n${error.message}`);
  });
  const zip = path.join(downloads, `opensearch-${OPENSEARCH_VERSION}.zip`);
  if (!existsSync(zip)) throw new StackError(`Maven reported success but ${zip} is missing`);
  await run('unzip', ['-tq', zip], { timeoutMs: config.timeoutMs }).catch((error: Error) => {
    rmSync(zip, { force: true });
    throw new StackError(`The downloaded archive is corrupt and was removed; run again.\n${error.message}`);
  });

  const staging = `${home}.unpacking-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  await run('unzip', ['-q', zip, '-d', staging], { timeoutMs: config.timeoutMs });
  const [top] = readdirSync(staging);
  if (!top || !existsSync(path.join(staging, top, 'bin', 'opensearch'))) {
    throw new StackError(`${zip} does not contain an OpenSearch distribution`);
  }
  writeFileSync(path.join(staging, top, '.verified'), `${OPENSEARCH_ARTIFACT}\nsha256 ${await sha256(zip)}\n`, {
    mode: 0o644,
  });
  rmSync(home, { recursive: true, force: true });
  renameSync(path.join(staging, top), home);
  chmodSync(home, 0o755); // whatever the archive and the umask said: checked by assertTrusted on the next run
  rmSync(staging, { recursive: true, force: true });
  rmSync(zip); // Maven keeps its own copy in ~/.m2; one on disk is enough.
  return home;
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

/** Runs the pinned OpenSearch from the cache on 127.0.0.1, as an unprivileged user when we are root. */
export function startLocalOpenSearch(config: StackConfig, url: string): Promise<ProcessRef> {
  return startOpenSearchNode(config, {
    port: config.opensearchPort,
    dir: path.join(config.cacheDir, 'opensearch'),
    clusterName: 'creator-api-local',
    settings: ['-Ediscovery.type=single-node'],
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
