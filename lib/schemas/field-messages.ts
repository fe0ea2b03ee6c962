import { closestName } from '../domain/closest-name.js';
import { hintAt } from './field-hints.js';
import { childOf, fieldOf, isJson, segmentsOf, valueAt } from './field-paths.js';
import { listOf, typePhrase } from './field-words.js';
import type { AjvErrorObject, FieldHint, FieldHints } from './route.js';
import { messageOf, withoutEchoes } from './rule-messages.js';

/**
 * One sentence for everything wrong with one field: what it takes, with an example, and what came
 * instead; an unknown field is told the one most likely meant.
 */

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
  if (typeof value === 'string' && (keywords.has('minLength') || keywords.has('maxLength')))
    return `${[...value].length} characters`;
  if (Array.isArray(value) && (keywords.has('minItems') || keywords.has('maxItems'))) return `${value.length} items`;
  if (isJson(value) && (keywords.has('minProperties') || keywords.has('maxProperties')))
    return `${Object.keys(value).length} fields`;
  if (keywords.has('type') && location === 'body') return kindOf(value);
  return preview(value);
}

const withExample = (message: string, example: string | undefined) =>
  example === undefined || message.includes('e.g.') ? message : `${message}, e.g. ${example}`;

export interface Context {
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
export function fieldMessage(errors: AjvErrorObject[], context: Context): string {
  const first = errors[0]!;
  const child = childOf(first);
  const segments = [...segmentsOf(first.instancePath), ...(child === undefined ? [] : [child])];
  const hint = hintAt(context.hints, segments);
  const example = exampleText(hint, context.location);
  if (first.keyword === 'required')
    return withExample(hint?.expect ? `is required: ${hint.expect}` : 'is required', example);
  if (first.keyword === 'additionalProperties') return unknownFieldMessage(first, context);

  const value = valueAt(context.data, first.instancePath);
  const keywords = new Set(errors.map((e) => e.keyword));
  const got = gotOf(keywords, value, context.location);
  const ending = (message: string) => (got === undefined ? message : `${message}; got ${got}`);
  // The wrong kind of value: what the field takes, whatever else its rules say.
  if (keywords.has('type')) {
    const types = [
      ...new Set(errors.filter((e) => e.keyword === 'type').flatMap((e) => String(e.params.type).split(','))),
    ];
    // Free text without an example of its own: what was sent, written as text.
    const asText =
      types.includes('string') && (typeof value === 'number' || typeof value === 'boolean')
        ? JSON.stringify(String(value))
        : undefined;
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
  const needsExample = [
    'enum',
    'const',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'maxLength',
    'maxItems',
    'maxProperties',
  ].every((k) => !keywords.has(k));
  return ending(needsExample ? withExample(messages.join(' and '), example) : messages.join(' and '));
}
