/**
 * Dates, numbers and money for a person's language. Money keeps its currency's minor unit
 * (the API's: KRW and JPY 0 decimals, BHD, KWD and OMR 3, the others 2).
 */
const MINOR_UNITS: Record<string, number> = { KRW: 0, JPY: 0, BHD: 3, KWD: 3, OMR: 3 };

export type Language = 'en' | 'ar';

export function minorUnits(currency: string): number {
  return MINOR_UNITS[currency.toUpperCase()] ?? 2;
}

/** The Intl locale of a console language: English (UK-style dates) or Gulf Arabic. */
export function intlLocale(language: Language): string {
  return language === 'ar' ? 'ar-AE' : 'en-GB';
}

export function formatMoney(
  amount: number | null | undefined,
  currency: string | null | undefined,
  language: Language,
): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '—';
  if (!currency || !/^[A-Za-z]{3}$/.test(currency)) return formatNumber(amount, language);
  const digits = minorUnits(currency);
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

export function formatNumber(value: number | null | undefined, language: Language): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}

/** A date-time in the tenant's time zone when known (an invalid one shows as given). */
export function formatDateTime(iso: string | null | undefined, language: Language, timeZone?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** A day (YYYY-MM-DD, or a date-time's day) without a time. */
export function formatDay(iso: string | null | undefined, language: Language, timeZone?: string): string {
  if (!iso) return '—';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  const date = new Date(day ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeZone: day ? 'UTC' : timeZone,
  }).format(date);
}

/** The day `days` after `from` as YYYY-MM-DD (UTC), e.g. the horizon of "deadlines in the next 14 days". */
export function dayAfter(from: Date, days: number): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The parts of an instant's wall time in a time zone, as numbers. */
function wallParts(
  epochMs: number,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(epochMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * An instant as the wall time a date-time field shows (YYYY-MM-DDTHH:mm) in the tenant's time
 * zone, the zone the console shows every time in; '' for nothing or an invalid instant.
 */
export function wallTimeIn(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const epochMs = new Date(iso).getTime();
  if (Number.isNaN(epochMs)) return '';
  const t = wallParts(epochMs, timeZone);
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}`;
}

/**
 * The instant (ISO, UTC) of a wall time typed in a time zone. A time the clocks skip when they go
 * forward is taken as the same time before the change; one they pass twice, as the first.
 */
export function instantOfWallTime(wall: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(wall);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const offsetAt = (epochMs: number) => {
    const t = wallParts(epochMs, timeZone);
    return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute) - epochMs;
  };
  // The zone's offset near the wall time, checked once more at the instant it gives (a change of offset in between).
  const first = asUtc - offsetAt(asUtc - 86_400_000);
  const second = asUtc - offsetAt(first);
  return new Date(offsetAt(second) === asUtc - second ? second : first).toISOString();
}
