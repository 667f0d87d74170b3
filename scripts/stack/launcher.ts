import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { StackConfig } from './config.ts';
import { composeStop, composeUp, dockerAnswers } from './docker.ts';
import { apiHealthy, opensearchHealthy, redisHealthy } from './health.ts';
import { opensearchLog, startLocalOpenSearch } from './opensearch.ts';
import { isAlive, portAnswers, StackError, stopProcess, waitFor } from './process.ts';
import { startLocalRedis } from './redis.ts';
import { readState, SERVICE_NAMES, type Service, type ServiceName, updateState } from './state.ts';

interface Backing {
  name: 'opensearch' | 'redis';
  userUrl: string | undefined;
  localUrl: string;
  port: number;
  portVariable: string;
  urlVariable: string;
  log: string;
  healthy: (url: string) => Promise<boolean>;
  startLocal: () => Promise<number>;
}

function backings(config: StackConfig): Backing[] {
  const opensearchUrl = `http://127.0.0.1:${config.opensearchPort}`;
  const redisUrl = `redis://127.0.0.1:${config.redisPort}`;
  return [
    {
      name: 'opensearch',
      userUrl: config.opensearchUrl,
      localUrl: opensearchUrl,
      port: config.opensearchPort,
      portVariable: 'STACK_OPENSEARCH_PORT',
      urlVariable: 'OPENSEARCH_URL',
      log: path.join(opensearchLog(config), 'creator-api-local.log'),
      healthy: opensearchHealthy,
      startLocal: () => startLocalOpenSearch(config, opensearchUrl),
    },
    {
      name: 'redis',
      userUrl: config.redisUrl,
      localUrl: redisUrl,
      port: config.redisPort,
      portVariable: 'STACK_REDIS_PORT',
      urlVariable: 'REDIS_URL',
      log: path.join(config.cacheDir, 'redis', 'redis.log'),
      healthy: redisHealthy,
      startLocal: () => startLocalRedis(config, redisUrl),
    },
  ];
}

/**
 * Provides one backing service, first match wins: the URL the user set (if it answers), what an earlier `up`
 * started (if it still runs), docker compose (if an engine answers), or a local process.
 */
async function provide(config: StackConfig, b: Backing, docker: () => Promise<boolean>): Promise<Service> {
  if (b.userUrl) {
    if (await b.healthy(b.userUrl)) return { name: b.name, url: b.userUrl, provider: 'external', reused: true };
    console.warn(`${b.urlVariable}=${b.userUrl} does not answer; providing ${b.name} another way.`);
  }
  const known = readState(config.cacheDir)[b.name];
  if (known && (known.provider === 'docker' || isAlive(known.pid))) {
    // Still starting, perhaps by a concurrent `up`: wait for it rather than start a second one.
    await waitFor(`${b.name} (pid ${known.pid ?? 'docker'}) to become healthy`, config.timeoutMs, async () =>
      (await b.healthy(known.url)) ? true : undefined,
    );
    return { ...known, reused: true };
  }
  let service: Service;
  if (await docker()) {
    await composeUp([b.name], config.timeoutMs);
    service = { name: b.name, url: b.localUrl, provider: 'docker', reused: false };
  } else {
    if (await portAnswers(b.port)) {
      throw new StackError(
        `Port ${b.port} on 127.0.0.1 is already taken by a process the launcher did not start, so ${b.name} ` +
          `cannot start there. Stop that process, set ${b.portVariable} to a free port, or set ${b.urlVariable} ` +
          `if it is a ${b.name} you want to use.`,
      );
    }
    const pid = await b.startLocal();
    service = { name: b.name, url: b.localUrl, provider: 'local', pid, log: b.log, reused: false };
  }
  updateState(config.cacheDir, (state) => {
    const { reused: _, ...started } = service;
    state[b.name] = started;
  });
  return service;
}

export interface Stack {
  opensearch: Service;
  redis: Service;
}

export async function up(config: StackConfig): Promise<Stack> {
  mkdirSync(config.cacheDir, { recursive: true });
  let dockerCheck: Promise<boolean> | undefined;
  const docker = () => {
    dockerCheck ??= dockerAnswers();
    return dockerCheck;
  };
  const [opensearch, redis] = await Promise.all(backings(config).map((b) => provide(config, b, docker)));
  if (!opensearch || !redis) throw new StackError('internal: a backing service was not provided');
  return { opensearch, redis };
}

/** Stops what the launcher started (all of it, or only `names`); never external services. */
export async function down(config: StackConfig, names?: ServiceName[]): Promise<ServiceName[]> {
  const state = readState(config.cacheDir);
  const stopped: ServiceName[] = [];
  for (const name of SERVICE_NAMES) {
    const service = state[name];
    if (!service || (names && !names.includes(name))) continue;
    if (service.provider === 'docker') await composeStop([name]);
    else if (service.pid) await stopProcess(service.pid);
    updateState(config.cacheDir, (s) => {
      delete s[name];
    });
    stopped.push(name);
  }
  return stopped;
}

export async function status(config: StackConfig) {
  const state = readState(config.cacheDir);
  const healthy = { opensearch: opensearchHealthy, redis: redisHealthy, api: apiHealthy };
  return Promise.all(
    Object.values(state).map(async (s) => ({
      ...s,
      running: s.provider === 'docker' || isAlive(s.pid),
      healthy: await healthy[s.name](s.url),
    })),
  );
}
