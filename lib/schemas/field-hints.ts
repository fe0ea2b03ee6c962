import { hasOwn, isJson, joinPath, type Json } from './field-paths.js';
import { FORMATS, HTTPS_PATTERN, listOf, PATTERNS, typePhrase } from './field-words.js';
import type { FieldHint, FieldHints } from './route.js';

/** What a field takes: hints made from the schemas at build time (fieldHints), read by the messages (field-messages.ts). */

const typesOf = (schema: Json): string[] =>
  Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === 'string' ? [schema.type] : [];
const branchesOf = (schema: Json): Json[] | undefined => {
  const branches = schema.anyOf ?? schema.oneOf;
  return Array.isArray(branches) ? branches.filter(isJson) : undefined;
};
const isObjectSchema = (schema: Json) => typesOf(schema).includes('object') || isJson(schema.properties);

/** An object's fields for a sentence: the required ones marked, at most eight named. */
function fieldsPhrase(schema: Json): string {
  const names = Object.keys(isJson(schema.properties) ? schema.properties : {});
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const ordered = [...names.filter((n) => required.has(n)), ...names.filter((n) => !required.has(n))];
  const shown = ordered.slice(0, Math.max(8, required.size)).map((n) => (required.has(n) ? `${n} (required)` : n));
  return ordered.length > shown.length ? `${shown.join(', ')}, … (${ordered.length} fields)` : shown.join(', ');
}

/** What a schema takes, in a few words: "a string", "one of USD, KRW, AED", "an object with url (required), caption". */
function expectOf(schema: Json): string {
  if (hasOwn(schema, 'const')) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return `one of ${listOf(schema.enum)}`;
  const branches = branchesOf(schema);
  if (branches) {
    const literals = branches.filter((b) => hasOwn(b, 'const')).map((b) => String(b.const));
    const others = branches.filter((b) => !hasOwn(b, 'const')).map(expectOf);
    return [...(literals.length > 0 ? [`one of ${listOf(literals)}`] : []), ...others].join(' or ');
  }
  // A web address says http(s) (its pattern) rather than just "an absolute URL" (its format).
  if (schema.pattern === HTTPS_PATTERN) return PATTERNS[HTTPS_PATTERN]!.expect;
  if (typeof schema.format === 'string' && FORMATS[schema.format]) return FORMATS[schema.format]!.expect;
  if (typeof schema.pattern === 'string' && PATTERNS[schema.pattern]) return PATTERNS[schema.pattern]!.expect;
  if (isObjectSchema(schema)) {
    const fields = fieldsPhrase(schema);
    return fields ? `an object with ${fields}` : 'an object';
  }
  const types = typesOf(schema);
  if (types.includes('array') && isJson(schema.items)) {
    const item = expectOf(schema.items);
    const plural: Record<string, string> = {
      'a string': 'strings',
      'a number': 'numbers',
      'a whole number': 'whole numbers',
    };
    if (plural[item]) return `an array of ${plural[item]}`;
    if (item.startsWith('an object')) return `an array of objects${item.slice('an object'.length)}`;
    return `an array, each item ${item}`;
  }
  return types.length > 0 ? typePhrase(types.join(',')) : 'a value';
}

const clamp = (n: number, min: unknown, max: unknown) =>
  Math.min(typeof max === 'number' ? max : Infinity, Math.max(typeof min === 'number' ? min : -Infinity, n));

/** A value the schema takes: its own example, else the one its parent's example holds, else one made from its rules. */
function exampleOf(schema: Json, fromParent: unknown): unknown {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (fromParent !== undefined) return fromParent;
  if (hasOwn(schema, 'const')) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const branches = branchesOf(schema);
  if (branches) {
    for (const branch of branches.filter((b) => !typesOf(b).includes('null') || typesOf(b).length > 1)) {
      const example = exampleOf(branch, undefined);
      if (example !== undefined) return example;
    }
    return undefined;
  }
  if (typeof schema.format === 'string' && FORMATS[schema.format]) return FORMATS[schema.format]!.example;
  if (typeof schema.pattern === 'string' && PATTERNS[schema.pattern]) return PATTERNS[schema.pattern]!.example;
  const described =
    typeof schema.description === 'string' ? /\be\.g\. ([^,;()]+)/.exec(schema.description)?.[1]?.trim() : undefined;
  const types = typesOf(schema);
  if (types.includes('string')) return described;
  if (types.includes('integer') || types.includes('number')) {
    const min = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : schema.minimum;
    return clamp(1, min, schema.maximum);
  }
  if (types.includes('boolean')) return true;
  // Any object: the empty one is one, unless fields are required.
  if (isObjectSchema(schema) && (!isJson(schema.properties) || Object.keys(schema.properties).length === 0)) {
    return (typeof schema.minProperties === 'number' && schema.minProperties > 0) || Array.isArray(schema.required)
      ? undefined
      : {};
  }
  if (isObjectSchema(schema) && isJson(schema.properties)) {
    const properties = schema.properties;
    const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
    const example: Json = {};
    for (const name of required.length > 0 ? required : Object.keys(properties).slice(0, 1)) {
      const value = isJson(properties[name]) ? exampleOf(properties[name], undefined) : undefined;
      if (value !== undefined) example[name] = value;
    }
    return Object.keys(example).length > 0 ? example : undefined;
  }
  if (types.includes('array') && isJson(schema.items)) {
    const item = exampleOf(schema.items, undefined);
    return item === undefined ? undefined : [item];
  }
  return undefined;
}

const MAX_EXAMPLE = 100;
/** An example short enough for a sentence: an object keeps its required fields (or its first ones) until it fits. */
function shortExample(schema: Json, example: unknown): string {
  let value = example;
  if (isJson(value) && JSON.stringify(value).length > MAX_EXAMPLE) {
    const required = Array.isArray(schema.required)
      ? schema.required.map(String).filter((name) => hasOwn(value as Json, name))
      : [];
    const keys = required.length > 0 ? required : Object.keys(value);
    const kept: Json = {};
    for (const key of keys) {
      kept[key] = (value as Json)[key];
      if (JSON.stringify(kept).length > MAX_EXAMPLE && Object.keys(kept).length > 1) {
        delete kept[key];
        break;
      }
    }
    value = kept;
  }
  if (Array.isArray(value) && value.length > 1) value = value.slice(0, 1);
  const text = JSON.stringify(value);
  return text.length > MAX_EXAMPLE * 2 ? `${text.slice(0, MAX_EXAMPLE * 2)}…` : text;
}

/** Every name that some `required` of the schema lists, at any depth. */
function requiredNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) requiredNames(item, out);
  else if (isJson(schema)) {
    if (Array.isArray(schema.required)) for (const name of schema.required) out.add(String(name));
    for (const value of Object.values(schema)) requiredNames(value, out);
  }
  return out;
}

function collectHints(
  schema: Json,
  path: string,
  fromParent: unknown,
  out: FieldHints,
  required: ReadonlySet<string>,
  name?: string,
): void {
  const example = exampleOf(schema, fromParent);
  const expect = expectOf(schema);
  const hint: FieldHint = {};
  // A field no rule requires whose expectation only names its type gets none: the one message that
  // would use it, a wrong type's, names the same type from the finding itself (fieldMessage).
  const plain =
    name !== undefined &&
    !required.has(name) &&
    typesOf(schema).length > 0 &&
    expect === typePhrase(typesOf(schema).join(','));
  if (!plain) hint.expect = expect;
  if (example !== undefined) hint.example = shortExample(schema, example);
  if (isJson(schema.properties)) hint.fields = Object.keys(schema.properties);
  out[path] = hint;
  if (isJson(schema.properties)) {
    for (const [child, childSchema] of Object.entries(schema.properties)) {
      if (isJson(childSchema))
        collectHints(
          childSchema,
          joinPath(path, child),
          isJson(example) ? example[child] : undefined,
          out,
          required,
          child,
        );
    }
  }
  if (isJson(schema.additionalProperties))
    collectHints(schema.additionalProperties, joinPath(path, '*'), undefined, out, required);
  if (isJson(schema.items))
    collectHints(schema.items, `${path}[]`, Array.isArray(example) ? example[0] : undefined, out, required);
  for (const branch of branchesOf(schema) ?? []) {
    if (isJson(branch.properties) || isJson(branch.items)) collectHints(branch, path, undefined, out, required, name);
  }
  // A union's own hint, not a branch's, describes the field.
  out[path] = hint;
}

/**
 * What each field of a request part takes, from its JSON schema (descriptions and examples
 * included): the expectation in words, an example value as JSON and an object's field names,
 * keyed by path (`''` the part itself, `photos[]` the items of photos, `photos[].url`,
 * `carDetails.*` any key of a free-form object). The build stores them with each compiled route
 * (scripts/build-contracts.ts), so a validation message can name what was expected and give an
 * example without the schemas at run time.
 */
export function fieldHints(schema: unknown): FieldHints {
  const out: FieldHints = {};
  if (isJson(schema)) collectHints(schema, '', undefined, out, requiredNames(schema));
  return out;
}

/** The hint for the value at an instance path (array indexes and free-form keys as in fieldHints). */
export function hintAt(hints: FieldHints | undefined, segments: readonly string[]): FieldHint | undefined {
  if (!hints) return undefined;
  let key = '';
  for (const segment of segments) {
    const options = /^\d+$/.test(segment)
      ? [`${key}[]`, joinPath(key, segment), joinPath(key, '*')]
      : [joinPath(key, segment), joinPath(key, '*')];
    key = options.find((option) => hasOwn(hints, option)) ?? options[0]!;
  }
  return hasOwn(hints, key) ? hints[key] : undefined;
}
