import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clients } from './clients.ts';
import type { Config, TrustProxy } from './config.ts';
import { accessHooks } from './http/access-hooks.ts';
import { accessPlugin } from './http/access-plugin.ts';
import { anonymousLimit, anonymousLimiter } from './http/anonymous-limit.ts';
import { CODE_BY_STATUS, clientErrors, frameworkErrors, registerErrorHandling } from './http/errors.ts';
import { healthRoutes } from './http/health.ts';
import { loadShedding } from './http/load-shedding.ts';
import { openapi } from './http/openapi.ts';
import { creatorRoutes } from './http/routes/creators.ts';
import { exportRoutes } from './http/routes/export.ts';
import { referenceRoutes } from './http/routes/reference.ts';
import { sponsorRoutes } from './http/routes/sponsors.ts';
import { serializerCompiler } from './http/serializer.ts';
import { validatorCompiler } from './http/validator.ts';
import { MCP_PATH, mcpRoute } from './mcp/route.ts';
import { Metrics, REFUSED } from './metrics.ts';
import { Catalog } from './search/catalog.ts';
import { type Embedder, loadEmbedder } from './search/embedder.ts';
import { aliases } from './search/indices.ts';
import { LiveProfile } from './search/live-profile.ts';
import { QueryVectors } from './search/query-vectors.ts';

export interface AppOptions {
  config: Config;
  clients: Clients;
  logger: FastifyBaseLogger;
  /** The ranking profile; defaults to config.rankingProfile, watched for changes while the app is open. */
  profile?: LiveProfile;
  /** The clock of credit periods; tests move it. */
  now?: () => Date;
  /** Where the app records its metrics; server.ts serves them on their own port. Defaults to a registry of its own. */
  metrics?: Metrics;
}

/** A client's `x-request-id` names its request in our logs only when it is short and plain; else we make one. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
function requestId(request: IncomingMessage): string {
  const id = request.headers['x-request-id'];
  return typeof id === 'string' && SAFE_REQUEST_ID.test(id) ? id : randomUUID();
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes a function: Fastify 5.12 refuses a plain number (it
 * cannot check the peer, so it trusts no one). Hop `i` is the i-th address counted from the socket, so with n hops
 * the client is the address the outermost of the n proxies saw; what a client writes before it is ignored.
 */
function trustProxyOption(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

// One model session per process, whatever number of apps it builds (the tests build many); it lives as long as the
// process does. Loading it holds the event loop for about 0.4 s: loadModel does it before the clients connect, so
// their connection timers do not run out meanwhile.
const embedders = new Map<string, Promise<Embedder>>();
function sharedEmbedder(dir: string): Promise<Embedder> {
  let embedder = embedders.get(dir);
  if (!embedder) {
    embedder = loadEmbedder(dir);
    embedders.set(dir, embedder);
    embedder.catch(() => embedders.delete(dir));
  }
  return embedder;
}

/** Loads semantic search's model when it is on; the app built next uses it. Fails with a message when it is missing. */
export async function loadModel(config: Config): Promise<void> {
  if (config.semantic) await sharedEmbedder(config.semantic.modelDir);
}

/** Builds the app from config and clients it does not own. It never listens: src/server.ts does. */
export async function buildApp({ config, clients, logger, profile, now, metrics = new Metrics() }: AppOptions) {
  const app = Fastify({
    loggerInstance: logger,
    requestIdHeader: false,
    genReqId: requestId,
    frameworkErrors,
    clientErrorHandler: clientErrors,
    // A request without Host reaches the app, which refuses it in the error shape (http/errors.ts), not Node, whose
    // 400 has no body.
    http: { requireHostHeader: false },
    // One access line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Every id reaches the handlers and gets 404 (or 401 without a key), not a router 400: no path segment can be
    // longer than the request line, which Node bounds at 16 KB with the headers (longer: 431 from clientErrors).
    routerOptions: { maxParamLength: 16_384 },
    // Behind proxies, the entry of X-Forwarded-For they wrote names the client; otherwise that header is ignored
    // (a client can write any entry before theirs).
    trustProxy: trustProxyOption(config.trustProxy),
    // No implicit HEAD for every GET: on /api/v1 a HEAD would be a charged call with no body. Routes that want
    // HEAD (the health checks) say so; anything else is 405 with the methods the path has.
    exposeHeadRoutes: false,
  }).withTypeProvider<ZodTypeProvider>();

  if (typeof config.trustProxy === 'number') {
    logger.warn(
      { trustProxy: config.trustProxy },
      'TRUST_PROXY is a hop count: X-Forwarded-For is believed from whoever connects, so a client that reaches the API directly chooses its own address (and per-address limit). Use it only where clients can reach the API through those proxies alone; otherwise list the proxies (docs/accounts.md).',
    );
  }
  // Paths without a key, unknown ones included: limited per address in this process's memory.
  const limitAnonymous = anonymousLimiter({
    perMinute: config.ipPerMinute,
    ipv6Prefix: config.ipv6LimitPrefix,
    keyPrefix: config.keyPrefix,
    mcpPath: MCP_PATH,
  });
  await app.register(anonymousLimit, { limit: limitAnonymous });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, { limitUnknown: limitAnonymous });
  // With a callback rather than async: it runs on every request, and then costs no promise.
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    request.log.info(
      { req: request, statusCode: status, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
    // The route's pattern, never the path itself: a label per id or per unknown path would grow without bound.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { route, method: request.method, status_class: `${Math.floor(status / 100)}xx` };
    metrics.requestDuration.observe(labels, reply.elapsedTime / 1000);
    // Calls refused, not probes: a /readyz answering 503 while a dependency is down is a health report.
    const call = request.routeOptions.config.cost !== undefined || route === MCP_PATH;
    if (call && REFUSED.has(status)) metrics.refusals.inc({ code: CODE_BY_STATUS[status] });
    done();
  });

  // A profile passed in belongs to the caller (src/server.ts also reloads it on SIGHUP); one made here, to the app.
  const ranking = profile ?? new LiveProfile(config.rankingProfile, logger);
  if (!profile) {
    if (config.rankingProfilePollMs > 0) ranking.watch(config.rankingProfilePollMs);
    app.addHook('onClose', async () => ranking.close());
  }
  logger.info({ profile: ranking.describe() }, 'ranking profile live');

  const indices = aliases(config.indexPrefix);
  clients.search.observe(metrics);
  metrics.watch({
    pending: () => clients.search.inFlight,
    live: {
      profile: () => ranking.describe(),
      dataVersion: async () => {
        const { body } = await clients.opensearch.indices.getAlias(
          { name: indices.creators },
          { requestTimeout: config.readinessTimeoutMs },
        );
        return Object.keys(body)[0] ?? 'none';
      },
    },
  });
  const redisDown = () => metrics.redisErrors.inc({ operation: 'connection' });
  clients.redis.on('error', redisDown);
  app.addHook('onClose', async () => clients.redis.off('error', redisDown));

  await app.register(openapi);
  await app.register(healthRoutes, {
    clients,
    indices: Object.values(indices),
    timeoutMs: config.readinessTimeoutMs,
    profile: ranking,
  });

  const catalog = new Catalog({
    http: clients.search,
    profile: ranking,
    vectors: config.semantic && new QueryVectors(await sharedEmbedder(config.semantic.modelDir), config.semantic.model),
    indexPrefix: config.indexPrefix,
    publicBaseUrl: config.publicBaseUrl,
    depthLimit: config.searchDepthLimit,
    sponsorResults: config.sponsorResults,
  });
  await app.register(accessPlugin, { config, clients, metrics, now });
  await app.register(
    async (api) => {
      // First: a call shed for overload never reaches its check.
      await api.register(loadShedding, {
        search: clients.search,
        pending: config.opensearchShedPending,
        keep: config.opensearchShedKeep,
        targetMs: config.opensearchShedAfterMs,
        metrics,
      });
      await api.register(accessHooks, { meter: app.meter });
      await api.register(creatorRoutes, { catalog });
      await api.register(exportRoutes, { catalog });
      await api.register(sponsorRoutes, { catalog });
      await api.register(referenceRoutes, { redis: clients.redis, redisKeyPrefix: config.redisKeyPrefix });
    },
    { prefix: '/api/v1' },
  );
  await app.register(mcpRoute, { catalog, meter: app.meter, metrics });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
