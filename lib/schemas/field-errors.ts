/**
 * A validator's findings in words: one plain sentence per field that says what it takes, with
 * an example, and what came instead. The API's answers (lib/http/validation.ts), the operator's
 * CLI and the catalogue feeds' refused lines all word them here, so a field is described the
 * same way wherever it is refused.
 */
import { closestName } from '../domain/closest-name.js';
import type { FieldError } from '../domain/errors.js';
import { EARLIEST_YEAR } from './formats.js';
import type { AjvErrorObject, FieldHint, FieldHints } from './route.js';

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const hasOwn = (object: object, key: string) => Object.hasOwn(object, key);

const unescapeSegment = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
const segmentsOf = (instancePath: string) => instancePath.split('/').filter(Boolean).map(unescapeSegment);

/** `/items/0/amount` -> `items[0].amount`, prefixed with where it came from (`body.`, `query.`; nothing for a record of its own). */
function fieldOf(location: string, error: AjvErrorObject): string {
  const path = segmentsOf(error.instancePath)
    .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`))
    .join('');
  const field = `${location}${path}${childOf(error) === undefined ? '' : `.${childOf(error)!}`}`;
  return location === '' ? field.replace(/^\./, '') : field;
}

/** The property a `required` or `additionalProperties` finding is about (the field it names). */
const childOf = (error: AjvErrorObject): string | undefined =>
  error.keyword === 'required'
    ? String(error.params.missingProperty)
    : error.keyword === 'additionalProperties'
      ? String(error.params.additionalProperty)
      : undefined;

/** The value an error points at, for messages that depend on what was sent. */
function valueAt(root: unknown, instancePath: string): unknown {
  let value = root;
  for (const segment of segmentsOf(instancePath)) {
    if (typeof value !== 'object' || value === null || !hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// What a field takes: hints made from the schemas at build time (fieldHints), read by messages

const EXAMPLE_DATE_TIME = '2026-01-31T09:30:00Z';
const ID_PATTERN = '^[a-z0-9]+$';
const HTTPS_PATTERN = '^https?://';
const DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}[Tt]([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d';

/** What a pattern asks for, and a value that matches it. */
const PATTERNS: Record<string, { expect: string; example: string }> = {
  [ID_PATTERN]: { expect: 'an id of lowercase letters and digits', example: 'ckx8k2m1p0000abcd1234efg' },
  '^[A-Z]{3}$': { expect: 'a three-letter ISO 4217 currency code in capitals', example: 'USD' },
  '^[A-Za-z]{3}$': { expect: 'a three-letter currency code', example: 'USD' },
  [HTTPS_PATTERN]: { expect: 'a web address starting with http:// or https://', example: 'https://example.com/file.pdf' },
  '^[a-z0-9-]{1,63}$': { expect: 'a subdomain: lowercase letters, digits and hyphens', example: 'gulf-motors' },
  '^[A-Z]{4}\\d{7}$': { expect: 'an ISO 6346 container number: four capital letters and seven digits', example: 'MSCU1234566' },
  [DATE_TIME_PATTERN]: { expect: 'a date and time with its time zone', example: EXAMPLE_DATE_TIME },
};

/** What a format asks for, and a value of it. */
const FORMATS: Record<string, { expect: string; example: string }> = {
  phone: { expect: 'a phone number with its country code', example: '+971501234567' },
  currency: { expect: 'an ISO 4217 currency code', example: 'USD' },
  'date-time': { expect: `a date and time with its time zone, from ${EARLIEST_YEAR} on`, example: EXAMPLE_DATE_TIME },
  date: { expect: `a calendar date from ${EARLIEST_YEAR} on, written YYYY-MM-DD`, example: '2026-01-31' },
  email: { expect: 'an email address', example: 'name@example.com' },
  uri: { expect: 'an absolute URL', example: 'https://example.com/file.pdf' },
};

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};
const typePhrase = (type: unknown): string =>
  String(type)
    .split(',')
    .map((t) => TYPE_NAMES[t] ?? t)
    .join(' or ');

const listOf = (values: readonly unknown[], max = 12): string =>
  values.length > max ? `${values.slice(0, max).map(String).join(', ')}, … (${values.length} in all)` : values.map(String).join(', ');

const typesOf = (schema: Json): string[] => (Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === 'string' ? [schema.type] : []);
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
    const plural: Record<string, string> = { 'a string': 'strings', 'a number': 'numbers', 'a whole number': 'whole numbers' };
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
  const described = typeof schema.description === 'string' ? /\be\.g\. ([^,;()]+)/.exec(schema.description)?.[1]?.trim() : undefined;
  const types = typesOf(schema);
  if (types.includes('string')) return described;
  if (types.includes('integer') || types.includes('number')) {
    const min = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : schema.minimum;
    return clamp(1, min, schema.maximum);
  }
  if (types.includes('boolean')) return true;
  // Any object: the empty one is one, unless fields are required.
  if (isObjectSchema(schema) && (!isJson(schema.properties) || Object.keys(schema.properties).length === 0)) {
    return (typeof schema.minProperties === 'number' && schema.minProperties > 0) || Array.isArray(schema.required) ? undefined : {};
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
    const required = Array.isArray(schema.required) ? schema.required.map(String).filter((name) => hasOwn(value as Json, name)) : [];
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

const joinPath = (path: string, name: string) => (path === '' ? name : `${path}.${name}`);

/** Every name that some `required` of the schema lists, at any depth. */
function requiredNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) requiredNames(item, out);
  else if (isJson(schema)) {
    if (Array.isArray(schema.required)) for (const name of schema.required) out.add(String(name));
    for (const value of Object.values(schema)) requiredNames(value, out);
  }
  return out;
}

function collectHints(schema: Json, path: string, fromParent: unknown, out: FieldHints, required: ReadonlySet<string>, name?: string): void {
  const example = exampleOf(schema, fromParent);
  const expect = expectOf(schema);
  const hint: FieldHint = {};
  // A field no rule requires whose expectation only names its type gets none: the one message that
  // would use it, a wrong type's, names the same type from the finding itself (fieldMessage).
  const plain = name !== undefined && !required.has(name) && typesOf(schema).length > 0 && expect === typePhrase(typesOf(schema).join(','));
  if (!plain) hint.expect = expect;
  if (example !== undefined) hint.example = shortExample(schema, example);
  if (isJson(schema.properties)) hint.fields = Object.keys(schema.properties);
  out[path] = hint;
  if (isJson(schema.properties)) {
    for (const [child, childSchema] of Object.entries(schema.properties)) {
      if (isJson(childSchema)) collectHints(childSchema, joinPath(path, child), isJson(example) ? example[child] : undefined, out, required, child);
    }
  }
  if (isJson(schema.additionalProperties)) collectHints(schema.additionalProperties, joinPath(path, '*'), undefined, out, required);
  if (isJson(schema.items)) collectHints(schema.items, `${path}[]`, Array.isArray(example) ? example[0] : undefined, out, required);
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
function hintAt(hints: FieldHints | undefined, segments: readonly string[]): FieldHint | undefined {
  if (!hints) return undefined;
  let key = '';
  for (const segment of segments) {
    const options = /^\d+$/.test(segment) ? [`${key}[]`, joinPath(key, segment), joinPath(key, '*')] : [joinPath(key, segment), joinPath(key, '*')];
    key = options.find((option) => hasOwn(hints, option)) ?? options[0]!;
  }
  return hasOwn(hints, key) ? hints[key] : undefined;
}

// ---------------------------------------------------------------------------------------------
// Messages

/** An example as a client would write it: JSON in a body, the bare text in a query string or path. */
function exampleText(hint: FieldHint | undefined, location: string): string | undefined {
  if (hint?.example === undefined) return undefined;
  if (location === 'body') return hint.example;
  const value = JSON.parse(hint.example) as unknown;
  return typeof value === 'string' ? value : hint.example;
}

const kindOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : typeof value === 'object'
        ? 'an object'
        : typeof value === 'boolean'
          ? value
            ? 'true'
            : 'false'
          : typeof value === 'number'
            ? 'a number'
            : 'a string';

const MAX_ECHO = 40;
function preview(value: unknown): string {
  if (typeof value === 'object' && value !== null) return kindOf(value);
  // 1e400 in JSON reads as Infinity, which JSON would write back as null.
  if (typeof value === 'number' && !Number.isFinite(value)) return 'a number too large to be stored';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}…` : text;
}

/** What was sent, briefly, for the end of a message ("got a number", `got "EUR"`, "got 250 characters"). */
function gotOf(keywords: ReadonlySet<string>, value: unknown, location: string): string | undefined {
  if (value === undefined) return undefined;
  if (value === '') return undefined;
  if (typeof value === 'string' && (keywords.has('minLength') || keywords.has('maxLength'))) return `${[...value].length} characters`;
  if (Array.isArray(value) && (keywords.has('minItems') || keywords.has('maxItems'))) return `${value.length} items`;
  if (isJson(value) && (keywords.has('minProperties') || keywords.has('maxProperties'))) return `${Object.keys(value).length} fields`;
  if (keywords.has('type') && location === 'body') return kindOf(value);
  return preview(value);
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function formatMessage(format: string, value: unknown): string {
  // In a query string an unencoded + arrives as a space.
  if (format === 'phone' && typeof value === 'string' && /^ [0-9]/.test(value)) {
    return 'must be a phone number with its country code; the + arrived as a space: write it as %2B in a query string, e.g. phone=%2B971501234567';
  }
  const known = FORMATS[format];
  return known ? `must be ${known.expect}, e.g. ${known.example}` : `must be a valid ${format}`;
}

/** One plain sentence for one validator finding (type, required and unknown fields are worded by the caller). */
function messageOf(error: AjvErrorObject, value: unknown): string {
  const limit = error.params.limit as number;
  switch (error.keyword) {
    case 'enum':
      return `must be one of ${listOf(error.params.allowedValues as unknown[])}`;
    case 'const':
      return `must be ${String(error.params.allowedValue)}, the only value it takes`;
    case 'type':
      return `must be ${typePhrase(error.params.type)}`;
    case 'minLength':
      return limit === 1 ? 'must not be empty' : `must be at least ${plural(limit, 'character', 'characters')} long`;
    case 'maxLength':
      return `must be at most ${plural(limit, 'character', 'characters')} long`;
    case 'minimum':
      return `must be ${String(limit)} or more`;
    case 'maximum':
      return `must be ${String(limit)} or less`;
    case 'exclusiveMinimum':
      return `must be more than ${String(limit)}`;
    case 'exclusiveMaximum':
      return `must be less than ${String(limit)}`;
    case 'minItems':
      return limit === 1 ? 'must not be empty' : `must hold at least ${plural(limit, 'item', 'items')}`;
    case 'maxItems':
      return `must hold at most ${plural(limit, 'item', 'items')}`;
    case 'minProperties':
      return limit === 1 ? 'must not be empty: give at least one field' : `must have at least ${plural(limit, 'field', 'fields')}`;
    case 'maxProperties':
      return `must have at most ${plural(limit, 'field', 'fields')}`;
    case 'uniqueItems':
      return 'must not repeat an item';
    case 'multipleOf':
      return `must be a multiple of ${String(error.params.multipleOf)}`;
    case 'pattern': {
      const known = PATTERNS[String(error.params.pattern)];
      return known ? `must be ${known.expect}, e.g. ${known.example}` : `must match the pattern ${String(error.params.pattern)}`;
    }
    case 'format':
      return formatMessage(String(error.params.format), value);
    default:
      return error.message ?? 'is invalid';
  }
}

/** A field that broke both a format and the pattern that goes with it gets the one sentence that says more. */
function withoutEchoes(errors: AjvErrorObject[]): AjvErrorObject[] {
  const formats = new Set(errors.filter((e) => e.keyword === 'format').map((e) => String(e.params.format)));
  const patterns = new Set(errors.filter((e) => e.keyword === 'pattern').map((e) => String(e.params.pattern)));
  // A format says what the field takes in words; a pattern beside it (a date's, a currency's) only echoes it.
  return errors.filter(
    (e) =>
      !(e.keyword === 'pattern' && formats.size > 0 && !(formats.has('uri') && String(e.params.pattern) === HTTPS_PATTERN)) &&
      !(e.keyword === 'format' && String(e.params.format) === 'uri' && patterns.has(HTTPS_PATTERN)),
  );
}

const withExample = (message: string, example: string | undefined) =>
  example === undefined || message.includes('e.g.') ? message : `${message}, e.g. ${example}`;

interface Context {
  location: string;
  data: unknown;
  names?: readonly string[];
  hints?: FieldHints;
}

/** The sentence for an unknown field: what the object takes instead. */
function unknownFieldMessage(error: AjvErrorObject, context: Context): string {
  const segments = segmentsOf(error.instancePath);
  const fields = hintAt(context.hints, segments)?.fields ?? (segments.length === 0 ? context.names : undefined);
  const message =
    segments.length === 0
      ? context.location === ''
        ? 'is not one of its fields'
        : 'is not a field of this request'
      : `is not a field of ${fieldOf(context.location, { ...error, keyword: 'at' })}`;
  if (!fields) return message;
  if (fields.length === 0) return `${message}, which takes no fields: send {}`;
  const meant = closestName(String(error.params.additionalProperty), fields);
  if (meant) return `${message}; did you mean ${meant}?`;
  return `${message}; ${context.location === 'query' && segments.length === 0 ? 'the parameters are' : 'the fields are'} ${listOf(fields)}`;
}

/** One sentence for everything wrong with one field. */
function fieldMessage(errors: AjvErrorObject[], context: Context): string {
  const first = errors[0]!;
  const child = childOf(first);
  const segments = [...segmentsOf(first.instancePath), ...(child === undefined ? [] : [child])];
  const hint = hintAt(context.hints, segments);
  const example = exampleText(hint, context.location);
  if (first.keyword === 'required') return withExample(hint?.expect ? `is required: ${hint.expect}` : 'is required', example);
  if (first.keyword === 'additionalProperties') return unknownFieldMessage(first, context);

  const value = valueAt(context.data, first.instancePath);
  const keywords = new Set(errors.map((e) => e.keyword));
  const got = gotOf(keywords, value, context.location);
  const ending = (message: string) => (got === undefined ? message : `${message}; got ${got}`);
  // The wrong kind of value: what the field takes, whatever else its rules say.
  if (keywords.has('type')) {
    const types = [...new Set(errors.filter((e) => e.keyword === 'type').flatMap((e) => String(e.params.type).split(',')))];
    // Free text without an example of its own: what was sent, written as text.
    const asText = types.includes('string') && (typeof value === 'number' || typeof value === 'boolean') ? JSON.stringify(String(value)) : undefined;
    return ending(withExample(`must be ${hint?.expect ?? typePhrase(types.join(','))}`, example ?? asText));
  }
  const messages: string[] = [];
  // Alternatives of a union of literals: one list of the values.
  const consts = errors.filter((e) => e.keyword === 'const').map((e) => e.params.allowedValue);
  if (consts.length > 1) messages.push(`must be one of ${listOf(consts)}`);
  for (const error of withoutEchoes(consts.length > 1 ? errors.filter((e) => e.keyword !== 'const') : errors)) {
    const message = messageOf(error, value);
    if (!messages.includes(message)) messages.push(message);
  }
  // A limit is its own example; a rule on the shape or the text gets one.
  const needsExample = ['enum', 'const', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'].every(
    (k) => !keywords.has(k),
  );
  return ending(needsExample ? withExample(messages.join(' and '), example) : messages.join(' and '));
}

/**
 * The validator's findings as one entry per field, each one plain sentence that says what the
 * field takes, with an example, and what came instead: a field that broke two rules (too short
 * and not a phone number) gets both in one sentence rather than two entries. `names` (the
 * top-level fields or parameters the request takes) and `hints` (what each field takes, from
 * fieldHints) let an unknown name suggest the one it most likely meant, and a wrong value show
 * a right one.
 */
export function toFieldErrors(
  location: string,
  errors: readonly AjvErrorObject[] | null | undefined,
  data?: unknown,
  names?: readonly string[],
  hints?: FieldHints,
): FieldError[] {
  const byField = new Map<string, AjvErrorObject[]>();
  for (const error of errors ?? []) {
    // anyOf/oneOf add a summary entry on top of the branch errors; the branches say more.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const field = fieldOf(location, error);
    byField.set(field, [...(byField.get(field) ?? []), error]);
  }
  const context: Context = { location, data, ...(names ? { names } : {}), ...(hints ? { hints } : {}) };
  return [...byField.entries()].map(([field, fieldErrors]) => ({ field, message: fieldMessage(fieldErrors, context) }));
}

/**
 * The findings on a record that is not a request (a line of a provider's feed, a car of an import
 * file), as one reason: each field named as the record names it, then its sentence, the first
 * `max` of them.
 */
export function recordProblems(errors: readonly AjvErrorObject[] | null | undefined, data: unknown, hints: FieldHints, max = 3): string {
  const found = toFieldErrors('', errors, data, hints['']?.fields, hints);
  const shown = found.slice(0, max).map(({ field, message }) => (field === '' ? message : `${field} ${message}`));
  const sentences = shown.map((sentence, i) => (i === shown.length - 1 || /[.?!…]$/.test(sentence) ? sentence : `${sentence}.`));
  return `${sentences.join(' ')}${found.length > max ? ` (and ${found.length - max} more)` : ''}`;
}
