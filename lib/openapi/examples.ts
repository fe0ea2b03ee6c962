/**
 * Example values for the reference: a schema's own `examples` when it has them (the request
 * bodies of the main flow and the shared building blocks carry hand-written ones), otherwise one
 * composed from its parts. Every example is validated against its schema by the tests
 * (tests/unit/openapi-examples.test.ts), so the reference never shows a request the API refuses.
 */
type Json = Record<string, unknown>;

const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '2026-03-14T09:30:00.000Z',
  date: '2026-03-14',
  email: 'layla@example.com',
  uri: 'https://files.example.com/documents/d-1001.pdf',
  phone: '+971501234567',
  currency: 'USD',
};

function stringExample(schema: Json): string {
  if (typeof schema.format === 'string' && FORMAT_EXAMPLES[schema.format]) return FORMAT_EXAMPLES[schema.format]!;
  if (schema.pattern === '^[a-z0-9]+$') return 'ckx8k2m1p0000abcd1234efg';
  if (schema.pattern === '^[A-Z]{3}$' || schema.pattern === '^[A-Za-z]{3}$') return 'USD';
  if (schema.pattern === '^https?://') return FORMAT_EXAMPLES.uri!;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 40;
  const text = 'example text';
  return text.length < min ? text.padEnd(min, 'x') : text.slice(0, Math.max(min, Math.min(max, text.length)));
}

function numberExample(schema: Json): number {
  if (typeof schema.minimum === 'number' && schema.minimum > 0) return schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + 1;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Number.MAX_SAFE_INTEGER;
  return Math.min(1, max);
}

export function exampleOf(schema: unknown, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || depth > 12) return null;
  const s = schema as Json;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches)) {
    const branch = branches.find((b) => (b as Json).type !== 'null') ?? branches[0];
    return exampleOf(branch, depth + 1);
  }
  switch (s.type) {
    case 'object': {
      const out: Json = {};
      for (const [name, property] of Object.entries((s.properties ?? {}) as Json))
        out[name] = exampleOf(property, depth + 1);
      return out;
    }
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 1;
      return Array.from({ length: Math.max(1, min) }, () => exampleOf(s.items, depth + 1));
    }
    case 'string':
      return stringExample(s);
    case 'integer':
      return Math.trunc(numberExample(s));
    case 'number':
      return numberExample(s);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}
