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

export function formatMoney(amount: number | null | undefined, currency: string | null | undefined, language: Language): string {
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
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** A day (YYYY-MM-DD, or a date-time's day) without a time. */
export function formatDay(iso: string | null | undefined, language: Language, timeZone?: string): string {
  if (!iso) return '—';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  const date = new Date(day ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone: day ? 'UTC' : timeZone }).format(date);
}

/** The day `days` after `from` as YYYY-MM-DD (UTC), e.g. the horizon of "deadlines in the next 14 days". */
export function dayAfter(from: Date, days: number): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}
