import type { AjvErrorObject, CompiledRoute } from '../schemas/route.js';
import type { FieldError } from '../domain/errors.js';

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

function messageOf(error: AjvErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'enum':
      return `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(error.params.allowedValue)}`;
    default:
      return error.message ?? 'is invalid';
  }
}

export function toFieldErrors(location: string, errors: readonly AjvErrorObject[] | null | undefined): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of errors ?? []) {
    // anyOf/oneOf add a summary entry on top of the branch errors; the branches say more.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const entry = { field: fieldOf(location, error), message: messageOf(error) };
    const key = `${entry.field}|${entry.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(entry);
    }
  }
  return out;
}

/**
 * The eventSchema handed to @middy/validator: one function over the parts of the event, each
 * checked by its precompiled validator. Query and path values are coerced in place.
 */
export function eventValidator(route: CompiledRoute) {
  const validate = Object.assign(
    (event: HttpEventParts): boolean => {
      const details: FieldError[] = [];
      if (route.validateParams) {
        event.pathParameters ??= {};
        if (!route.validateParams(event.pathParameters)) details.push(...toFieldErrors('path', route.validateParams.errors));
      }
      if (route.validateQuery) {
        event.queryStringParameters ??= {};
        if (!route.validateQuery(event.queryStringParameters)) details.push(...toFieldErrors('query', route.validateQuery.errors));
      }
      if (route.validateBody && !route.validateBody(event.body)) {
        details.push(...toFieldErrors('body', route.validateBody.errors));
      }
      validate.errors = details.length > 0 ? details : null;
      return details.length === 0;
    },
    { errors: null as FieldError[] | null },
  );
  return validate;
}
