import { describe, expect, it } from 'vitest';
import {
  dayAfter,
  formatDateTime,
  formatDay,
  formatMoney,
  formatNumber,
  instantOfWallTime,
  intlLocale,
  minorUnits,
  wallTimeIn,
} from '../../console/src/i18n/format.js';

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

  it('reads and writes a date-time field in the tenant time zone, whatever the browser zone', () => {
    // Doha is UTC+3 all year: 10:00 there is 07:00 UTC.
    expect(instantOfWallTime('2026-12-01T10:00', 'Asia/Qatar')).toBe('2026-12-01T07:00:00.000Z');
    expect(wallTimeIn('2026-12-01T07:00:00.000Z', 'Asia/Qatar')).toBe('2026-12-01T10:00');
    // Seoul is UTC+9: the day before in UTC.
    expect(instantOfWallTime('2026-12-01T08:30', 'Asia/Seoul')).toBe('2026-11-30T23:30:00.000Z');
    expect(wallTimeIn('2026-11-30T23:30:00Z', 'Asia/Seoul')).toBe('2026-12-01T08:30');
    // Either side of a change of offset (London: GMT in March before the 29th, BST after).
    expect(instantOfWallTime('2026-03-28T12:00', 'Europe/London')).toBe('2026-03-28T12:00:00.000Z');
    expect(instantOfWallTime('2026-03-29T12:00', 'Europe/London')).toBe('2026-03-29T11:00:00.000Z');
    expect(instantOfWallTime('2026-10-25T00:30', 'Europe/London')).toBe('2026-10-24T23:30:00.000Z');
    // Round trip on every hour of a day that changes offset.
    for (let hour = 0; hour < 24; hour += 1) {
      if (hour === 1) continue; // 01:00-01:59 on 29 March does not exist in London
      const wall = `2026-03-29T${String(hour).padStart(2, '0')}:15`;
      expect(wallTimeIn(instantOfWallTime(wall, 'Europe/London'), 'Europe/London')).toBe(wall);
    }
    expect(instantOfWallTime('tomorrow', 'Asia/Qatar')).toBeNull();
    expect(wallTimeIn('not a date', 'Asia/Qatar')).toBe('');
    expect(wallTimeIn(null, 'Asia/Qatar')).toBe('');
  });
});
