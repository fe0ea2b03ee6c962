/**
 * The check a record read back from the table gets: the JSON Schema its TypeBox schema is (as the
 * build writes it, lib/schemas/generated/records.js), walked as data. It knows the keywords record
 * schemas use (type, const, enum, anyOf/oneOf, allOf, properties/required/additionalProperties,
 * patternProperties, items, minimum/maximum; a schema with properties takes only an object, its
 * type written or not) and nothing else; formats, patterns and string
 * lengths are left to the API's validators on the way in. TypeBox's own compiler would do the
 * same at about 90 KB in every function's bundle, and the HTTP functions have a 120 KB budget.
 */
type Schema = Record<string, unknown>;

export interface CheckFailure {
  path: string;
  message: string;
}

const typeOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
};

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'undefined':
      return value === undefined;
    default:
      return typeOf(value) === type;
  }
}

/** The first place `value` does not fit `schema`, or undefined when it fits. */
export function firstFailure(schema: Schema, value: unknown, path = ''): CheckFailure | undefined {
  const fail = (message: string): CheckFailure => ({ path, message });
  if ('const' in schema && value !== schema.const) return fail(`Expected ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    return fail(`Expected one of ${JSON.stringify(schema.enum)}`);
  const type = schema.type;
  if (typeof type === 'string' && !typeMatches(type, value)) return fail(`Expected ${type}`);
  if (Array.isArray(type) && !type.some((t) => typeMatches(String(t), value)))
    return fail(`Expected ${type.join(' or ')}`);
  // The build leaves out `type: object` where properties are given (scripts/build-records.ts).
  if (type === undefined && schema.properties && typeOf(value) !== 'object') return fail('Expected object');
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) {
    const failures = alternatives.map((alternative) => firstFailure(alternative, value, path));
    if (!failures.includes(undefined))
      return failures.find((failure) => failure!.path !== path) ?? fail('Expected a value of one of its kinds');
  }
  for (const part of (schema.allOf as Schema[] | undefined) ?? []) {
    const failure = firstFailure(part, value, path);
    if (failure) return failure;
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      return fail(`Expected at least ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) return fail(`Expected at most ${schema.maximum}`);
  }
  if (Array.isArray(value) && schema.items && typeof schema.items === 'object') {
    for (let i = 0; i < value.length; i += 1) {
      const failure = firstFailure(schema.items as Schema, value[i], `${path}/${i}`);
      if (failure) return failure;
    }
  }
  if (typeOf(value) === 'object') return objectFailure(schema, value as Record<string, unknown>, path);
  return undefined;
}

function objectFailure(schema: Schema, value: Record<string, unknown>, path: string): CheckFailure | undefined {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const name of (schema.required as string[] | undefined) ?? []) {
    if (value[name] === undefined) return { path: `${path}/${name}`, message: 'Expected required property' };
  }
  for (const [name, property] of Object.entries(properties)) {
    if (value[name] === undefined) continue;
    const failure = firstFailure(property, value[name], `${path}/${name}`);
    if (failure) return failure;
  }
  const patterns = Object.entries((schema.patternProperties ?? {}) as Record<string, Schema>).map(
    ([pattern, s]) => [new RegExp(pattern), s] as const,
  );
  for (const [name, item] of Object.entries(value)) {
    if (name in properties) continue;
    const matching = patterns.filter(([pattern]) => pattern.test(name));
    for (const [, property] of matching) {
      const failure = firstFailure(property, item, `${path}/${name}`);
      if (failure) return failure;
    }
    if (matching.length > 0) continue;
    if (schema.additionalProperties === false) return { path: `${path}/${name}`, message: 'Unexpected property' };
    if (typeof schema.additionalProperties === 'object') {
      const failure = firstFailure(schema.additionalProperties as Schema, item, `${path}/${name}`);
      if (failure) return failure;
    }
  }
  return undefined;
}
