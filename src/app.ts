import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Access } from './access/access.ts';
import { accessHooks } from './access/hooks.ts';
import { Limits } from './access/limits.ts';
import { AccessStore } from './access/store.ts';
import type { Clients } from './clients.ts';
import type { Config } from './config.ts';
import { frameworkErrors, registerErrorHandling } from './http/errors.ts';
import { healthRoutes } from './http/health.ts';
import { openapi } from './http/openapi.ts';
import { creatorRoutes } from './http/routes/creators.ts';
import { referenceRoutes } from './http/routes/reference.ts';
import { sponsorRoutes } from './http/routes/sponsors.ts';
import { serializerCompiler } from './http/serializer.ts';
import { validatorCompiler } from './http/validator.ts';
import { mcpRoute } from './mcp/route.ts';
import { Catalog } from './search/catalog.ts';
import { LiveProfile } from './search/live-profile.ts';

export interface AppOptions {
  config: Config;
  clients: Clients;
  logger: FastifyBaseLogger;
  /** The ranking profile; defaults to config.rankingProfile, watched for changes while the app is open. */
  profile?: LiveProfile;
  /** The clock of credit periods; tests move it. */
  now?: () => Date;
}

/** Builds the app from config and clients it does not own. It never listens: src/server.ts does. */
export async function buildApp({ config, clients, logger, profile, now }: AppOptions) {
  const app = Fastify({
    loggerInstance: logger,
    requestIdHeader: 'x-request-id',
    frameworkErrors,
    // One access line per request (below) instead of Fastify's two.
    disableRequestLogging: true,
    // Longer ids than Fastify's default 100 characters must reach the handlers and get 404, not a router 400.
    routerOptions: { maxParamLength: 2048 },
    // Behind a proxy, its X-Forwarded-For names the client; otherwise that header is ignored (it can be forged).
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { req: request, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
  });

  // A profile passed in belongs to the caller (src/server.ts also reloads it on SIGHUP); one made here, to the app.
  const ranking = profile ?? new LiveProfile(config.rankingProfile, logger);
  if (!profile) {
    if (config.rankingProfilePollMs > 0) ranking.watch(config.rankingProfilePollMs);
    app.addHook('onClose', async () => ranking.close());
  }
  logger.info({ profile: ranking.describe() }, 'ranking profile live');

  await app.register(openapi);
  await app.register(healthRoutes, { clients, timeoutMs: config.readinessTimeoutMs, profile: ranking });

  const catalog = new Catalog({
    http: clients.search,
    profile: ranking,
    indexPrefix: config.indexPrefix,
    publicBaseUrl: config.publicBaseUrl,
    depthLimit: config.searchDepthLimit,
    sponsorResults: config.sponsorResults,
  });
  const access = config.accessDisabled
    ? undefined
    : new Access(
        new AccessStore(clients.redis, config.redisKeyPrefix),
        new Limits(clients.redis, config.redisKeyPrefix, (err, what) => logger.warn({ err }, `${what} failed open`)),
        config,
        now,
      );
  await app.register(
    async (api) => {
      await api.register(accessHooks, { access, config });
      await api.register(creatorRoutes, { catalog });
      await api.register(sponsorRoutes, { catalog });
      await api.register(referenceRoutes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(mcpRoute, { catalog, access, pageSize: config.pageSize });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
