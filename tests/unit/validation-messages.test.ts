/**
 * Every 400 the request schemas can give says what to send: for every route and every place in
 * its path, query and body, the hostile inputs of the fuzz test's corpus
 * (tests/support/schema-arbitrary.ts: wrong type, missing required, unknown property, bad
 * format, pattern or enum, too long or short, bad nested objects and array items) are run through
 * the compiled validators the pipeline uses (lib/schemas/generated, eventValidator), and each
 * detail must
 *   (a) name the field: `body.x`, `query.x` or `path.x`, with array indexes in brackets,
 *   (b) say what was expected ("must ...", "is required: ...", "is not a field ...; the fields are"), and
 *   (c) give an example or a concrete value: "e.g. ...", the allowed values, the name meant, or the limit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TSchema } from '@sinclair/typebox';
import type { FieldError } from '../../lib/domain/errors.js';
import { eventValidator } from '../../lib/http/validation.js';
import { allRoutes } from '../../lib/schemas/index.js';
import { toJsonSchema } from '../../lib/schemas/json-schema.js';
import type { CompiledRoute, RouteSpec } from '../../lib/schemas/route.js';
import { invalidVariants, validArbitrary, type JsonSchema } from '../support/schema-arbitrary.js';

const SEED = 20_250_601;
const SAMPLES = 3;

const compiled = new Map<string, CompiledRoute>();
for (const route of allRoutes) {
  compiled.set(
    route.id,
    ((await import(`../../lib/schemas/generated/${route.id}.js`)) as { default: CompiledRoute }).default,
  );
}

type Part = 'params' | 'query' | 'body';
const LOCATION: Record<Part, string> = { params: 'path', query: 'query', body: 'body' };
const schemaOf = (route: RouteSpec, part: Part): JsonSchema | undefined =>
  route[part] ? (toJsonSchema(route[part] as TSchema) as JsonSchema) : undefined;
const modeOf = (part: Part) => (part === 'body' ? 'json' : 'text');

/** A valid value of a part (fresh each time: the query and path validators coerce in place). */
const validParts = new Map<string, string>();
function validPart(route: RouteSpec, part: Part, seed: number): unknown {
  const schema = schemaOf(route, part);
  if (!schema) return undefined;
  const key = `${route.id} ${part} ${seed}`;
  if (!validParts.has(key))
    validParts.set(
      key,
      JSON.stringify(fc.sample(validArbitrary(schema, { mode: modeOf(part), minimal: true }), { seed, numRuns: 1 })[0]),
    );
  return JSON.parse(validParts.get(key)!) as unknown;
}

const EXPECTED = /^(must |is required: |is not a field of )/;
const CONCRETE =
  /e\.g\. \S|one of \S|did you mean \S|the only value it takes|send \{\}|the (fields|parameters) are \S|\d or (more|less)\b|\b(more|less) than -?\d|\bat (most|least) \d/;

/** What is wrong with one detail, if anything. */
function problemOf(detail: FieldError, location: string): string | undefined {
  if (!new RegExp(`^${location}(\\.|\\[|$)`).test(detail.field ?? '')) return 'does not name the field';
  if (!EXPECTED.test(detail.message)) return 'does not say what was expected';
  if (!CONCRETE.test(detail.message)) return 'gives no example';
  return undefined;
}

/**
 * Fields allowed to go without an example (none today). Each entry must still be needed (the
 * test fails when one is not), so the list only shrinks.
 */
const NO_EXAMPLE_YET: string[] = [];
const exemptionOf = (route: string, field: string): string | undefined =>
  NO_EXAMPLE_YET.find((entry) => {
    const [method, path, prefix] = entry.split(' ');
    return (
      `${method!} ${path!}` === route &&
      (field === prefix || field.startsWith(`${prefix!}.`) || field.startsWith(`${prefix!}[`))
    );
  });
const exemptionsUsed = new Set<string>();

interface Finding {
  route: string;
  variant: string;
  field: string;
  message: string;
  problem: string;
}

const results = new Map<string, { findings: Finding[]; refused: number }>();
function findingsOf(route: RouteSpec): { findings: Finding[]; refused: number } {
  const known = results.get(route.id);
  if (known) return known;
  const contract = compiled.get(route.id)!;
  const findings: Finding[] = [];
  let refused = 0;
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = schemaOf(route, part);
    if (!schema) continue;
    const location = LOCATION[part];
    for (const variant of invalidVariants(schema, location, { mode: modeOf(part), minimal: true })) {
      const values = fc.sample(variant.arbitrary, { seed: SEED, numRuns: SAMPLES });
      values.forEach((value, i) => {
        const event = {
          pathParameters: (part === 'params' ? value : validPart(route, 'params', SEED + i)) as Record<string, string>,
          queryStringParameters: (part === 'query' ? value : validPart(route, 'query', SEED + i)) as Record<
            string,
            string
          >,
          body: part === 'body' ? value : validPart(route, 'body', SEED + i),
        };
        const validate = eventValidator(contract);
        if (validate(event)) return;
        refused += 1;
        for (const detail of validate.errors ?? []) {
          const problem = problemOf(detail, detail.field?.split(/[.[]/)[0] ?? location);
          const exemption =
            problem === 'gives no example'
              ? exemptionOf(`${route.method} ${route.path}`, detail.field ?? '')
              : undefined;
          if (exemption) exemptionsUsed.add(exemption);
          else if (problem)
            findings.push({
              route: `${route.method} ${route.path}`,
              variant: variant.kind,
              field: detail.field ?? '',
              message: detail.message,
              problem,
            });
        }
      });
    }
  }
  results.set(route.id, { findings, refused });
  return { findings, refused };
}

describe('every validation message names the field, says what was expected and gives an example', () => {
  it.each(allRoutes.filter((r) => r.body || r.query || r.params).map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s',
    (_name, route) => {
      const { findings } = findingsOf(route);
      const distinct = [...new Map(findings.map((f) => [`${f.field} ${f.message}`, f])).values()];

      expect(distinct.map((f) => `${f.variant} -> ${f.field}: "${f.message}" (${f.problem})`)).toEqual([]);
    },
  );

  it('refuses something on every route that takes input (the corpus is not empty)', () => {
    const total = allRoutes
      .filter((r) => r.body || r.query || r.params)
      .reduce((sum, route) => sum + findingsOf(route).refused, 0);
    expect(total).toBeGreaterThan(500);
    expect(NO_EXAMPLE_YET.filter((entry) => !exemptionsUsed.has(entry))).toEqual([]);
  });
});

describe('messages reported by users, before and after', () => {
  const validate = (
    id: string,
    event: { body?: unknown; pathParameters?: Record<string, string>; queryStringParameters?: Record<string, string> },
  ) => {
    const check = eventValidator(compiled.get(id)!);
    check({ pathParameters: { id: 'ckx8k2m1p0000abcd1234efg' }, ...event });
    return check.errors ?? [];
  };

  it('a photo that is not an object says a url is expected, with an example', () => {
    const [detail] = validate('createInspection', {
      body: {
        orderId: 'ckx8k2m1p0000abcd1234efg',
        inspectorId: 'ckx8k2m1p0000abcd1234efh',
        photos: ['https://example.com/a.jpg'],
      },
    });

    expect(detail?.field).toBe('body.photos[0]');
    expect(detail?.message).toMatch(
      /^must be an object with url \(required\), .*e\.g\. \{"url":"https:\/\/[^"]+"\}; got a string$/,
    );
  });

  it('a number for a contract mileage says a string is expected, with an example', () => {
    const errors = validate('createContract', {
      body: { orderId: 'ckx8k2m1p0000abcd1234efg', customerName: 'Layla Haddad', mileage: 45000 },
    });

    expect(errors).toEqual([{ field: 'body.mileage', message: 'must be a string, e.g. "45,000 km"; got a number' }]);
  });

  it('a missing required field says what it takes', () => {
    const errors = validate('createCustomer', { body: { mobileNumber: '+971501234567' } });

    expect(errors).toEqual([
      {
        field: 'body.name',
        message: expect.stringMatching(/^is required: a string, e\.g\. "[^"]+"$/) as unknown as string,
      },
    ]);
  });

  it('a missing field inside an array item names the item', () => {
    const errors = validate('createInspection', {
      body: {
        orderId: 'ckx8k2m1p0000abcd1234efg',
        inspectorId: 'ckx8k2m1p0000abcd1234efh',
        photos: [{ caption: 'front' }],
      },
    });

    expect(errors).toEqual([
      {
        field: 'body.photos[0].url',
        message: expect.stringMatching(
          /^is required: a web address starting with http:\/\/ or https:\/\/, e\.g\. "https:/,
        ) as unknown as string,
      },
    ]);
  });

  it('an unknown field of a nested object lists the fields it has', () => {
    const errors = validate('createInspection', {
      body: {
        orderId: 'ckx8k2m1p0000abcd1234efg',
        inspectorId: 'ckx8k2m1p0000abcd1234efh',
        photos: [{ url: 'https://example.com/a.jpg', colour: 'red' }],
      },
    });

    expect(errors).toEqual([
      {
        field: 'body.photos[0].colour',
        message:
          'is not a field of body.photos[0]; the fields are url, thumbnailUrl, type, caption, priority, uploadedAt',
      },
    ]);
  });

  it('an enum says which values it takes and what came', () => {
    const errors = validate('createContract', {
      body: { orderId: 'ckx8k2m1p0000abcd1234efg', customerName: 'Layla Haddad', currency: 'EUR' },
    });

    expect(errors).toEqual([{ field: 'body.currency', message: 'must be one of USD, KRW, AED; got "EUR"' }]);
  });

  it('a query parameter of the wrong kind shows what came as text, and an example', () => {
    const errors = validate('listCars', { queryStringParameters: { limit: 'twenty' } });

    expect(errors).toEqual([{ field: 'query.limit', message: 'must be a whole number, e.g. 20; got "twenty"' }]);
  });

  it('a bad path id gives an example id', () => {
    const errors = validate('getOrder', { pathParameters: { id: 'ORDER-1' } });

    expect(errors).toEqual([
      {
        field: 'path.id',
        message: 'must be an id of lowercase letters and digits, e.g. ckx8k2m1p0000abcd1234efg; got "ORDER-1"',
      },
    ]);
  });

  it('a body that is not an object names the fields it takes', () => {
    const errors = validate('createCustomer', { body: ['Layla'] });

    expect(errors).toEqual([
      {
        field: 'body',
        message: expect.stringMatching(
          /^must be an object with name \(required\), mobileNumber \(required\), .*e\.g\. \{"name":.*; got an array$/,
        ) as unknown as string,
      },
    ]);
  });
});
