import path from 'node:path';
import { stopVectorLoad } from './background-vectors.ts';
import type { StackConfig } from './config.ts';
import { composeStop, composeUp, dockerAnswers } from './docker.ts';
import { apiHealthy, opensearchHealthy, redisHealthy, redisProbe } from './health.ts';
import { ensureModel } from './model.ts';
import { opensearchLog, startLocalOpenSearch } from './opensearch.ts';
import { isRunning, type ProcessRef, portAnswers, StackError, stopProcess, waitFor } from './process.ts';
import {
  localRedisUrl,
  maskUrl,
  readRedisPassword,
  redisPassword,
  redisPasswordFile,
  startLocalRedis,
  withoutCredentials,
} from './redis.ts';
import { readState, SERVICE_NAMES, type Service, type ServiceName, type StackState, updateState } from './state.ts';
import { ensureCacheDir } from './trust.ts';

/** How a server the launcher provided answers: as it should, not (yet), or in a way that needs a restart. */
type Answer = 'healthy' | 'down' | { restart: string };

interface Backing {
  name: 'opensearch' | 'redis';
  userUrl: string | undefined;
  /** Where the server docker compose or the launcher starts answers. */
  url: () => string;
  port: number;
  portVariable: string;
  urlVariable: string;
  log: string;
  /** A URL the user gave works. */
  healthy: (url: string) => Promise<boolean>;
  /** The URL of a server an earlier `up` started, secrets included (made now if that `up` had none). */
  knownUrl: (known: Omit<Service, 'reused'>) => string;
  /** That server answers as the launcher configures it now. */
  answer: (url: string) => Promise<Answer>;
  startLocal: () => Promise<ProcessRef>;
}

/** Redis's URL in state.json has no password (that file is readable by others): put it back from its own file. */
function withSecrets(config: StackConfig, service: Omit<Service, 'reused'>): Omit<Service, 'reused'> {
  if (service.name !== 'redis' || service.provider === 'external') return service;
  const password = readRedisPassword(config.cacheDir);
  return { ...service, url: localRedisUrl(Number(new URL(service.url).port), password) };
}

/** The state, with the secrets clients need put back. */
export function ownServices(config: StackConfig): StackState {
  const state = readState(config.cacheDir);
  for (const name of SERVICE_NAMES) {
    const service = state[name];
    if (service) state[name] = withSecrets(config, service);
  }
  return state;
}

function backings(config: StackConfig): Backing[] {
  const opensearchUrl = `http://127.0.0.1:${config.opensearchPort}`;
  const redisUrl = () => localRedisUrl(config.redisPort, redisPassword(config.cacheDir));
  return [
    {
      name: 'opensearch',
      userUrl: config.opensearchUrl,
      url: () => opensearchUrl,
      port: config.opensearchPort,
      portVariable: 'STACK_OPENSEARCH_PORT',
      urlVariable: 'OPENSEARCH_URL',
      log: path.join(opensearchLog(config), 'creator-api-local.log'),
      healthy: (url) => opensearchHealthy(url.split(',')[0]?.trim() ?? url),
      knownUrl: (known) => known.url,
      answer: async (url) => ((await opensearchHealthy(url)) ? 'healthy' : 'down'),
      startLocal: () => startLocalOpenSearch(config, opensearchUrl),
    },
    {
      name: 'redis',
      userUrl: config.redisUrl,
      url: redisUrl,
      port: config.redisPort,
      portVariable: 'STACK_REDIS_PORT',
      urlVariable: 'REDIS_URL',
      log: path.join(config.cacheDir, 'redis', 'redis.log'),
      healthy: redisHealthy,
      knownUrl: (known) =>
        known.provider === 'external'
          ? known.url
          : localRedisUrl(Number(new URL(known.url).port), redisPassword(config.cacheDir)),
      answer: async (url) => {
        const answer = await redisProbe(url);
        const file = path.relative(process.cwd(), redisPasswordFile(config.cacheDir));
        if (answer === 'open' && new URL(url).password) return { restart: 'runs without a password' };
        if (answer === 'refused') return { restart: `does not take the password in ${file}` };
        return answer === 'down' ? 'down' : 'healthy';
      },
      startLocal: () => startLocalRedis(config, redisUrl()),
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
    console.warn(`${b.urlVariable}=${maskUrl(b.userUrl)} does not answer; providing ${b.name} another way.`);
  }
  const known = readState(config.cacheDir)[b.name];
  let restarted = false;
  if (known && (known.provider === 'docker' || isRunning(known))) {
    const url = b.knownUrl(known);
    // Still starting, perhaps by a concurrent `up`: wait for it rather than start a second one.
    const answer = await waitFor(`${b.name} (pid ${known.pid ?? 'docker'}) to answer`, config.timeoutMs, async () => {
      const answer = await b.answer(url);
      return answer === 'down' ? undefined : answer;
    });
    if (answer === 'healthy') return { ...known, url, reused: true };
    if (known.provider === 'docker') throw new StackError(`${b.name} of docker compose ${answer.restart}.`);
    // Ours (its start time matches), so restarting it is safe; its data stays in the cache.
    console.warn(
      `${b.name} (pid ${known.pid}), started by an earlier \`up\`, ${answer.restart}: restarting it, data kept. ` +
        'Clients started before must reconnect with the new URL (`npm run up` restarts the API).',
    );
    await stopProcess(known);
    restarted = true;
  }
  let service: Service;
  if (await docker()) {
    await composeUp([b.name], config.timeoutMs, redisPassword(config.cacheDir));
    service = { name: b.name, url: b.url(), provider: 'docker', reused: false };
  } else {
    if (await portAnswers(b.port)) {
      throw new StackError(
        `Port ${b.port} on 127.0.0.1 is already taken by a process the launcher did not start, so ${b.name} ` +
          `cannot start there. Stop that process, set ${b.portVariable} to a free port, or set ${b.urlVariable} ` +
          `if it is a ${b.name} you want to use.`,
      );
    }
    const started = await b.startLocal();
    // A restarted server counts as reused: it was running before this `up`, so whoever stops "only what it
    // started" (the tests' global setup) leaves it running.
    service = { name: b.name, url: b.url(), provider: 'local', ...started, log: b.log, reused: restarted };
  }
  updateState(config.cacheDir, (state) => {
    const { reused: _, ...recorded } = service;
    // Never the password in state.json: `withSecrets` puts it back from its own file.
    state[b.name] = { ...recorded, url: withoutCredentials(recorded.url) };
  });
  return service;
}

export interface Stack {
  opensearch: Service;
  redis: Service;
}

export async function up(config: StackConfig): Promise<Stack> {
  ensureCacheDir(config.cacheDir);
  let dockerCheck: Promise<boolean> | undefined;
  const docker = () => {
    dockerCheck ??= dockerAnswers();
    return dockerCheck;
  };
  const [[opensearch, redis]] = await Promise.all([
    Promise.all(backings(config).map((b) => provide(config, b, docker))),
    config.semantic && ensureModel(config),
  ]);
  if (!opensearch || !redis) throw new StackError('internal: a backing service was not provided');
  return { opensearch, redis };
}

/** Stops what the launcher started (all of it, or only `names`); never external services. */
export async function down(config: StackConfig, names?: ServiceName[]): Promise<ServiceName[]> {
  const state = readState(config.cacheDir);
  if (!names || names.includes('opensearch')) await stopVectorLoad(config.cacheDir);
  const stopped: ServiceName[] = [];
  for (const name of SERVICE_NAMES) {
    const service = state[name];
    if (!service || (names && !names.includes(name))) continue;
    if (service.provider === 'docker') await composeStop([name], redisPassword(config.cacheDir));
    // Only if its PID still names the process the launcher started; otherwise it is gone already.
    else if (service.pid) await stopProcess(service);
    updateState(config.cacheDir, (s) => {
      delete s[name];
    });
    stopped.push(name);
  }
  return stopped;
}

export async function status(config: StackConfig) {
  const state = ownServices(config);
  const healthy = { opensearch: opensearchHealthy, redis: redisHealthy, api: apiHealthy };
  return Promise.all(
    Object.values(state).map(async (s) => ({
      ...s,
      running: s.provider === 'docker' || isRunning(s),
      healthy: await healthy[s.name](s.url),
    })),
  );
}
