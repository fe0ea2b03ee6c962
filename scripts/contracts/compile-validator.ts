import type { TSchema } from '@sinclair/typebox';
import { _, Ajv, type Options } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { formats } from '../../lib/schemas/formats.js';
import { forValidation } from '../../lib/schemas/json-schema.js';

/**
 * One request part's schema compiled by Ajv into standalone code, at build time: bodies strictly,
 * query strings and path parameters coerced from text to the declared types first.
 */

type StandaloneCode = (ajv: Ajv, validate: unknown) => string;
const standaloneCode: StandaloneCode =
  (standaloneModule as unknown as { default?: StandaloneCode }).default ??
  (standaloneModule as unknown as StandaloneCode);

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const NESTING = [
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'anyOf',
  'allOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  '$ref',
  '$defs',
  'default',
];

/**
 * The same field rule written once: every leaf schema (no nesting, no default) that two or more
 * fields share moves to `$defs` and the fields point at it, and Ajv (inlineRefs: false) checks
 * them with one shared function instead of a copy of the checks per field. The car list's query
 * has 30 fields, most of them "a string of 1 to 100 characters". Errors name the same field,
 * keyword and limits either way.
 */
function shareRepeatedLeaves(schema: Json): Json {
  const isLeaf = (node: unknown): node is Json => isJson(node) && !NESTING.some((key) => key in node);
  const counts = new Map<string, number>();
  const visit = (node: unknown, count: (field: Json) => unknown): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, count));
    if (!isJson(node)) return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && isJson(value))
        out[key] = Object.fromEntries(
          Object.entries(value).map(([field, sub]) => [field, isLeaf(sub) ? count(sub) : visit(sub, count)]),
        );
      else if (key === 'items' && isLeaf(value)) out[key] = count(value);
      else out[key] = visit(value, count);
    }
    return out;
  };
  visit(schema, (leaf) => counts.set(JSON.stringify(leaf), (counts.get(JSON.stringify(leaf)) ?? 0) + 1));
  const shared = [...counts].filter(([, n]) => n > 1).map(([text]) => text);
  if (shared.length === 0) return schema;
  const names = new Map(shared.map((text, i) => [text, `f${i}`]));
  const rewritten = visit(schema, (leaf) => {
    const name = names.get(JSON.stringify(leaf));
    return name ? { $ref: `#/$defs/${name}` } : leaf;
  }) as Json;
  const own = isJson(rewritten.$defs) ? rewritten.$defs : {};
  const clash = shared.map((text) => names.get(text)!).find((name) => name in own);
  if (clash) throw new Error(`a schema already defines $defs/${clash}; rename it`);
  return {
    ...rewritten,
    $defs: { ...own, ...Object.fromEntries(shared.map((text) => [names.get(text)!, JSON.parse(text) as unknown])) },
  };
}

export function compile(schema: TSchema, coerce: boolean): string {
  const options: Options = {
    allErrors: true,
    inlineRefs: false,
    coerceTypes: coerce,
    useDefaults: true,
    strict: false,
    messages: false,
    // The generated code calls the same format functions the build compiled against.
    code: { source: true, esm: true, optimize: true, formats: _`require("../formats.js").formats` },
    formats,
  };
  const ajv = new Ajv(options);
  const validate = ajv.compile(shareRepeatedLeaves(forValidation(schema)));
  return standaloneCode(ajv, validate);
}
