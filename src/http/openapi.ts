import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPERATIONS } from '../contract/operations.ts';
import { DEPENDENCIES } from '../contract/params.ts';

export const OPENAPI_PATH = '/api/v1/openapi.json';

type TransformObject = typeof jsonSchemaTransformObject;
type Operation = { operationId?: string } & Record<string, unknown>;

/**
 * Each operation gets the rules between its parameters (src/contract/params.ts) as `x-dependencies`: the parameters'
 * schemas cannot carry them, and the document drops what its querystring object says besides its properties.
 */
function addDependencies(paths: Record<string, Record<string, Operation>> = {}): void {
  for (const operation of Object.values(paths).flatMap((path) => Object.values(path))) {
    const schema = OPERATIONS[operation.operationId as keyof typeof OPERATIONS] as { querystring?: z.ZodType };
    const dependencies = schema?.querystring && z.globalRegistry.get(schema.querystring)?.[DEPENDENCIES];
    if (dependencies) operation[DEPENDENCIES] = dependencies;
  }
}

/**
 * fastify-type-provider-zod emits every registered schema twice, as `X` (output) and `XInput` (input). Ours are
 * responses, so the input copies are referenced by nothing and only clutter the document and its generated
 * clients; one that a route does use is kept. Operations get their x-dependencies on the way.
 */
const withoutUnusedInputs: TransformObject = (document) => {
  const transformed = jsonSchemaTransformObject(document) as ReturnType<TransformObject> & {
    components?: { schemas?: Record<string, unknown> };
  };
  addDependencies(transformed.paths as Record<string, Record<string, Operation>> | undefined);
  const schemas = transformed.components?.schemas;
  if (!schemas) return transformed;
  // Input copies refer to each other: drop the unreferenced ones until none is left.
  for (let dropped = true; dropped; ) {
    dropped = false;
    const text = JSON.stringify(transformed);
    for (const name of Object.keys(schemas)) {
      if (name.endsWith('Input') && !text.includes(`"#/components/schemas/${name}"`)) {
        delete schemas[name];
        dropped = true;
      }
    }
  }
  return transformed;
};

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
    transformObject: withoutUnusedInputs,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
});
