import { FORMATS, HTTPS_PATTERN, listOf, PATTERNS, typePhrase } from './field-words.js';
import type { AjvErrorObject } from './route.js';

/** The sentence for one rule a value broke (a length, a limit, a pattern, a format...), by the validator's keyword. */

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
export function messageOf(error: AjvErrorObject, value: unknown): string {
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
      return limit === 1
        ? 'must not be empty: give at least one field'
        : `must have at least ${plural(limit, 'field', 'fields')}`;
    case 'maxProperties':
      return `must have at most ${plural(limit, 'field', 'fields')}`;
    case 'uniqueItems':
      return 'must not repeat an item';
    case 'multipleOf':
      return `must be a multiple of ${String(error.params.multipleOf)}`;
    case 'pattern': {
      const known = PATTERNS[String(error.params.pattern)];
      return known
        ? `must be ${known.expect}, e.g. ${known.example}`
        : `must match the pattern ${String(error.params.pattern)}`;
    }
    case 'format':
      return formatMessage(String(error.params.format), value);
    default:
      return error.message ?? 'is invalid';
  }
}

/** A field that broke both a format and the pattern that goes with it gets the one sentence that says more. */
export function withoutEchoes(errors: AjvErrorObject[]): AjvErrorObject[] {
  const formats = new Set(errors.filter((e) => e.keyword === 'format').map((e) => String(e.params.format)));
  const patterns = new Set(errors.filter((e) => e.keyword === 'pattern').map((e) => String(e.params.pattern)));
  // A format says what the field takes in words; a pattern beside it (a date's, a currency's) only echoes it.
  return errors.filter(
    (e) =>
      !(
        e.keyword === 'pattern' &&
        formats.size > 0 &&
        !(formats.has('uri') && String(e.params.pattern) === HTTPS_PATTERN)
      ) && !(e.keyword === 'format' && String(e.params.format) === 'uri' && patterns.has(HTTPS_PATTERN)),
  );
}
