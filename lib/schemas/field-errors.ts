/**
 * A validator's findings in words: one plain sentence per field that says what it takes, with
 * an example, and what came instead. The API's answers (lib/http/validation.ts), the operator's
 * CLI and the catalogue feeds' refused lines all word them here, so a field is described the
 * same way wherever it is refused.
 */
import type { FieldError } from '../domain/errors.js';
import { type Context, fieldMessage } from './field-messages.js';
import { fieldOf } from './field-paths.js';
import type { AjvErrorObject, FieldHints } from './route.js';

export { fieldHints } from './field-hints.js';

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
export function recordProblems(
  errors: readonly AjvErrorObject[] | null | undefined,
  data: unknown,
  hints: FieldHints,
  max = 3,
): string {
  const found = toFieldErrors('', errors, data, hints['']?.fields, hints);
  const shown = found.slice(0, max).map(({ field, message }) => (field === '' ? message : `${field} ${message}`));
  const sentences = shown.map((sentence, i) =>
    i === shown.length - 1 || /[.?!…]$/.test(sentence) ? sentence : `${sentence}.`,
  );
  return `${sentences.join(' ')}${found.length > max ? ` (and ${found.length - max} more)` : ''}`;
}
