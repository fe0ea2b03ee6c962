import { EARLIEST_YEAR } from './formats.js';

/** The words a field's rules are told in: what a pattern, a format or a type asks for, with a value of it. */

const EXAMPLE_DATE_TIME = '2026-01-31T09:30:00Z';
const ID_PATTERN = '^[a-z0-9]+$';
export const HTTPS_PATTERN = '^https?://';
const DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}[Tt]([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d';

/** What a pattern asks for, and a value that matches it. */
export const PATTERNS: Record<string, { expect: string; example: string }> = {
  [ID_PATTERN]: { expect: 'an id of lowercase letters and digits', example: 'ckx8k2m1p0000abcd1234efg' },
  '^[A-Z]{3}$': { expect: 'a three-letter ISO 4217 currency code in capitals', example: 'USD' },
  '^[A-Za-z]{3}$': { expect: 'a three-letter currency code', example: 'USD' },
  [HTTPS_PATTERN]: {
    expect: 'a web address starting with http:// or https://',
    example: 'https://example.com/file.pdf',
  },
  '^[a-z0-9-]{1,63}$': { expect: 'a subdomain: lowercase letters, digits and hyphens', example: 'gulf-motors' },
  '^[A-Z]{4}\\d{7}$': {
    expect: 'an ISO 6346 container number: four capital letters and seven digits',
    example: 'MSCU1234566',
  },
  [DATE_TIME_PATTERN]: { expect: 'a date and time with its time zone', example: EXAMPLE_DATE_TIME },
};

/** What a format asks for, and a value of it. */
export const FORMATS: Record<string, { expect: string; example: string }> = {
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
export const typePhrase = (type: unknown): string =>
  String(type)
    .split(',')
    .map((t) => TYPE_NAMES[t] ?? t)
    .join(' or ');

export const listOf = (values: readonly unknown[], max = 12): string =>
  values.length > max
    ? `${values.slice(0, max).map(String).join(', ')}, … (${values.length} in all)`
    : values.map(String).join(', ');
