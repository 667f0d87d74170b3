import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/v1/openapi.json';

/** The OpenAPI 3.1 document is generated from the routes' zod schemas; Swagger UI at /docs renders it. */
export const openapi: FastifyPluginAsync = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Creator & Sponsor Intelligence API',
        description: 'Read-only, metered access to YouTube creators, sponsors and audience estimates.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'Your personal API key' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
});
