import { callingCode } from '../data/calling-codes.js';

/**
 * Phone numbers are stored and matched in E.164 so that `+971 50 123 4567`, `+971-50-1234567`
 * and `+971501234567` are one customer. Numbers must carry their country code: the service
 * has customers in many countries and no sensible default region.
 *
 * A number is accepted when its country calling code exists and its national number has a length
 * possible in that country (the rule of libphonenumber's isPossible), after dropping a national
 * trunk prefix written after the code by mistake (`+49 0791...`). The table comes from the
 * libphonenumber-js metadata (calling-codes.ts), so no function carries the library itself.
 */
export function normalizePhone(input: string): string | undefined {
  const trimmed = input.trim();
  if (!/^\+?[0-9\s().-]{6,25}$/.test(trimmed)) return undefined;
  const withPlus = trimmed.startsWith('+') ? trimmed : trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : undefined;
  if (withPlus === undefined) return undefined;
  const digits = withPlus.slice(1).replace(/[\s().-]/g, '');
  if (!/^[1-9]\d{0,16}$/.test(digits)) return undefined;
  // Calling codes are prefix-free: at most one of the first 1, 2 or 3 digits is a code.
  for (let length = 1; length <= 3; length += 1) {
    const code = digits.slice(0, length);
    const entry = callingCode(code);
    if (!entry) continue;
    const [lengths, trunk] = entry;
    let national = digits.slice(length);
    if (trunk && national.startsWith(trunk) && lengths.includes(national.length - trunk.length))
      national = national.slice(trunk.length);
    return lengths.includes(national.length) ? `+${code}${national}` : undefined;
  }
  return undefined;
}
