import type { TSchema } from '@sinclair/typebox';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `anyOf` whose branches are all `{const, type}` of one type: a plain enum in disguise. */
function enumOf(branches: unknown[]): { type: unknown; values: unknown[] } | undefined {
  if (
    branches.length < 2 ||
    !branches.every((b) => isObject(b) && 'const' in b && Object.keys(b).every((k) => k === 'const' || k === 'type'))
  )
    return undefined;
  const types = new Set(branches.map((b) => (b as Json).type));
  if (types.size !== 1) return undefined;
  return { type: [...types][0], values: branches.map((b) => (b as Json).const) };
}

function normalise(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalise);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = normalise(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf)) {
    const asEnum = enumOf(anyOf);
    if (asEnum) {
      delete out.anyOf;
      return { type: asEnum.type, enum: asEnum.values, ...out };
    }
  }
  return out;
}

/**
 * A TypeBox schema as the plain JSON Schema the validators and the OpenAPI document are built
 * from: TypeBox's symbols dropped, and unions of literals (`anyOf` of `const`s) written as one
 * `enum`, so a bad value gets one "must be one of ..." and the reference shows a list of values.
 */
export const toJsonSchema = (schema: TSchema): Json => normalise(JSON.parse(JSON.stringify(schema))) as Json;

const ANNOTATIONS = new Set(['description', 'examples', 'title']);

function strip(node: unknown, underProperties: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => strip(item, false));
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    // Under `properties` the keys are field names (a field may be called "description").
    if (!underProperties && ANNOTATIONS.has(key)) continue;
    out[key] = strip(value, !underProperties && (key === 'properties' || key === 'patternProperties'));
  }
  return out;
}

/** The schema a validator is compiled from: annotations (descriptions, examples) are for the reference, not the bundle. */
export const forValidation = (schema: TSchema): Json => strip(toJsonSchema(schema), false) as Json;
