import type { AjvErrorObject } from './route.js';

/** Where a validator's finding points: the field it names, as a request or record names it, and the value there. */

export type Json = Record<string, unknown>;
export const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const hasOwn = (object: object, key: string) => Object.hasOwn(object, key);

const unescapeSegment = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
export const segmentsOf = (instancePath: string) => instancePath.split('/').filter(Boolean).map(unescapeSegment);

/** `/items/0/amount` -> `items[0].amount`, prefixed with where it came from (`body.`, `query.`; nothing for a record of its own). */
export function fieldOf(location: string, error: AjvErrorObject): string {
  const path = segmentsOf(error.instancePath)
    .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`))
    .join('');
  const field = `${location}${path}${childOf(error) === undefined ? '' : `.${childOf(error)!}`}`;
  return location === '' ? field.replace(/^\./, '') : field;
}

/** The property a `required` or `additionalProperties` finding is about (the field it names). */
export const childOf = (error: AjvErrorObject): string | undefined =>
  error.keyword === 'required'
    ? String(error.params.missingProperty)
    : error.keyword === 'additionalProperties'
      ? String(error.params.additionalProperty)
      : undefined;

/** The value an error points at, for messages that depend on what was sent. */
export function valueAt(root: unknown, instancePath: string): unknown {
  let value = root;
  for (const segment of segmentsOf(instancePath)) {
    if (typeof value !== 'object' || value === null || !hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

export const joinPath = (path: string, name: string) => (path === '' ? name : `${path}.${name}`);
