// Responses are written by fast-json-stringify from JSON Schema generated once per route from the zod schemas:
// Fastify's schema-based serialiser, several times faster than validating each response with zod, and it
// writes only the properties the schema names, so nothing internal can leak.
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const json = isZod(schema) ? z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) : schema;
  return fastJson(json as Parameters<typeof fastJson>[0]);
};

const isZod = (schema: unknown): schema is z.ZodType =>
  typeof schema === 'object' && schema !== null && '_zod' in schema;
