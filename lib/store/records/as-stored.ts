import type { TSchema } from '@sinclair/typebox';

/** Input rules of the API's schemas that say nothing about a stored value's shape. */
const INPUT_RULES = new Set(['format', 'minLength', 'maxLength']);

/**
 * An API schema as a stored record's schema (in the *.schema.ts modules, at build time): the same
 * shape without the string rules that only the way in checks. The formats (date-time, date, uri,
 * email) are checked by the validators the build compiles, and the record check knows none (it
 * would refuse every item that has one); string lengths are counted there in characters, here in
 * UTF-16 units (an emoji counts twice), so a value accepted at its length limit would be refused
 * when read back. Shapes, literals and numbers' bounds still hold for what was stored.
 */
export function asStored<T extends TSchema>(schema: T): T {
  return strip(schema) as T;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string | symbol, unknown> = {};
  // Own keys, symbols included: TypeBox marks kinds and optional properties with symbols.
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key === 'string' && INPUT_RULES.has(key)) continue;
    copy[key] = strip((value as Record<string | symbol, unknown>)[key]);
  }
  return copy;
}
