import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Phone numbers are stored and matched in E.164 so that `+971 50 123 4567`, `+971-50-1234567`
 * and `+971501234567` are one customer. Numbers must carry their country code: the service
 * has customers in many countries and no sensible default region.
 */
export function normalizePhone(input: string): string | undefined {
  const trimmed = input.trim();
  if (!/^\+?[0-9\s().-]{6,25}$/.test(trimmed)) return undefined;
  const withPlus = trimmed.startsWith('+') ? trimmed : trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : undefined;
  if (withPlus === undefined) return undefined;
  const parsed = parsePhoneNumberFromString(withPlus);
  if (!parsed || !parsed.isPossible()) return undefined;
  return parsed.number;
}
