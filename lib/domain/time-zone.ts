/**
 * A tenant's days: "today" and "in the future" are judged on the tenant's own calendar (staff in
 * Doha enter today's date at 01:00 local time, still yesterday in UTC); instants stay UTC.
 */

/** Where a country has one zone (or one its businesses use), the zone a new tenant there starts with. */
const COUNTRY_ZONES: Record<string, string> = {
  AE: 'Asia/Dubai',
  BH: 'Asia/Bahrain',
  EG: 'Africa/Cairo',
  IQ: 'Asia/Baghdad',
  JO: 'Asia/Amman',
  KR: 'Asia/Seoul',
  KW: 'Asia/Kuwait',
  LB: 'Asia/Beirut',
  OM: 'Asia/Muscat',
  QA: 'Asia/Qatar',
  SA: 'Asia/Riyadh',
  YE: 'Asia/Aden',
};

const DEFAULT_TIME_ZONE = 'UTC';

export const zoneOfCountry = (country: string | undefined): string | undefined =>
  country ? COUNTRY_ZONES[country.toUpperCase()] : undefined;

/** The zone a tenant's days are counted in: its own setting, else its country's, else UTC. */
export const tenantTimeZone = (tenant: { timeZone?: string; country?: string } | undefined): string =>
  tenant?.timeZone ?? zoneOfCountry(tenant?.country) ?? DEFAULT_TIME_ZONE;

/** Why a time zone name is refused, or undefined when the runtime knows it (IANA names, e.g. Asia/Qatar). */
export function timeZoneProblem(name: string): string | undefined {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return undefined;
  } catch {
    return `must be an IANA time zone name, e.g. Asia/Qatar or Asia/Dubai; got "${name}"`;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) an instant falls on in a zone. */
export function localDay(instant: string | Date, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  return format.format(typeof instant === 'string' ? new Date(instant) : instant);
}
