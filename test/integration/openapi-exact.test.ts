import { afterAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../src/http/openapi.ts';
import { createTestApp } from '../support/app.ts';
import { sharedDataset } from '../support/catalog.ts';

// The OpenAPI document says exactly what the API accepts, as a schema-driven fuzzer would find out: every
// parameter of every operation in the served document is tried with values derived from its declared schema
// (examples, each enum member, the bounds and one past them, empty and blank text, wrong types, pattern-breaking
// variants), each judged allowed or forbidden by the schema itself, and an allowed one must be served (2xx; for a
// path id, 404 not_found when nothing has it) and a forbidden one refused with 422 invalid_request. The rules
// between parameters the document lists as x-dependencies are tried both ways. Nothing here names a parameter:
// a parameter added to the document is tried the same way.

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'query' | 'path';
  required?: boolean;
  schema: Schema;
  /** @fastify/swagger moves a schema's examples here: one as `example`, more as `examples`. */
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  'x-dependencies'?: string[];
}

const data = sharedDataset();
const api = await createTestApp({
  INDEX_PREFIX: data.prefix,
  LOG_LEVEL: 'silent',
  IP_RATE_PER_MIN: '1000000',
  PLAN_USER_RATE_PER_MIN: '1000000',
});
const document = (await api.get(OPENAPI_PATH)).json() as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
afterAll(async () => {
  await api.close();
  await data.drop();
});

/** An id that names something, by the collection in the path before it. */
const KNOWN_IDS: Record<string, string> = {
  creators: `creator-${data.creators[0]?.id}`,
  sponsors: String(data.sponsors[0]?.id),
};

const ANNOTATIONS = new Set(['description', 'default', 'examples', 'title', 'format']);
const characters = (text: string) => [...text].length;

/**
 * Whether `value` is valid against `schema`, as JSON Schema 2020-12 reads the keywords this document uses (`format`
 * is an annotation there; zod states a date as a pattern too). A keyword it does not know fails the test rather
 * than being misread.
 */
function allows(schema: Schema, value: unknown): boolean {
  if (typeof schema.$ref === 'string') {
    return allows(document.components.schemas[schema.$ref.replace('#/components/schemas/', '')] as Schema, value);
  }
  return Object.entries(schema).every(([keyword, expected]) => {
    if (ANNOTATIONS.has(keyword)) return true;
    switch (keyword) {
      case 'type':
        return [expected]
          .flat()
          .some((type) => typeOf(value) === type || (type === 'number' && typeOf(value) === 'integer'));
      case 'enum':
        return (expected as unknown[]).includes(value);
      case 'pattern':
        return typeof value !== 'string' || new RegExp(expected as string, 'u').test(value);
      case 'minLength':
        return typeof value !== 'string' || characters(value) >= (expected as number);
      case 'maxLength':
        return typeof value !== 'string' || characters(value) <= (expected as number);
      case 'minimum':
        return typeof value !== 'number' || value >= (expected as number);
      case 'maximum':
        return typeof value !== 'number' || value <= (expected as number);
      case 'anyOf':
        return (expected as Schema[]).some((option) => allows(option, value));
      default:
        throw new Error(`this test does not know the keyword ${keyword}: teach allows() what it means`);
    }
  });
}

function typeOf(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The types a schema admits (through anyOf and $ref). */
function typesOf(schema: Schema): string[] {
  if (typeof schema.$ref === 'string') {
    return typesOf(document.components.schemas[schema.$ref.replace('#/components/schemas/', '')] as Schema);
  }
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).flatMap(typesOf);
  return [schema.type].flat() as string[];
}

/** A number just past `bound` away from the range, far enough to be another double. */
const past = (bound: number, direction: 1 | -1) => bound + direction * Math.max(1, Math.abs(bound) * 1e-9);

/** The examples a parameter declares, in its schema or beside it. */
const examplesOf = (parameter: Parameter): unknown[] => [
  ...((parameter.schema.examples as unknown[] | undefined) ?? []),
  ...(parameter.example === undefined ? [] : [parameter.example]),
  ...Object.values(parameter.examples ?? {}).map((example) => example.value),
];

/** Values to try for a parameter: what it declares, its edges, and the usual mistakes. */
function candidates(parameter: Parameter): unknown[] {
  const { schema } = parameter;
  const types = typesOf(schema);
  const values: unknown[] = [];
  const examples = examplesOf(parameter);
  const members = (schema.enum as unknown[] | undefined) ?? [];
  if (types.includes('string')) {
    const texts = [...examples, ...members].filter((v): v is string => typeof v === 'string');
    values.push(...texts, '', ' ', '\t', 'a', '#', 'not-a-known-value');
    // Each member is tried; the mistakes around them are the same for all, so they are made on one of them.
    const mistaken = [...examples, ...members.slice(0, 1)].filter((v): v is string => typeof v === 'string');
    for (const text of mistaken) {
      values.push(`${text}#`, text.slice(1), text.slice(0, -1), ` ${text}`, text.toUpperCase(), text.toLowerCase());
    }
    for (const length of [schema.minLength, schema.maxLength].filter((n): n is number => typeof n === 'number')) {
      for (const n of [length - 1, length, length + 1].filter((n) => n >= 0)) {
        values.push('a'.repeat(n), '😀'.repeat(n));
        if (texts[0]) values.push(texts[0].repeat(n).slice(0, n));
      }
    }
  }
  if (types.includes('integer') || types.includes('number')) {
    const min = schema.minimum as number | undefined;
    const max = schema.maximum as number | undefined;
    const integer = !types.includes('number');
    const step = (bound: number, direction: 1 | -1) => (integer ? bound + direction : past(bound, direction));
    if (min !== undefined) values.push(min, step(min, -1), min + 0.5, min + 1e-7);
    if (max !== undefined) values.push(max, step(max, 1), max - 0.5);
    if (min !== undefined && max !== undefined) values.push((min + max) / 2);
    values.push(1e21, -1e21, 7, 'abc', '', 'true', 'NaN', 'Infinity');
    if (schema.default !== undefined) values.push(schema.default);
  }
  if (types.includes('boolean')) values.push(true, false, 'yes', '1', '0', 'TRUE', 'False', '');
  return [...new Map(values.map((v) => [`${typeof v}:${String(v)}`, v])).values()];
}

/** The first value a schema allows, for a parameter that must be there while another one is tried. */
function allowedValue(parameter: Parameter): unknown {
  const value = candidates(parameter).find((v) => allows(parameter.schema, v));
  if (value === undefined) throw new Error(`no allowed value derived for ${parameter.name}: declare examples`);
  return value;
}

interface Case {
  name: string;
  path: string;
  query: Record<string, unknown>;
  allowed: boolean;
  /** A path id that may name nothing: 404 not_found is serving it too. */
  mayBeMissing: boolean;
}

/** One rule of x-dependencies, in the two forms of IDL the document uses. */
function dependency(rule: string, parameters: Parameter[]) {
  const byName = (name: string) => {
    const parameter = parameters.find((p) => p.name === name);
    if (!parameter) throw new Error(`x-dependencies names ${name}, which is no parameter`);
    return parameter;
  };
  const implication = /^IF (\w+)==(\w+) THEN (\w+);$/.exec(rule);
  if (implication) {
    const [, flag, value, needed] = implication as unknown as [string, string, string, string];
    return {
      kind: 'requires' as const,
      flag: byName(flag),
      value: JSON.parse(value) as unknown,
      needed: byName(needed),
    };
  }
  const order = /^(\w+) <= (\w+);$/.exec(rule);
  if (order) return { kind: 'order' as const, low: byName(order[1] as string), high: byName(order[2] as string) };
  throw new Error(`this test does not read the rule ${rule}: teach dependency() its form`);
}

/** Every case of one operation: each parameter's candidates, a required one missing, each rule kept and broken. */
function casesOf(path: string, operation: Operation): Case[] {
  const parameters = operation.parameters ?? [];
  const rules = (operation['x-dependencies'] ?? []).map((rule) => dependency(rule, parameters));
  const ids: Record<string, unknown> = Object.fromEntries(
    parameters
      .filter((p) => p.in === 'path')
      .map((p) => {
        const collection = path.split('/').at(path.split('/').indexOf(`{${p.name}}`) - 1) as string;
        const id = KNOWN_IDS[collection];
        if (!id) throw new Error(`no known id for ${path}: add one to KNOWN_IDS`);
        return [p.name, id];
      }),
  );
  const required: Record<string, unknown> = Object.fromEntries(
    parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, allowedValue(p)]),
  );
  const url = (pathIds: Record<string, unknown>) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(pathIds[name])));
  const make = (name: string, query: Record<string, unknown>, allowed: boolean, pathIds = ids): Case => ({
    name,
    path: url(pathIds),
    query: { ...required, ...query },
    allowed,
    mayBeMissing: pathIds !== ids,
  });

  // The operation as the document shows it: known ids, the required parameters, nothing else.
  const cases: Case[] = [make('as declared', {}, true)];
  for (const parameter of parameters) {
    for (const value of candidates(parameter)) {
      const allowed = allows(parameter.schema, value);
      if (parameter.in === 'path') {
        // An empty path segment is no request for this operation; a client never sends one.
        if (value === '') continue;
        cases.push(
          make(`${parameter.name}=${JSON.stringify(value)}`, {}, allowed, { ...ids, [parameter.name]: value }),
        );
        continue;
      }
      const query: Record<string, unknown> = { [parameter.name]: value };
      // A value a rule makes need another parameter gets that parameter, so only its own schema decides.
      for (const rule of rules) {
        if (rule.kind === 'requires' && rule.flag === parameter && rule.value === value) {
          query[rule.needed.name] = allowedValue(rule.needed);
        }
      }
      cases.push(make(`${parameter.name}=${JSON.stringify(value)}`, query, allowed));
    }
    if (parameter.in === 'query' && parameter.required) {
      const { [parameter.name]: _, ...rest } = required;
      cases.push({ ...make(`without ${parameter.name}`, {}, false), query: rest });
    }
  }
  for (const rule of rules) {
    if (rule.kind === 'requires') {
      cases.push(
        make(`${rule.flag.name}=${rule.value} without ${rule.needed.name}`, { [rule.flag.name]: rule.value }, false),
      );
      continue;
    }
    const values = candidates(rule.low)
      .filter((v) => allows(rule.low.schema, v) && allows(rule.high.schema, v))
      .sort((a, b) => ((a as number | string) < (b as number | string) ? -1 : 1));
    const [small, large] = [
      values[0],
      values.find((v) => v !== values[0] && (v as number | string) > (values[0] as number | string)),
    ];
    if (small === undefined || large === undefined) throw new Error(`no two ordered values for ${rule.low.name}`);
    cases.push(
      make(
        `${rule.low.name}=${small} <= ${rule.high.name}=${large}`,
        { [rule.low.name]: small, [rule.high.name]: large },
        true,
      ),
    );
    cases.push(
      make(
        `${rule.low.name}=${large} > ${rule.high.name}=${small}`,
        { [rule.low.name]: large, [rule.high.name]: small },
        false,
      ),
    );
  }
  return cases;
}

const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
);
const cases = operations.flatMap(({ path, operation }) =>
  casesOf(path, operation).map((c) => ({
    ...c,
    operationId: operation.operationId,
    expected: c.allowed ? 'served' : '422',
  })),
);

describe('the OpenAPI document says exactly what the API accepts', () => {
  it('has operations, all GET, and derives cases from each one that has parameters', () => {
    expect(operations.length).toBeGreaterThanOrEqual(10);
    expect(operations.every((o) => o.method === 'get')).toBe(true);
    for (const { operation } of operations.filter((o) => o.operation.parameters?.length)) {
      expect(cases.some((c) => c.operationId === operation.operationId)).toBe(true);
    }
  });

  it('states every pattern with an example it matches', () => {
    for (const { operation } of operations) {
      for (const parameter of operation.parameters ?? []) {
        if (!parameter.schema.pattern || parameter.schema.enum) continue;
        const examples = examplesOf(parameter);
        expect(examples.length, `${operation.operationId} ${parameter.name} declares examples`).toBeGreaterThan(0);
        for (const example of examples) expect(allows(parameter.schema, example), String(example)).toBe(true);
      }
    }
  });

  it.each(cases)('$operationId $name → $expected', async ({ path, query, allowed, mayBeMissing }) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
    );
    const response = await api.get(`${path}${search.size ? `?${search}` : ''}`);
    const answer = `${response.statusCode} ${response.body.slice(0, 300)}`;
    if (!allowed) {
      expect(response.statusCode, answer).toBe(422);
      expect(response.json(), answer).toEqual({ error: { code: 'invalid_request', message: expect.any(String) } });
    } else if (mayBeMissing && response.statusCode === 404) {
      expect(response.json(), answer).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    } else {
      expect(response.statusCode, answer).toBeGreaterThanOrEqual(200);
      expect(response.statusCode, answer).toBeLessThan(300);
    }
  });
});
