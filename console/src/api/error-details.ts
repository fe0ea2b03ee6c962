import type { components } from '../../../client/index.js';

export type ApiError = components['schemas']['Error'];
type Detail = NonNullable<ApiError['details']>[number];

/**
 * The form input a problem of the error envelope concerns: `body.totalAmount` is the input
 * `totalAmount`, `body.items[2].amount` is `items.2.amount` (react-hook-form's path), a query
 * field likewise; a header (`If-Match`), the path or no field at all concern the whole form.
 */
export function inputName(field: string | undefined): string | undefined {
  if (!field) return undefined;
  const match = /^(body|query)\.(.+)$/.exec(field);
  if (!match) return undefined;
  return match[2]!.replace(/\[(\d+)\]/g, '.$1');
}

/**
 * Each problem's message under its input's name; problems of no input are joined for the form.
 * `words` puts a message into the person's language where it can (i18n/problem-words.ts).
 */
export function fieldErrors(
  error: Pick<ApiError, 'details'>,
  words: (message: string) => string = (message) => message,
): { fields: Record<string, string>; other: string[] } {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const detail of error.details ?? []) {
    const name = inputName(detail.field);
    const message = words(detail.message);
    if (name) fields[name] = fields[name] ? `${fields[name]}; ${message}` : message;
    else other.push(detail.field ? `${detail.field}: ${message}` : message);
  }
  return { fields, other };
}

/** A version conflict (409 VERSION_CONFLICT, 412 PRECONDITION_FAILED) and the version that is current now. */
export function versionConflict(
  error: Pick<ApiError, 'code' | 'details'> | undefined,
): { currentVersion?: number } | undefined {
  if (!error || (error.code !== 'VERSION_CONFLICT' && error.code !== 'PRECONDITION_FAILED')) return undefined;
  const current = error.details?.find((detail: Detail) => typeof detail.currentVersion === 'number')?.currentVersion;
  return typeof current === 'number' ? { currentVersion: current } : {};
}

/** The requirements an INVALID_TRANSITION names, in words. */
export function missingRequirements(error: Pick<ApiError, 'details'> | undefined): string[] {
  const out: string[] = [];
  for (const detail of error?.details ?? []) {
    const missing = detail.missingRequirements;
    if (Array.isArray(missing))
      for (const requirement of missing) {
        if (
          requirement &&
          typeof requirement === 'object' &&
          'message' in requirement &&
          typeof requirement.message === 'string'
        )
          out.push(requirement.message);
      }
  }
  return out;
}

/**
 * A refusal's headline: in the person's language where the API's is only a general sentence
 * ("Request validation failed"), whose problems follow it field by field; else the API's own.
 */
export function headlineOf(
  apiError: { code?: string; error: string },
  translate: (key: string, options?: object) => string,
): string {
  return apiError.code === 'VALIDATION_ERROR' ? translate('vpo.state.invalid') : apiError.error;
}
