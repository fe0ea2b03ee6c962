import type { TSchema } from '@sinclair/typebox';

/**
 * An API schema as a stored record's schema: the same shape with its string formats left out.
 * The formats (date-time, date, uri, email) are checked on the way in by the validators the build
 * compiles; the record check knows no formats and would refuse every item that has one, while
 * the patterns, bounds and literals still hold for what was stored.
 */
export function withoutFormats<T extends TSchema>(schema: T): T {
  return strip(schema) as T;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string | symbol, unknown> = {};
  // Own keys, symbols included: TypeBox marks kinds and optional properties with symbols.
  for (const key of Reflect.ownKeys(value)) {
    if (key === 'format') continue;
    copy[key] = strip((value as Record<string | symbol, unknown>)[key]);
  }
  return copy;
}
