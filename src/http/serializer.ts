// Responses are written by fast-json-stringify from JSON Schema generated once per route from the zod schemas:
// Fastify's schema-based serialiser, several times faster than validating each response with zod, and it
// writes only the properties the schema names, so nothing internal can leak.
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!isZod(schema)) return fastJson(schema as Parameters<typeof fastJson>[0]);
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Record<string, unknown>;
  const definitions = (json.definitions ?? {}) as Record<string, Record<string, unknown>>;
  return fastJson(forSerialising(json, definitions) as Parameters<typeof fastJson>[0]);
};

const isZod = (schema: unknown): schema is z.ZodType =>
  typeof schema === 'object' && schema !== null && '_zod' in schema;

/**
 * fast-json-stringify checks `anyOf` branches (and their formats) with Ajv for every value it writes; zod writes
 * a nullable field as `anyOf: [X, {type: null}]`. `type: [X's type, "null"]` says the same without the check, and
 * formats only matter for validation, which the handlers' typed results already guarantee. A nullable reference
 * is inlined so that it can carry the type list too.
 */
function forSerialising(schema: unknown, definitions: Record<string, Record<string, unknown>>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => forSerialising(s, definitions));
  if (typeof schema !== 'object' || schema === null) return schema;
  const { format: _format, ...rest } = schema as Record<string, unknown>;
  const branches = rest.anyOf as Record<string, unknown>[] | undefined;
  if (branches?.length === 2 && branches[1]?.type === 'null') {
    const ref = branches[0]?.$ref;
    const value = typeof ref === 'string' ? definitions[ref.replace('#/definitions/', '')] : branches[0];
    if (typeof value?.type === 'string') {
      const { anyOf: _anyOf, ...others } = rest;
      return forSerialising({ ...others, ...value, type: [value.type, 'null'] }, definitions);
    }
  }
  return Object.fromEntries(Object.entries(rest).map(([key, v]) => [key, forSerialising(v, definitions)]));
}
