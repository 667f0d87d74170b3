// Fastify's validator for the zod route schemas, parsing each request's parameters once. The access hook must know
// whether a call is valid before Fastify validates it (an invalid call is checked but never charged); both look
// at the same `request.query` object, so the hook's parse is remembered by that object and reused here instead
// of running the schema (country and language lookups included) a second time.
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

const parses = new WeakMap<object, { schema: z.ZodType; result: z.ZodSafeParseResult<unknown> }>();

/** `schema.safeParse(data)`, remembered for the validator when `data` is an object. */
export function parseOnce(schema: z.ZodType, data: unknown): z.ZodSafeParseResult<unknown> {
  const result = schema.safeParse(data);
  if (typeof data === 'object' && data !== null) parses.set(data, { schema, result });
  return result;
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const earlier = typeof data === 'object' && data !== null ? parses.get(data) : undefined;
    // A failed parse is validated again: the library builds the error the error handler recognises.
    if (earlier?.schema === route.schema && earlier.result.success) return { value: earlier.result.data };
    return validate(data);
  };
};
