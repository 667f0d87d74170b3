import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clients } from './clients.ts';
import type { Config } from './config.ts';
import { frameworkErrors, registerErrorHandling } from './http/errors.ts';
import { healthRoutes } from './http/health.ts';
import { openapi } from './http/openapi.ts';

export interface AppOptions {
  config: Config;
  clients: Clients;
  logger: FastifyBaseLogger;
}

/** Builds the app from config and clients it does not own. It never listens: src/server.ts does. */
export async function buildApp({ config, clients, logger }: AppOptions) {
  const app = Fastify({
    loggerInstance: logger,
    requestIdHeader: 'x-request-id',
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(openapi);
  await app.register(healthRoutes, { clients, timeoutMs: config.readinessTimeoutMs });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
