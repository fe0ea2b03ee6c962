/**
 * JSON Schema (as the OpenAPI document serves it: TypeBox output) to fast-check arbitraries, for
 * the schema-driven fuzz test (tests/e2e/fuzz-openapi.test.ts).
 *
 * - validArbitrary(schema): values the schema accepts. Deliberately tame (short strings, money-like
 *   numbers, shallow free-form objects), so that when a valid request fails, the cause is the
 *   request as a whole and not an extreme value; extremes are named variants below.
 * - invalidVariants(schema, label): one entry per (place in the value, kind of hostility), e.g.
 *   `body.photos[].priority: huge number`. Each entry's arbitrary yields the WHOLE value (a valid
 *   value with that one place replaced). Some variants are invalid (wrong type, out of range, too
 *   long, missing required, unknown property), others are valid but hostile (1e300 where there is
 *   no maximum, 9007199254740994, leap seconds, 40 levels of nesting in free-form objects,
 *   `__proto__` keys, unicode at the length limit). The fuzz test enumerates them so every one is
 *   tried at least once, and samples them at random.
 *
 * `mode: 'text'` is for query strings and path parameters: every value is a string (or, for a
 * repeated query parameter, an array of strings).
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
  minProperties?: number;
  maxProperties?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  default?: unknown;
  [keyword: string]: unknown;
}

export interface ArbitraryOptions {
  /** 'json' (request bodies) or 'text' (query strings and path parameters: strings only). */
  mode?: 'json' | 'text';
  /**
   * Valid values to use for properties of these names, at any depth (real ids of records, so
   * requests get past "not found"). Not applied at the place a variant makes hostile.
   */
  overrides?: Record<string, fc.Arbitrary<unknown>>;
  /**
   * Objects with their required properties only (and no undeclared ones): around a hostile
   * variant, that isolates it (nothing else in the request decides the answer).
   */
  minimal?: boolean;
}

/** One kind of hostile input at one place of a value. */
export interface InvalidVariant {
  /** Where and what, e.g. `body.photos[].priority: huge number`. */
  kind: string;
  /** Where (`body.photos[].priority`), what (`huge number`), and the schema of that place. */
  place: string;
  variant: string;
  schema: JsonSchema;
  /** Whole values (the valid rest of the value around the hostile part). */
  arbitrary: fc.Arbitrary<unknown>;
}

// ---------------------------------------------------------------------------------------------
// Schema inspection

const typesOf = (schema: JsonSchema): string[] => {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties || schema.patternProperties || schema.additionalProperties !== undefined) return ['object'];
  if (schema.items) return ['array'];
  return [];
};

const branchesOf = (schema: JsonSchema): JsonSchema[] | undefined => schema.anyOf ?? schema.oneOf;

/** A literal choice: const, enum, or a union of consts (how TypeBox writes Type.Union of literals). */
function literalsOf(schema: JsonSchema): unknown[] | undefined {
  if ('const' in schema) return [schema.const];
  if (schema.enum) return schema.enum;
  const branches = branchesOf(schema);
  if (branches && branches.length > 0 && branches.every((b) => 'const' in b || b.enum))
    return branches.flatMap((b) => literalsOf(b) ?? []);
  return undefined;
}

/** `{}`: anything at all (TypeBox Type.Unknown / Type.Any). */
const isAnything = (schema: JsonSchema): boolean =>
  typesOf(schema).length === 0 && literalsOf(schema) === undefined && branchesOf(schema) === undefined;

/** Objects that take keys nobody declared: additionalProperties true or a schema, patternProperties. */
const isFreeForm = (schema: JsonSchema): boolean =>
  typesOf(schema).includes('object') &&
  (schema.additionalProperties === true ||
    (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null) ||
    (schema.patternProperties !== undefined && Object.keys(schema.patternProperties).length > 0) ||
    (schema.additionalProperties === undefined && !schema.properties));

const codePoints = (s: string): number => [...s].length;

/** Cuts a string to at most `max` code points (what Ajv's maxLength counts). */
const clip = (s: string, max: number | undefined): string => (max === undefined ? s : [...s].slice(0, max).join(''));

/** Copies an object with one own property set, without triggering the `__proto__` setter. */
function withKey(object: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(object))
    Object.defineProperty(copy, k, { value: v, enumerable: true, writable: true, configurable: true });
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

function withoutKey(object: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(object))
    if (k !== key) Object.defineProperty(copy, k, { value: v, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** `{"a":{"a":...}}` (or `[[...]]`) `levels` deep, with a leaf value at the bottom. */
export function nested(levels: number, shape: 'object' | 'array' = 'object', leaf: unknown = 'bottom'): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < levels; i += 1) value = shape === 'object' ? { a: value } : [value];
  return value;
}

// ---------------------------------------------------------------------------------------------
// Valid values

/**
 * Arbitraries are immutable, so one per (options, schema) is enough; building them again for
 * every variant of a large schema (stringMatching compiles a generator per pattern) is slow.
 */
const DEFAULT_OPTIONS: ArbitraryOptions = {};
function memo<T>(
  build: (schema: JsonSchema, options: ArbitraryOptions) => fc.Arbitrary<T>,
): (schema: JsonSchema, options?: ArbitraryOptions) => fc.Arbitrary<T> {
  const cache = new WeakMap<ArbitraryOptions, WeakMap<JsonSchema, fc.Arbitrary<T>>>();
  return (schema, options = DEFAULT_OPTIONS) => {
    let bySchema = cache.get(options);
    if (!bySchema) cache.set(options, (bySchema = new WeakMap()));
    let arbitrary = bySchema.get(schema);
    if (!arbitrary) bySchema.set(schema, (arbitrary = build(schema, options)));
    return arbitrary;
  };
}

const asciiChar = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 });
/** Mostly ASCII, some unicode (Latin, Arabic, CJK, emoji, zero-width space): one code point each. */
const textUnit = fc.oneof(
  { weight: 8, arbitrary: asciiChar },
  { weight: 2, arbitrary: fc.constantFrom('é', 'ß', 'ك', 'م', '中', '😀', '\u200b', 'Ω') },
);

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength;
  const fits = (s: string) => codePoints(s) >= min && (max === undefined || codePoints(s) <= max);
  switch (schema.format) {
    case 'date-time':
      return fc
        .oneof(
          fc.date({
            min: new Date('1970-01-01T00:00:00Z'),
            max: new Date('2100-01-01T00:00:00Z'),
            noInvalidDate: true,
          }),
          // Near now: inspection dates and filters mostly look like this.
          fc.integer({ min: -30, max: 60 }).map((days) => new Date(Date.now() + days * 86_400_000)),
        )
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc
        .tuple(
          fc.stringMatching(/^[a-z0-9]{1,12}$/),
          fc.constantFrom('example.com', 'mail.example.ae', 'sub.example.co.kr'),
        )
        .map(([local, domain]) => `${local}@${domain}`)
        .filter(fits);
    case 'uri':
      return fc
        .tuple(
          fc.constantFrom('https://files.example.com', 'http://cdn.example.org', 'https://s3.example.com/bucket'),
          fc.stringMatching(/^[a-z0-9]{1,16}$/),
          fc.constantFrom('.jpg', '.pdf', '', '/'),
        )
        .map(([origin, name, ext]) => `${origin}/${name}${ext}`)
        .filter(fits);
    default:
      break;
  }
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern), { size: 'xsmall' })
      .map((s) => clip(s, max))
      .filter(fits);
  }
  // Short strings: bodies stay small and shrinking stays quick.
  return fc.string({ unit: textUnit, minLength: min, maxLength: Math.min(max ?? min + 24, min + 24) });
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = schema.exclusiveMinimum;
  const exclusiveMax = schema.exclusiveMaximum;
  let lo = schema.minimum ?? (exclusiveMin !== undefined ? exclusiveMin : -1_000_000);
  let hi = schema.maximum ?? (exclusiveMax !== undefined ? exclusiveMax : 1_000_000);
  // Tame values: the extremes are variants of their own.
  hi = Math.min(hi, Math.max(lo, 0) + 1_000_000);
  lo = Math.max(lo, hi - 2_000_000);
  if (integer) {
    const min = Math.ceil(exclusiveMin !== undefined && lo <= exclusiveMin ? exclusiveMin + 1 : lo);
    const max = Math.floor(exclusiveMax !== undefined && hi >= exclusiveMax ? exclusiveMax - 1 : hi);
    // Small values (versions, pages) are the ones that reach deep code; bias towards them.
    return fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, min + 10) }) },
      { weight: 1, arbitrary: fc.integer({ min, max }) },
    );
  }
  // Money-like: cents.
  const minCents = Math.ceil(lo * 100) + (exclusiveMin !== undefined && lo <= exclusiveMin ? 1 : 0);
  const maxCents = Math.floor(hi * 100) - (exclusiveMax !== undefined && hi >= exclusiveMax ? 1 : 0);
  return fc.integer({ min: minCents, max: maxCents }).map((cents) => cents / 100);
}

/** A tame value for free-form places (`{}`, additionalProperties true, Record<string, unknown>). */
const tameJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ unit: textUnit, maxLength: 16 }),
    fc.integer({ min: -100_000, max: 100_000 }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9]{0,11}$/), tie('value'), { maxKeys: 3 }),
  ),
})).value;

const freeKey = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9]{0,11}$/);

const validObject = memo(buildValidObject);

function buildValidObject(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties))
    fields[name] = options.overrides?.[name] ?? validArbitrary(property, options);
  if (options.minimal) for (const name of Object.keys(fields)) if (!required.has(name)) delete fields[name];
  const declared = fc.record(fields, {
    requiredKeys: Object.keys(fields).filter((name) => required.has(name)),
  }) as fc.Arbitrary<Record<string, unknown>>;
  const maxProperties = schema.maxProperties;
  const minProperties = schema.minProperties ?? 0;
  let object: fc.Arbitrary<Record<string, unknown>> = declared;
  if (isFreeForm(schema) && options.mode !== 'text' && !options.minimal) {
    const extraSchema =
      typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null
        ? schema.additionalProperties
        : Object.values(schema.patternProperties ?? {})[0];
    const extraValue = extraSchema && !isAnything(extraSchema) ? validArbitrary(extraSchema, options) : tameJson;
    const room = Math.max(0, Math.min(4, (maxProperties ?? 4) - Object.keys(properties).length));
    object = fc.tuple(declared, fc.dictionary(freeKey, extraValue, { maxKeys: room })).map(([known, extra]) => {
      let merged = known;
      for (const [k, v] of Object.entries(extra)) if (!(k in properties)) merged = withKey(merged, k, v);
      return merged;
    });
  }
  // (Minimal objects get their one property from the variant placed in them.)
  if ((minProperties > 0 || maxProperties !== undefined) && !options.minimal) {
    object = object.filter(
      (o) =>
        Object.keys(o).length >= minProperties &&
        (maxProperties === undefined || Object.keys(o).length <= maxProperties),
    );
  }
  return object;
}

/** Values the schema accepts. In text mode scalars are rendered as the strings a query would carry. */
export const validArbitrary: (schema: JsonSchema, options?: ArbitraryOptions) => fc.Arbitrary<unknown> =
  memo(buildValidArbitrary);

function buildValidArbitrary(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const text = options.mode === 'text';
  const render = (arbitrary: fc.Arbitrary<unknown>) =>
    text ? arbitrary.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))) : arbitrary;
  const literals = literalsOf(schema);
  if (literals) {
    const choice = fc.constantFrom(...literals);
    return render(schema.default !== undefined ? fc.oneof(fc.constant(schema.default), choice) : choice);
  }
  const branches = branchesOf(schema);
  if (branches) return fc.oneof(...branches.map((branch) => validArbitrary(branch, options)));
  if (isAnything(schema)) return text ? fc.string({ maxLength: 16 }) : tameJson;
  const arbitraries = typesOf(schema).map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return validString(schema);
      case 'integer':
        return render(validNumber(schema, true));
      case 'number':
        return render(validNumber(schema, false));
      case 'boolean':
        return render(fc.boolean());
      case 'null':
        return render(fc.constant(null));
      case 'array':
        return fc.array(validArbitrary(schema.items ?? {}, options), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3),
        });
      case 'object':
        return validObject(schema, options);
      default:
        throw new Error(`schema-arbitrary: unsupported type ${type}`);
    }
  });
  const valid = arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries);
  // Sometimes the declared default itself.
  return schema.default !== undefined
    ? fc.oneof({ weight: 1, arbitrary: render(fc.constant(schema.default)) }, { weight: 4, arbitrary: valid })
    : valid;
}

// ---------------------------------------------------------------------------------------------
// Hostile values at one place

interface LeafVariant {
  name: string;
  arbitrary: fc.Arbitrary<unknown>;
}

const pick = (...values: unknown[]): fc.Arbitrary<unknown> => fc.constantFrom(...values);

/** Ids, names and notes that are unusual but not wrong. */
const UNICODE_SAMPLES = [
  'مرحبا بالعالم', // Arabic, right to left
  '漢字かなカナ', // CJK
  '👨‍👩‍👧‍👦🚗', // emoji with zero-width joiners
  'e\u0301\u0301\u0301', // combining marks
  '\u202eevil\u202c', // bidi override
  'a\u0000b', // NUL
  '\u2028\u2029', // line and paragraph separators
  '\ud800', // lone surrogate
  'Zalgo: Z̵̡̛a̶l̷g̸o̵',
];

const SPECIAL_TEXT = [
  "'; DROP TABLE orders; --",
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '#name :value',
  '%s%n%x',
  '../../etc/passwd',
  '{{7*7}}',
  'null',
  'undefined',
  '__proto__',
];

const INVALID_DATE_TIMES = [
  '2025-13-01T00:00:00Z',
  '2025-04-31T10:00:00Z',
  '2025-01-01T24:00:01Z',
  '2025-01-01T10:60:00Z',
  '2023-02-29T00:00:00Z',
];
const EXTREME_DATE_TIMES = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '1969-12-31T23:59:59Z',
  '2038-01-19T03:14:08Z',
];
const ODD_DATE_TIMES = [
  '2025-06-01t12:00:00z',
  '2025-06-01T12:00:00.123456789Z',
  '2025-06-01T12:00:00+14:00',
  '2025-06-01T12:00:00-12:00',
  '2025-06-01T12:00:00-00:00',
  '2025-06-01 12:00:00Z',
];
const NOT_DATE_TIMES = [
  'now',
  'yesterday',
  '2025-06-01',
  '1700000000',
  '12:00:00',
  '2025-06-01T12:00',
  '+275760-09-13T00:00:00Z',
  '2025-06-01T12:00:00+25:00',
];
const NOT_EMAILS = ['plainaddress', 'a@', '@example.com', 'a@@example.com', 'a b@example.com', 'a@example..com'];
const ODD_EMAILS = [
  '"quoted local"@example.com',
  'user+tag@sub.example.co',
  'ünï@example.com',
  'a@[127.0.0.1]',
  'x@localhost',
];
const NOT_URIS = [
  'ftp://example.com/x',
  'javascript:alert(1)',
  'example.com/x',
  'http//x',
  '//example.com/x',
  'https://exa mple.com/',
];
const ODD_URIS = [
  'https://例え.jp/パス',
  'http://[::1]:8080/',
  'http://user:pass@example.com/?q=%00#frag',
  `https://example.com/${'%'.repeat(3)}`,
  'http://localhost:0/',
  'https://169.254.169.254/latest/meta-data/',
];
const NAN_LIKE = ['NaN', 'Infinity', '-Infinity', '1e999', '0x10', '1,5', ' 1', '1 ', '', 'abc', '1e', '--1', '١٢٣'];

function wrongTypeValues(types: string[], text: boolean): unknown[] {
  if (text) return [];
  const all: Record<string, unknown[]> = {
    string: ['12', 'true', ''],
    number: [12, -3.5],
    integer: [7],
    boolean: [true, false],
    null: [null],
    array: [[], ['x', 1]],
    object: [{}, { x: 1 }],
  };
  const accepted = new Set(types.flatMap((t) => (t === 'number' ? ['number', 'integer'] : [t])));
  return Object.entries(all)
    .filter(([type]) => !accepted.has(type) && !(type === 'integer' && accepted.has('number')))
    .flatMap(([, values]) => values);
}

function stringVariants(schema: JsonSchema, text: boolean): LeafVariant[] {
  const max = schema.maxLength;
  const min = schema.minLength ?? 0;
  const variants: LeafVariant[] = [];
  const literals = literalsOf(schema);
  if (literals) {
    const strings = literals.filter((l): l is string => typeof l === 'string');
    const others = [
      ...strings.map((s) => s.toLowerCase()),
      ...strings.map((s) => s.toUpperCase()),
      ...strings.map((s) => ` ${s}`),
      'UNKNOWN',
      '',
    ].filter((s) => !strings.includes(s));
    variants.push({ name: 'not one of the allowed values', arbitrary: pick(...others) });
    return variants;
  }
  // Query strings stay under a few KB once URL-encoded (a longer request line is refused by the
  // HTTP server itself, before the API: not what this test looks for).
  const room = text ? 3_000 : 100_000;
  if (max !== undefined) {
    const tooLong = text ? ['a'] : ['a', 'é', '😀'];
    if (max + 1 <= room)
      variants.push({
        name: 'one character too long',
        arbitrary: fc.constantFrom(...tooLong).map((c) => c.repeat(max + 1)),
      });
    // Valid by code points, but 4 bytes each (Ajv counts code points; storage counts bytes).
    if (max * (text ? 12 : 4) <= room && !schema.pattern && !schema.format)
      variants.push({ name: 'emoji at the length limit', arbitrary: fc.constant('😀'.repeat(max)) });
  } else {
    variants.push({ name: 'long', arbitrary: fc.constant('x'.repeat(text ? 2_000 : 10_000)) });
  }
  if (min > 0) variants.push({ name: 'too short', arbitrary: fc.constant('a'.repeat(min - 1)) });
  else variants.push({ name: 'empty string', arbitrary: fc.constant('') });
  switch (schema.format) {
    case 'date-time':
      variants.push(
        { name: 'impossible calendar date (2025-02-30)', arbitrary: fc.constant('2025-02-30T10:00:00Z') },
        { name: 'impossible calendar date', arbitrary: pick(...INVALID_DATE_TIMES) },
        { name: 'leap second (9999-12-31T23:59:60Z)', arbitrary: fc.constant('9999-12-31T23:59:60Z') },
        { name: 'leap second (2016-12-31T23:59:60Z)', arbitrary: fc.constant('2016-12-31T23:59:60Z') },
        { name: 'extreme year', arbitrary: pick(...EXTREME_DATE_TIMES) },
        { name: 'unusual but valid date-time', arbitrary: pick(...ODD_DATE_TIMES) },
        { name: 'not a date-time', arbitrary: pick(...NOT_DATE_TIMES) },
      );
      return variants;
    case 'date':
      variants.push({
        name: 'not a date',
        arbitrary: pick('2025-02-30', '2025-13-01', '0000-00-00', 'today', '2025-6-1'),
      });
      return variants;
    case 'email':
      variants.push(
        { name: 'not an email', arbitrary: pick(...NOT_EMAILS) },
        { name: 'unusual but valid email', arbitrary: pick(...ODD_EMAILS) },
      );
      return variants;
    case 'uri':
      variants.push(
        { name: 'not an http(s) uri', arbitrary: pick(...NOT_URIS) },
        { name: 'unusual uri', arbitrary: pick(...ODD_URIS) },
      );
      return variants;
    default:
      break;
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const candidates = ['ABC', 'a b', 'a-b', 'a_b', '..', 'ключ', '😀', 'a/b', 'a%2Fb', 'a?b=c', '12.5', '-1'].filter(
      (s) => !pattern.test(s),
    );
    variants.push({ name: 'does not match the pattern', arbitrary: pick(...candidates) });
  }
  variants.push(
    { name: 'unicode', arbitrary: pick(...UNICODE_SAMPLES).map((s) => clip(s as string, max)) },
    { name: 'special characters', arbitrary: pick(...SPECIAL_TEXT).map((s) => clip(s as string, max)) },
    { name: 'whitespace only', arbitrary: fc.constantFrom(' ', '   ', '\t\n').map((s) => clip(s, max)) },
  );
  if (text) variants.push({ name: 'numbers as text', arbitrary: pick('0', '-1', '1e300', '9007199254740994') });
  return variants;
}

function numberVariants(schema: JsonSchema, integer: boolean, text: boolean): LeafVariant[] {
  const r = (n: number): unknown => (text ? String(n) : n);
  const one = (name: string, n: number): LeafVariant => ({ name, arbitrary: fc.constant(r(n)) });
  const variants: LeafVariant[] = [];
  const min = schema.minimum ?? schema.exclusiveMinimum;
  const max = schema.maximum ?? schema.exclusiveMaximum;
  if (schema.exclusiveMinimum !== undefined)
    variants.push(one('equal to the exclusive minimum', schema.exclusiveMinimum));
  if (min !== undefined && min - 1 !== -1) variants.push(one('below the minimum', min - 1));
  if (max !== undefined) variants.push(one('above the maximum', max + 1));
  if (min !== undefined && max !== undefined)
    variants.push({
      name: 'at the bounds',
      arbitrary: pick(r(schema.exclusiveMinimum === undefined ? min : min + 1), r(max)),
    });
  variants.push(
    one('negative (-1)', -1),
    one('hugely negative (-1e300)', -1e300),
    one('huge number (1e300)', 1e300),
    one('largest double (1.8e308)', Number.MAX_VALUE),
    one('unsafe integer (2^53+2)', 9007199254740994),
    one('integer beyond 2^63 (1e21)', 1e21),
  );
  if (integer) variants.push({ name: 'fraction', arbitrary: pick(r(1.5), r(0.000001)) });
  else
    variants.push(one('tiny number (5e-324)', 5e-324), {
      name: 'many decimals',
      arbitrary: pick(r(0.1 + 0.2), r(123.456789012345678)),
    });
  variants.push({ name: text ? 'not a number' : 'NaN-like string', arbitrary: pick(...NAN_LIKE) });
  if (text)
    variants.push({ name: 'number with spaces or signs', arbitrary: pick('+1', ' 2 ', '1.0', '1e2', '01', '-0') });
  return variants;
}

/** Valid but hostile contents for free-form places (`{}` and objects taking undeclared keys). */
function freeFormContents(): LeafVariant[] {
  const protoObject = JSON.parse(
    '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}',
  ) as unknown;
  return [
    {
      name: 'deep nesting (40 levels)',
      arbitrary: fc.constantFrom(nested(40, 'object'), nested(40, 'array'), nested(40, 'object', nested(5, 'array'))),
    },
    { name: 'nesting at the limit (20 levels)', arbitrary: fc.constantFrom(nested(20, 'object'), nested(20, 'array')) },
    { name: '__proto__ and constructor keys', arbitrary: fc.constant(protoObject) },
    {
      name: 'odd keys',
      arbitrary: fc.constant(
        Object.fromEntries([
          ['', 'empty key'],
          [' ', 'space'],
          ['a.b', 1],
          ['#x', 2],
          [':y', 3],
          ['$z', 4],
          ['ключ', 5],
          ['k'.repeat(1000), 6],
        ]),
      ),
    },
    {
      name: 'extreme numbers',
      arbitrary: fc.constantFrom({ n: 1e300 }, { n: 9007199254740994 }, { n: 5e-324 }, { n: -1e300 }, [1e300, 5e-324]),
    },
    {
      name: 'unicode values',
      arbitrary: fc.constant({ ar: UNICODE_SAMPLES[0], nul: 'a\u0000b', lone: '\ud800', emoji: UNICODE_SAMPLES[2] }),
    },
    {
      name: 'many keys',
      arbitrary: fc.constant(Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`k${i}`, i]))),
    },
    { name: 'large value (60 KB)', arbitrary: fc.constant({ big: 'x'.repeat(60_000) }) },
    { name: 'empty containers', arbitrary: fc.constantFrom({}, [], { a: {} }, { a: [] }, '') },
  ];
}

function objectVariants(schema: JsonSchema, options: ArbitraryOptions): LeafVariant[] {
  const text = options.mode === 'text';
  const valid = validObject(schema, options);
  const variants: LeafVariant[] = [];
  const required = schema.required ?? [];
  if (required.length > 0) {
    variants.push({
      name: 'missing a required property',
      arbitrary: fc.tuple(valid, fc.constantFrom(...required)).map(([o, key]) => withoutKey(o, key)),
    });
  }
  if (schema.additionalProperties === false) {
    variants.push({
      name: 'unknown property',
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom('unexpected', 'id', 'tenantId', 'createdAt', 'version', 'Status', 'hasOwnProperty'),
        )
        .map(([o, key]) => (key in o ? o : withKey(o, key, text ? '1' : 1))),
    });
  }
  if (!text) {
    const protoValue = JSON.parse('{"polluted": true}') as unknown;
    variants.push({
      name: '__proto__ key',
      arbitrary: fc
        .tuple(valid, fc.constantFrom('__proto__', 'constructor', 'prototype'))
        .map(([o, key]) => withKey(o, key, protoValue)),
    });
  }
  if (schema.maxProperties !== undefined) {
    const n = schema.maxProperties + 1;
    variants.push({
      name: 'too many properties',
      arbitrary: fc.constant(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))),
    });
  }
  if ((schema.minProperties ?? 0) > 0) variants.push({ name: 'too few properties', arbitrary: fc.constant({}) });
  if (isFreeForm(schema) && !text) {
    for (const content of freeFormContents()) {
      variants.push({
        name: `free-form: ${content.name}`,
        arbitrary: fc.tuple(valid, content.arbitrary).map(([o, v]) => withKey(o, 'fuzz', v)),
      });
    }
  }
  return variants;
}

function arrayVariants(schema: JsonSchema, options: ArbitraryOptions): LeafVariant[] {
  const item = validArbitrary(schema.items ?? {}, options);
  const variants: LeafVariant[] = [];
  if (schema.maxItems !== undefined) {
    const n = schema.maxItems + 1;
    variants.push({ name: 'too many items', arbitrary: fc.array(item, { minLength: n, maxLength: n }) });
  }
  if ((schema.minItems ?? 0) > 0)
    variants.push({
      name: 'too few items',
      arbitrary: fc.array(item, { minLength: schema.minItems! - 1, maxLength: schema.minItems! - 1 }),
    });
  else variants.push({ name: 'empty array', arbitrary: fc.constant([]) });
  return variants;
}

/** The hostile values of one place, not looking inside (properties and items are places of their own). */
function leafVariants(schema: JsonSchema, options: ArbitraryOptions): LeafVariant[] {
  const text = options.mode === 'text';
  const types = typesOf(schema);
  const variants: LeafVariant[] = [];
  if (isAnything(schema)) {
    if (text) return stringVariants({}, true);
    return freeFormContents().map((v) => ({ name: `free-form: ${v.name}`, arbitrary: v.arbitrary }));
  }
  const literals = literalsOf(schema);
  if (literals) {
    variants.push(...stringVariants(schema, text));
    const wrong = wrongTypeValues(['string'], text);
    if (wrong.length > 0) variants.push({ name: 'wrong type', arbitrary: pick(...wrong) });
    return variants;
  }
  const wrong = wrongTypeValues(types, text);
  if (wrong.length > 0) variants.push({ name: 'wrong type', arbitrary: pick(...wrong) });
  if (!text && !types.includes('null')) variants.push({ name: 'null', arbitrary: fc.constant(null) });
  for (const type of types) {
    if (type === 'string') variants.push(...stringVariants(schema, text));
    else if (type === 'integer') variants.push(...numberVariants(schema, true, text));
    else if (type === 'number') variants.push(...numberVariants(schema, false, text));
    else if (type === 'boolean')
      variants.push({
        name: 'boolean-like',
        arbitrary: text ? pick('yes', '1', '0', 'TRUE', 'False', '', 'null') : pick('true', 1, 0),
      });
    else if (type === 'array') variants.push(...arrayVariants(schema, options));
    else if (type === 'object') variants.push(...objectVariants(schema, options));
  }
  return variants;
}

// ---------------------------------------------------------------------------------------------
// Places in a value, and a valid value with one place replaced

type Step = { property: string } | { item: true };

interface Place {
  label: string;
  steps: Step[];
  schema: JsonSchema;
}

function placesOf(schema: JsonSchema, label: string, steps: Step[] = []): Place[] {
  const places: Place[] = [{ label, steps, schema }];
  if (literalsOf(schema) || isAnything(schema)) return places;
  const types = typesOf(schema);
  if (types.includes('object')) {
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      places.push(...placesOf(property, `${label}.${key}`, [...steps, { property: key }]));
    }
  }
  if (types.includes('array') && schema.items)
    places.push(...placesOf(schema.items, `${label}[]`, [...steps, { item: true }]));
  return places;
}

/** A valid value of `schema`, except at `steps`, which holds a value of `leaf`. */
function validWith(
  schema: JsonSchema,
  steps: Step[],
  leaf: fc.Arbitrary<unknown>,
  options: ArbitraryOptions,
): fc.Arbitrary<unknown> {
  const [step, ...rest] = steps;
  if (!step) return leaf;
  if ('property' in step) {
    const child = schema.properties?.[step.property] ?? {};
    const others = validObject(schema, options);
    return fc
      .tuple(others, validWith(child, rest, leaf, options))
      .map(([object, value]) => withKey(object, step.property, value));
  }
  const items = schema.items ?? {};
  const min = Math.max(1, schema.minItems ?? 0);
  const others = fc.array(validArbitrary(items, options), {
    minLength: min,
    maxLength: Math.max(min, Math.min(schema.maxItems ?? 3, min + 2)),
  });
  return fc.tuple(others, validWith(items, rest, leaf, options), fc.nat()).map(([array, value, at]) => {
    const copy = [...array];
    copy[at % copy.length] = value;
    return copy;
  });
}

/**
 * Every kind of hostile input at every place of a value of `schema`, each as an arbitrary of whole
 * values. `label` names the value in `kind` (e.g. `body`, `query`).
 */
export function invalidVariants(schema: JsonSchema, label: string, options: ArbitraryOptions = {}): InvalidVariant[] {
  const variants: InvalidVariant[] = [];
  for (const place of placesOf(schema, label)) {
    for (const leaf of leafVariants(place.schema, options)) {
      variants.push({
        kind: `${place.label}: ${leaf.name}`,
        place: place.label,
        variant: leaf.name,
        schema: place.schema,
        arbitrary: validWith(schema, place.steps, leaf.arbitrary, options),
      });
    }
  }
  return variants;
}

/** All invalid variants of a schema as one arbitrary, each value labelled with its kind. */
