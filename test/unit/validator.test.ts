import { validatorCompiler as libraryValidator } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseOnce, validatorCompiler } from '../../src/http/validator.ts';

function counted() {
  let runs = 0;
  const schema = z.object({
    n: z.string().transform((v) => {
      runs += 1;
      return Number(v);
    }),
  });
  return { schema, runs: () => runs };
}

const compile = (schema: z.ZodType) =>
  validatorCompiler({ schema, method: 'GET', url: '/x', httpPart: 'querystring' }) as (data: unknown) => {
    value?: unknown;
    error?: unknown;
  };

describe('validator', () => {
  it('reuses the access hook’s successful parse of the same query object', () => {
    const { schema, runs } = counted();
    const query = { n: '7' };
    expect(parseOnce(schema, query).success).toBe(true);
    expect(compile(schema)(query)).toEqual({ value: { n: 7 } });
    expect(runs()).toBe(1);
  });

  it('parses an object it has not seen, or one parsed with another schema', () => {
    const first = counted();
    const second = counted();
    const query = { n: '1' };
    parseOnce(first.schema, query);
    expect(compile(second.schema)(query)).toEqual({ value: { n: 1 } });
    expect(compile(second.schema)({ n: '2' })).toEqual({ value: { n: 2 } });
    expect(second.runs()).toBe(2);
  });

  it('validates a failed parse again, so the error handler gets the library’s validation error', () => {
    const { schema } = counted();
    const query = { n: 5 };
    expect(parseOnce(schema, query).success).toBe(false);
    const library = libraryValidator({ schema, method: 'GET', url: '/x', httpPart: 'querystring' })(query);
    const ours = compile(schema)(query);
    expect(ours.error).toBeDefined();
    expect(ours).toEqual(library);
  });
});
