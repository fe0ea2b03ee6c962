import { describe, expect, it } from 'vitest';
import { dayAfter, formatDateTime, formatDay, formatMoney, formatNumber, intlLocale, minorUnits } from '../../console/src/i18n/format.js';

const digitsAfterSeparator = (text: string): number => {
  const latin = text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/٫/g, '.');
  const match = /[.,](\d+)\D*$/.exec(latin);
  return match ? match[1]!.length : 0;
};

describe('console money, numbers and dates', () => {
  it('uses each currency minor unit', () => {
    expect(minorUnits('KWD')).toBe(3);
    expect(minorUnits('bhd')).toBe(3);
    expect(minorUnits('OMR')).toBe(3);
    expect(minorUnits('JPY')).toBe(0);
    expect(minorUnits('KRW')).toBe(0);
    expect(minorUnits('USD')).toBe(2);
    expect(formatMoney(1234.5, 'KWD', 'en')).toMatch(/1,234\.500/);
    expect(formatMoney(1234.5, 'USD', 'en')).toBe('US$1,234.50');
    expect(formatMoney(1234567, 'KRW', 'en')).toMatch(/1,234,567$/);
    expect(digitsAfterSeparator(formatMoney(12.5, 'BHD', 'ar'))).toBe(3);
    expect(digitsAfterSeparator(formatMoney(12.5, 'AED', 'ar'))).toBe(2);
  });

  it('formats per language, and says "—" for nothing', () => {
    expect(intlLocale('ar')).toBe('ar-AE');
    expect(formatMoney(null, 'USD', 'en')).toBe('—');
    expect(formatMoney(10, undefined, 'en')).toBe('10');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(undefined, 'ar')).toBe('—');
    expect(formatDay('2026-11-26', 'en')).toBe('26 Nov 2026');
    expect(formatDay('2026-11-26', 'ar')).not.toBe('26 Nov 2026');
    expect(formatDateTime('2026-11-26T08:00:00Z', 'en', 'Asia/Dubai')).toBe('26 Nov 2026, 12:00');
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
    expect(formatDateTime(null, 'en')).toBe('—');
  });

  it('gives the day n days later', () => {
    expect(dayAfter(new Date('2026-12-25T10:00:00Z'), 14)).toBe('2027-01-08');
  });
});
