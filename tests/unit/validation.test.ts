import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { AjvErrorObject, CompiledRoute } from '../../lib/schemas/route.js';
import { closestName } from '../../lib/domain/closest-name.js';
import { eventValidator } from '../../lib/http/validation.js';
import { fieldHints, toFieldErrors } from '../../lib/schemas/field-errors.js';
import listCars from '../../lib/schemas/generated/listCars.js';
import createCustomer from '../../lib/schemas/generated/createCustomer.js';
import setCustomsInvoice from '../../lib/schemas/generated/setCustomsInvoice.js';
import { listCars as listCarsRoute } from '../../lib/schemas/cars.js';
import { forValidation } from '../../lib/schemas/json-schema.js';

const ajvError = (overrides: Partial<AjvErrorObject>): AjvErrorObject => ({
  instancePath: '',
  keyword: 'type',
  params: {},
  message: 'must be string',
  ...overrides,
});

describe('toFieldErrors: field names', () => {
  it('names a missing property after the object it is missing from', () => {
    const errors = [
      ajvError({
        keyword: 'required',
        params: { missingProperty: 'name' },
        message: "must have required property 'name'",
      }),
    ];

    expect(toFieldErrors('body', errors)).toEqual([{ field: 'body.name', message: 'is required' }]);
  });

  it('names a missing nested property with its full path', () => {
    const errors = [ajvError({ instancePath: '/carDetails', keyword: 'required', params: { missingProperty: 'vin' } })];

    expect(toFieldErrors('body', errors)).toEqual([{ field: 'body.carDetails.vin', message: 'is required' }]);
  });

  it('writes array indexes in brackets', () => {
    const errors = [
      ajvError({ instancePath: '/items/0/amount', keyword: 'minimum', params: { limit: 0 }, message: 'must be >= 0' }),
    ];

    expect(toFieldErrors('body', errors)).toEqual([{ field: 'body.items[0].amount', message: 'must be 0 or more' }]);
  });

  it('names an unknown property and says it is not a known field', () => {
    const errors = [ajvError({ keyword: 'additionalProperties', params: { additionalProperty: 'isAdmin' } })];

    expect(toFieldErrors('body', errors)).toEqual([
      { field: 'body.isAdmin', message: 'is not a field of this request' },
    ]);
  });

  it('unescapes JSON-pointer segments (~1 is /, ~0 is ~)', () => {
    const errors = [ajvError({ instancePath: '/documents/a~1b~0c', params: { type: 'string' } })];

    expect(toFieldErrors('body', errors)).toEqual([{ field: 'body.documents.a/b~c', message: 'must be a string' }]);
  });

  it('names the whole part when the error is about the root value', () => {
    expect(toFieldErrors('body', [ajvError({ params: { type: 'object' }, message: 'must be object' })])).toEqual([
      { field: 'body', message: 'must be an object' },
    ]);
  });

  it('prefixes query and path errors with where they came from', () => {
    const errors = [
      ajvError({ instancePath: '/pageSize', keyword: 'maximum', params: { limit: 100 }, message: 'must be <= 100' }),
    ];

    expect(toFieldErrors('query', errors)).toEqual([{ field: 'query.pageSize', message: 'must be 100 or less' }]);
    expect(
      toFieldErrors('path', [
        ajvError({ instancePath: '/id', keyword: 'pattern', params: { pattern: '^[a-z0-9]+$' } }),
      ]),
    ).toEqual([
      { field: 'path.id', message: 'must be an id of lowercase letters and digits, e.g. ckx8k2m1p0000abcd1234efg' },
    ]);
  });
});

describe('toFieldErrors: messages', () => {
  it('lists the allowed values of an enum', () => {
    const errors = [
      ajvError({ instancePath: '/exact', keyword: 'enum', params: { allowedValues: ['true', 'false'] } }),
    ];

    expect(toFieldErrors('query', errors)).toEqual([{ field: 'query.exact', message: 'must be one of true, false' }]);
  });

  it('quotes the required value of a const', () => {
    const errors = [ajvError({ instancePath: '/currency', keyword: 'const', params: { allowedValue: 'USD' } })];

    expect(toFieldErrors('body', errors)).toEqual([
      { field: 'body.currency', message: 'must be USD, the only value it takes' },
    ]);
  });

  it('words lengths, bounds, sizes and formats in plain sentences', () => {
    const cases: Array<[Partial<AjvErrorObject>, string]> = [
      [{ keyword: 'minLength', params: { limit: 1 } }, 'must not be empty'],
      [{ keyword: 'minLength', params: { limit: 6 } }, 'must be at least 6 characters long'],
      [{ keyword: 'maxLength', params: { limit: 1 } }, 'must be at most 1 character long'],
      [{ keyword: 'type', params: { type: 'integer' } }, 'must be a whole number'],
      [{ keyword: 'type', params: { type: 'string,null' } }, 'must be a string or null'],
      [{ keyword: 'minItems', params: { limit: 1 } }, 'must not be empty'],
      [{ keyword: 'maxItems', params: { limit: 100 } }, 'must hold at most 100 items'],
      [{ keyword: 'exclusiveMinimum', params: { limit: 0 } }, 'must be more than 0'],
      [{ keyword: 'format', params: { format: 'email' } }, 'must be an email address, e.g. name@example.com'],
      [{ keyword: 'format', params: { format: 'currency' } }, 'must be an ISO 4217 currency code, e.g. USD'],
    ];
    for (const [error, message] of cases)
      expect(toFieldErrors('body', [ajvError({ instancePath: '/x', ...error })])).toEqual([
        { field: 'body.x', message },
      ]);
  });

  it("falls back to Ajv's message for keywords the schemas do not use, and to 'is invalid' when there is none", () => {
    const withMessage = ajvError({
      instancePath: '/a',
      keyword: 'dependentRequired',
      message: 'must have property b when property a is present',
    });
    const withoutMessage: AjvErrorObject = { instancePath: '/x', keyword: 'custom', params: {} };

    expect(toFieldErrors('body', [withMessage, withoutMessage])).toEqual([
      { field: 'body.a', message: 'must have property b when property a is present' },
      { field: 'body.x', message: 'is invalid' },
    ]);
  });

  it('hints at %2B when a phone number in a query string lost its + to a space', () => {
    const error = ajvError({ instancePath: '/phone', keyword: 'format', params: { format: 'phone' } });

    expect(toFieldErrors('query', [error], { phone: ' 971501234567' })[0]?.message).toContain('%2B');
    expect(toFieldErrors('query', [error], { phone: '0501234567' })[0]?.message).toBe(
      'must be a phone number with its country code, e.g. +971501234567; got "0501234567"',
    );
  });
});

describe('toFieldErrors: shaping the list', () => {
  it('returns an empty list for null or undefined errors', () => {
    expect(toFieldErrors('body', null)).toEqual([]);
    expect(toFieldErrors('body', undefined)).toEqual([]);
  });

  it('drops the anyOf/oneOf/if summaries and keeps the branch errors', () => {
    const errors = [
      ajvError({ instancePath: '/currency', keyword: 'const', params: { allowedValue: 'USD' } }),
      ajvError({ instancePath: '/currency', keyword: 'const', params: { allowedValue: 'KRW' } }),
      ajvError({ instancePath: '/currency', keyword: 'anyOf', message: 'must match a schema in anyOf' }),
      ajvError({ instancePath: '/kind', keyword: 'oneOf', message: 'must match exactly one schema in oneOf' }),
      ajvError({ instancePath: '/kind', keyword: 'if', message: 'must match "then" schema' }),
    ];

    expect(toFieldErrors('body', errors)).toEqual([{ field: 'body.currency', message: 'must be one of USD, KRW' }]);
  });

  it('gives one entry per field, each message once', () => {
    const error = ajvError({ instancePath: '/name', params: { type: 'string' } });
    const tooShort = ajvError({ instancePath: '/mobile', keyword: 'minLength', params: { limit: 6 } });
    const notPhone = ajvError({ instancePath: '/mobile', keyword: 'format', params: { format: 'phone' } });

    expect(toFieldErrors('body', [error, { ...error }, error, tooShort, notPhone])).toEqual([
      { field: 'body.name', message: 'must be a string' },
      {
        field: 'body.mobile',
        message:
          'must be at least 6 characters long and must be a phone number with its country code, e.g. +971501234567',
      },
    ]);
  });

  it('keeps the order in which Ajv reported the errors', () => {
    const errors = [
      ajvError({ keyword: 'required', params: { missingProperty: 'b' } }),
      ajvError({ keyword: 'required', params: { missingProperty: 'a' } }),
    ];

    expect(toFieldErrors('body', errors).map((e) => e.field)).toEqual(['body.b', 'body.a']);
  });
});

describe('toFieldErrors over real Ajv output', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile({
    type: 'object',
    additionalProperties: false,
    required: ['name', 'items'],
    properties: {
      name: { type: 'string', minLength: 1 },
      currency: { enum: ['USD', 'KRW', 'AED'] },
      items: {
        type: 'array',
        items: { type: 'object', required: ['amount'], properties: { amount: { type: 'number', minimum: 0 } } },
      },
    },
  });

  it('names every offending field of a body in the service format', () => {
    validate({ currency: 'EUR', items: [{ amount: 5 }, { amount: -1 }, {}], extra: true });

    const fields = toFieldErrors('body', validate.errors as AjvErrorObject[]);

    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'body.name', message: 'is required' },
        { field: 'body.extra', message: 'is not a field of this request' },
        { field: 'body.currency', message: 'must be one of USD, KRW, AED' },
        { field: 'body.items[1].amount', message: 'must be 0 or more' },
        { field: 'body.items[2].amount', message: 'is required' },
      ]),
    );
    expect(fields).toHaveLength(5);
  });
});

describe('eventValidator', () => {
  const compile = (schema: object) =>
    new Ajv({ allErrors: true, coerceTypes: true, useDefaults: true }).compile(schema);
  const contract = (parts: Partial<CompiledRoute>): CompiledRoute => ({
    id: 't',
    route: 'POST /t/{id}',
    status: 200,
    hasBody: true,
    ...parts,
  });

  it('collects path, query and body errors into one list, in that order', () => {
    const validate = eventValidator(
      contract({
        validateParams: compile({
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', pattern: '^[a-z0-9]+$' } },
        }),
        validateQuery: compile({ type: 'object', properties: { page: { type: 'integer', minimum: 1 } } }),
        validateBody: compile({ type: 'object', required: ['name'] }),
      }),
    );

    const ok = validate({ pathParameters: { id: 'NOT-VALID' }, queryStringParameters: { page: '0' }, body: {} });

    expect(ok).toBe(false);
    expect(validate.errors?.map((e) => e.field)).toEqual(['path.id', 'query.page', 'body.name']);
  });

  it('passes a valid event, clears earlier errors and coerces query values in place', () => {
    const validate = eventValidator(
      contract({
        validateQuery: compile({ type: 'object', properties: { page: { type: 'integer', minimum: 1, default: 1 } } }),
        hasBody: false,
      }),
    );
    validate({ queryStringParameters: { page: '0' } });
    const event: { queryStringParameters: Record<string, string | undefined> | null } = { queryStringParameters: null };

    const ok = validate(event);

    expect(ok).toBe(true);
    expect(validate.errors).toBeNull();
    expect(event.queryStringParameters).toEqual({ page: 1 });
  });
});

describe('the generated validators: every problem of a request in one answer', () => {
  it('reports unknown fields, formats (phone, email, currency) and enums of one body together', () => {
    const body = {
      extra: 1,
      name: '',
      mobileNumber: '0501234567',
      email: 'not-an-email',
      language: 'fr',
      walletCurrency: 'ABC',
    };

    const validate = createCustomer.validateBody!;
    expect(validate(body)).toBe(false);

    expect(toFieldErrors('body', validate.errors, body)).toEqual([
      { field: 'body.extra', message: 'is not a field of this request' },
      { field: 'body.name', message: 'must not be empty' },
      {
        field: 'body.mobileNumber',
        message: 'must be a phone number with its country code, e.g. +971501234567; got "0501234567"',
      },
      { field: 'body.email', message: 'must be an email address, e.g. name@example.com; got "not-an-email"' },
      { field: 'body.language', message: 'must be one of en, ar; got "fr"' },
      { field: 'body.walletCurrency', message: 'must be an ISO 4217 currency code, e.g. USD; got "ABC"' },
    ]);
    // With the route's hints (as the pipeline passes them), the unknown field lists the known ones and the empty one shows a value.
    expect(
      toFieldErrors('body', validate.errors, body, createCustomer.bodyNames, createCustomer.bodyHints).slice(0, 2),
    ).toEqual([
      {
        field: 'body.extra',
        message:
          'is not a field of this request; the fields are name, mobileNumber, email, idNumber, country, address, language, walletCurrency, tenantId',
      },
      { field: 'body.name', message: 'must not be empty, e.g. "Layla Haddad"' },
    ]);
  });

  it('accepts a phone number written with spaces and dashes, and a real currency', () => {
    expect(createCustomer.validateBody!({ name: 'A', mobileNumber: '+971 50-123 4567', walletCurrency: 'AED' })).toBe(
      true,
    );
  });

  it('says "must be one of" once for a union of literals, however many values it has', () => {
    const body = { buyerName: 'B', items: [{ description: 'car', amount: 1 }], currency: 'EUR' };

    const validate = setCustomsInvoice.validateBody!;
    expect(validate(body)).toBe(false);

    expect(toFieldErrors('body', validate.errors, body)).toEqual([
      { field: 'body.currency', message: 'must be one of USD, SAR, KRW, AED; got "EUR"' },
    ]);
  });
});

describe('unknown names: the one most likely meant', () => {
  const carParameters = listCars.queryNames!;

  it.each([
    ['sort', 'sortBy'],
    ['sortby', 'sortBy'],
    ['limt', 'limit'],
    ['pageSize', 'limit'],
    ['per_page', 'limit'],
    ['q', 'search'],
    ['pages', 'page'],
    ['make', 'makeEn'],
    ['mobile', 'mobileNumber'],
    ['zzz', undefined],
  ])('%s -> %s', (unknown, meant) => {
    expect(closestName(unknown, [...carParameters, 'mobileNumber'])).toBe(meant);
  });

  it('suggests it in the message of an unknown query parameter, over the whole event', () => {
    const validate = eventValidator(listCars);
    expect(validate({ queryStringParameters: { sort: 'price' } })).toBe(false);
    expect(validate.errors).toEqual([
      { field: 'query.sort', message: 'is not a field of this request; did you mean sortBy?' },
    ]);
  });

  it('suggests it for an unknown top-level body field, and lists the fields when no name is close', () => {
    const validate = eventValidator(createCustomer);
    expect(validate({ body: { name: 'Layla', mobile: '+971501234567' } })).toBe(false);
    expect(validate.errors).toContainEqual({
      field: 'body.mobile',
      message: 'is not a field of this request; did you mean mobileNumber?',
    });
    expect(validate({ body: { name: 'Layla', mobileNumber: '+971501234567', isAdmin: true } })).toBe(false);
    expect(validate.errors).toEqual([
      {
        field: 'body.isAdmin',
        message:
          'is not a field of this request; the fields are name, mobileNumber, email, idNumber, country, address, language, walletCurrency, tenantId',
      },
    ]);
  });
});

describe('dates', () => {
  it('refuses dates before 1900, with the bound in the message, and takes 1900 on', async () => {
    const { formats } = await import('../../lib/schemas/formats.js');
    expect(formats.date('0000-01-01')).toBe(false);
    expect(formats.date('1899-12-31')).toBe(false);
    expect(formats.date('1900-01-01')).toBe(true);
    expect(formats['date-time']('0001-01-01T00:00:00Z')).toBe(false);
    expect(formats['date-time']('2026-11-26T04:00:00+04:00')).toBe(true);
    expect(
      toFieldErrors('body', [
        ajvError({ instancePath: '/inspectionDate', keyword: 'format', params: { format: 'date-time' } }),
      ])[0]?.message,
    ).toContain('from 1900 on');
  });
});

describe('compiled query validators coerce as Ajv does', () => {
  // The build writes each parameter's coercion as one helper call (scripts/build-contracts.ts,
  // compactCoercions): the generated listCars validator must take and refuse, and coerce to, exactly
  // what Ajv compiled at run time from the same schema does.
  const reference = new Ajv({
    allErrors: true,
    coerceTypes: true,
    useDefaults: true,
    strict: false,
    formats: { 'date-time': true },
  }).compile(forValidation(listCarsRoute.query!));
  const values: unknown[] = [
    '2',
    '02',
    '1.5',
    '',
    ' ',
    'x',
    '1e3',
    '-3',
    'true',
    'false',
    'null',
    7,
    2.5,
    0,
    true,
    false,
    null,
    [],
    {},
    ['1'],
  ];
  const fields = ['page', 'limit', 'priceFrom', 'kmTo', 'yearFrom', 'makeEn', 'search', 'sortOrder', 'published'];

  it.each(fields)('%s', (field) => {
    for (const value of values) {
      const generated = { [field]: structuredClone(value) };
      const expected = { [field]: structuredClone(value) };
      const ok = listCars.validateQuery!(generated);
      const errors = (listCars.validateQuery!.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`);

      expect({ value, ok, data: generated, errors }).toEqual({
        value,
        ok: reference(expected),
        data: expected,
        errors: (reference.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`),
      });
    }
  });
});

describe('fieldHints', () => {
  const schema = {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string' },
      notes: { type: 'string' },
      count: { type: 'integer' },
      tags: { type: 'array', items: { type: 'string' } },
    },
  };

  it('leaves out what a field takes when no rule requires it and it only names its type, and the messages stay the same', () => {
    const hints = fieldHints(schema);
    const spelledOut = {
      ...hints,
      notes: { ...hints.notes, expect: 'a string' },
      count: { ...hints.count, expect: 'a whole number' },
    };
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const data = { notes: 5, count: 'x', tags: [1] };
    validate(data);

    expect(hints.name?.expect).toBe('a string');
    expect(hints.notes).not.toHaveProperty('expect');
    expect(hints.count).not.toHaveProperty('expect');
    expect(hints.tags?.expect).toBe('an array of strings');
    expect(toFieldErrors('body', validate.errors, data, undefined, hints)).toEqual(
      toFieldErrors('body', validate.errors, data, undefined, spelledOut),
    );
    expect(toFieldErrors('body', validate.errors, data, undefined, hints).map((e) => e.message)).toContain(
      'is required: a string',
    );
  });
});
