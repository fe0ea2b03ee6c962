import type { CompiledRoute } from '../schemas/route.js';
import type { FieldError } from '../domain/errors.js';
import { toFieldErrors } from '../schemas/field-errors.js';

interface HttpEventParts {
  body?: unknown;
  queryStringParameters?: Record<string, string | undefined> | null;
  pathParameters?: Record<string, string | undefined> | null;
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
        if (!route.validateParams(event.pathParameters))
          details.push(
            ...toFieldErrors(
              'path',
              route.validateParams.errors,
              event.pathParameters,
              route.paramNames,
              route.paramsHints,
            ),
          );
      }
      if (route.validateQuery) {
        event.queryStringParameters ??= {};
        if (!route.validateQuery(event.queryStringParameters)) {
          details.push(
            ...toFieldErrors(
              'query',
              route.validateQuery.errors,
              event.queryStringParameters,
              route.queryNames,
              route.queryHints,
            ),
          );
        }
      }
      if (route.validateBody && !route.validateBody(event.body)) {
        details.push(...toFieldErrors('body', route.validateBody.errors, event.body, route.bodyNames, route.bodyHints));
      }
      validate.errors = details.length > 0 ? details : null;
      return details.length === 0;
    },
    { errors: null as FieldError[] | null },
  );
  return validate;
}
