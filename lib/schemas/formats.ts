import { isEmail } from '../domain/email.js';
import { isIsoCurrency } from '../domain/money.js';
import { normalizePhone } from '../domain/phone.js';

/**
 * The string formats the request schemas use, as plain functions. The build compiles every
 * validator against these (scripts/build-contracts.ts) and the generated code imports them from
 * here by name (`formatExports`), so a format is checked with the rest of the schema (one answer
 * lists every problem) and no function bundles a whole format library for the three it needs.
 */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** No date this service records (an order, an inspection, a voyage, a filter) is older than this. */
export const EARLIEST_YEAR = 1900;

export function isDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < EARLIEST_YEAR) return false;
  const days = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
  return month >= 1 && month <= 12 && day >= 1 && days !== undefined && day <= days;
}

/** RFC 3339 date-time with a zone, on a real calendar day. */
export function isDateTime(text: string): boolean {
  const [date, time] = text.split(/[Tt ]/, 2);
  if (date === undefined || time === undefined || !isDate(date)) return false;
  return /^([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):?[0-5]\d)$/.test(time);
}

/** An absolute URL that parses (the schemas add `^https?://` where they want the web). */
export function isUri(text: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text) || /\s/.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

export { isEmail } from '../domain/email.js';

/** A number with its country code, possible in that country (lib/domain/phone.ts). */
export const isPhone = (text: string) => normalizePhone(text) !== undefined;

/** An ISO 4217 code this runtime knows. */
export const isCurrency = (text: string) => /^[A-Z]{3}$/.test(text) && isIsoCurrency(text);

/** Every format by its schema name: what the build compiles the validators against. */
export const formats = {
  date: isDate,
  'date-time': isDateTime,
  uri: isUri,
  email: isEmail,
  phone: isPhone,
  currency: isCurrency,
};

/**
 * The export that checks each format. The generated validators import each check they use by
 * this name, so a function's bundle carries the checks its routes use and no other (the phone
 * check alone brings every country's calling codes).
 */
export const formatExports: Record<keyof typeof formats, string> = {
  date: 'isDate',
  'date-time': 'isDateTime',
  uri: 'isUri',
  email: 'isEmail',
  phone: 'isPhone',
  currency: 'isCurrency',
};
