import { EARLIEST_YEAR } from '../schemas/formats.js';
import type { AjvErrorObject, CompiledRoute } from '../schemas/route.js';
import type { FieldError } from '../domain/errors.js';
import { closestName } from './closest-name.js';

interface HttpEventParts {
  body?: unknown;
  queryStringParameters?: Record<string, string | undefined> | null;
  pathParameters?: Record<string, string | undefined> | null;
}

/** `/items/0/amount` -> `items[0].amount`, prefixed with where it came from. */
function fieldOf(location: string, error: AjvErrorObject): string {
  const path = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment.replace(/~1/g, '/').replace(/~0/g, '~')}`))
    .join('');
  const extra =
    error.keyword === 'required'
      ? `.${String(error.params.missingProperty)}`
      : error.keyword === 'additionalProperties'
        ? `.${String(error.params.additionalProperty)}`
        : '';
  return `${location}${path}${extra}`;
}

/** The value an error points at, for messages that depend on what was sent. */
function valueAt(root: unknown, instancePath: string): unknown {
  let value = root;
  for (const segment of instancePath.split('/').filter(Boolean)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return value;
}

const EXAMPLE_DATE_TIME = 'e.g. 2026-01-31T09:30:00Z';
const PATTERN_MESSAGES: Record<string, string> = {
  '^[a-z0-9]+$': 'must be an id of lowercase letters and digits',
  '^[A-Z]{3}$': 'must be a three-letter ISO 4217 currency code in capitals, e.g. USD',
  '^[A-Za-z]{3}$': 'must be a three-letter currency code, e.g. USD',
  '^https?://': 'must be a web address starting with http:// or https://',
  '^[a-z0-9-]{1,63}$': 'must be a subdomain: lowercase letters, digits and hyphens',
  '^[A-Z]{4}\\d{7}$': 'must be an ISO 6346 container number: four capital letters and seven digits, e.g. MSCU1234566',
  '^\\d{4}-\\d{2}-\\d{2}[Tt]([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d': `must be a date and time with its time zone, ${EXAMPLE_DATE_TIME}`,
};

function formatMessage(format: string, value: unknown): string {
  switch (format) {
    case 'phone':
      // In a query string an unencoded + arrives as a space.
      return typeof value === 'string' && /^ [0-9]/.test(value)
        ? 'must be a phone number with its country code; the + arrived as a space: write it as %2B in a query string, e.g. phone=%2B971501234567'
        : 'must be a phone number with its country code, e.g. +971501234567';
    case 'currency':
      return 'must be an ISO 4217 currency code, e.g. USD';
    case 'date-time':
      return `must be a date and time with its time zone, from ${EARLIEST_YEAR} on, ${EXAMPLE_DATE_TIME}`;
    case 'date':
      return `must be a calendar date from ${EARLIEST_YEAR} on, written YYYY-MM-DD, e.g. 2026-01-31`;
    case 'email':
      return 'must be an email address, e.g. name@example.com';
    case 'uri':
      return 'must be an absolute URL, e.g. https://example.com/file.pdf';
    default:
      return `must be a valid ${format}`;
  }
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};
const typeMessage = (type: unknown): string =>
  `must be ${String(type)
    .split(',')
    .map((t) => TYPE_NAMES[t] ?? t)
    .join(' or ')}`;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One plain sentence for one validator finding. */
function messageOf(error: AjvErrorObject, value: unknown): string {
  const limit = error.params.limit as number;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a field of this request';
    case 'enum':
      return `must be one of ${(error.params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `must be ${String(error.params.allowedValue)}`;
    case 'type':
      return error.params.type === undefined ? (error.message ?? 'is invalid') : typeMessage(error.params.type);
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
      return limit === 1 ? 'must not be empty' : `must have at least ${plural(limit, 'field', 'fields')}`;
    case 'maxProperties':
      return `must have at most ${plural(limit, 'field', 'fields')}`;
    case 'uniqueItems':
      return 'must not repeat an item';
    case 'multipleOf':
      return `must be a multiple of ${String(error.params.multipleOf)}`;
    case 'pattern':
      return PATTERN_MESSAGES[String(error.params.pattern)] ?? `must match the pattern ${String(error.params.pattern)}`;
    case 'format':
      return formatMessage(String(error.params.format), value);
    default:
      return error.message ?? 'is invalid';
  }
}

/**
 * The validator's findings as one entry per field, each one plain sentence: a field that broke
 * two rules (too short and not a phone number) gets both in one sentence rather than two entries.
 * `names` (the top-level fields or parameters the request takes) let an unknown one suggest the
 * name it most likely meant.
 */
export function toFieldErrors(location: string, errors: readonly AjvErrorObject[] | null | undefined, data?: unknown, names?: readonly string[]): FieldError[] {
  const byField = new Map<string, string[]>();
  for (const error of errors ?? []) {
    // anyOf/oneOf add a summary entry on top of the branch errors; the branches say more.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const field = fieldOf(location, error);
    let message = messageOf(error, valueAt(data, error.instancePath));
    if (error.keyword === 'additionalProperties' && error.instancePath === '' && names) {
      const meant = closestName(String(error.params.additionalProperty), names);
      if (meant) message += `; did you mean ${meant}?`;
    }
    const messages = byField.get(field) ?? [];
    if (!messages.includes(message)) messages.push(message);
    byField.set(field, messages);
  }
  return [...byField.entries()].map(([field, messages]) => ({ field, message: messages.join(' and ') }));
}

/**
 * The eventSchema handed to @middy/validator: one function over the parts of the event, each
 * checked by its precompiled validator, so path, query and body problems come in one answer.
 * Query and path values are coerced in place.
 */
export function eventValidator(route: CompiledRoute) {
  const validate = Object.assign(
    (event: HttpEventParts): boolean => {
      const details: FieldError[] = [];
      if (route.validateParams) {
        event.pathParameters ??= {};
        if (!route.validateParams(event.pathParameters)) details.push(...toFieldErrors('path', route.validateParams.errors, event.pathParameters));
      }
      if (route.validateQuery) {
        event.queryStringParameters ??= {};
        if (!route.validateQuery(event.queryStringParameters)) details.push(...toFieldErrors('query', route.validateQuery.errors, event.queryStringParameters, route.queryNames));
      }
      if (route.validateBody && !route.validateBody(event.body)) {
        details.push(...toFieldErrors('body', route.validateBody.errors, event.body, route.bodyNames));
      }
      validate.errors = details.length > 0 ? details : null;
      return details.length === 0;
    },
    { errors: null as FieldError[] | null },
  );
  return validate;
}
