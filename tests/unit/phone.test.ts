import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePhone } from '../../lib/domain/phone.js';

describe('normalizePhone', () => {
  it.each([
    ['+971501234567', '+971501234567'],
    ['+971 50 123 4567', '+971501234567'],
    ['+971-50-1234567', '+971501234567'],
    ['+971 (50) 123.4567', '+971501234567'],
    ['  +971501234567  ', '+971501234567'],
    ['00971501234567', '+971501234567'],
    ['00 971 50 123 4567', '+971501234567'],
    ['+82 10-1234-5678', '+821012345678'],
    ['+1 202 555 0143', '+12025550143'],
  ])('normalises %s to E.164 %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it('gives the same number for the spaced and the compact form, so they are one customer', () => {
    expect(normalizePhone('+971 50 123 4567')).toBe(normalizePhone('+971501234567'));
  });

  it.each([
    ['no country code (national format)', '0501234567'],
    ['no country code (bare digits)', '501234567'],
    ['a single leading zero instead of 00', '0971501234567'],
    ['letters', '+97150abc4567'],
    ['words', 'call me maybe'],
    ['too short', '+97150'],
    ['too short for the country', '+9715012'],
    ['too long', '+9715012345678901234'],
    ['an empty string', ''],
    ['only a plus', '+'],
    ['a plus in the middle', '971+501234567'],
    ['two plus signs', '++971501234567'],
    ['an unknown country code', '+999501234567'],
  ])('rejects %s', (_label, input) => {
    expect(normalizePhone(input)).toBeUndefined();
  });

  it('is idempotent: normalising an E.164 result gives it back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), (n) => {
        const e164 = normalizePhone(`+97150${String(n).padStart(7, '0')}`);
        return e164 !== undefined && normalizePhone(e164) === e164;
      }),
    );
  });

  it('ignores spacing, dashes and the 00 prefix for any UAE mobile number', () => {
    const separators = fc.constantFrom('', ' ', '-', '.');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), separators, fc.boolean(), (n, sep, doubleZero) => {
        const digits = String(n).padStart(7, '0');
        const compact = `+97150${digits}`;
        const formatted = `${doubleZero ? '00' : '+'}971${sep}50${sep}${digits.slice(0, 3)}${sep}${digits.slice(3)}`;
        return normalizePhone(formatted) === compact;
      }),
    );
  });
});

describe('the calling-code table (lib/data/calling-codes.ts)', () => {
  it('is what scripts/phone/build-calling-codes.ts makes from the installed libphonenumber-js metadata', async () => {
    const { readFileSync } = await import('node:fs');
    const { callingCodesSource } = await import('../../scripts/phone/build-calling-codes.js');

    expect(readFileSync(new URL('../../lib/data/calling-codes.ts', import.meta.url), 'utf8')).toBe(
      callingCodesSource(),
    );
  });

  it("normalises every country's example mobile number, written as people write it, exactly as libphonenumber-js does", async () => {
    const { parsePhoneNumberFromString, getExampleNumber } = await import('libphonenumber-js/min');
    const examples = (await import('libphonenumber-js/examples.mobile.json', { with: { type: 'json' } })).default;
    const { getCountries } = await import('libphonenumber-js/min');
    const differences: string[] = [];
    let checked = 0;
    for (const country of getCountries()) {
      const example = getExampleNumber(country, examples);
      if (!example) continue;
      for (const written of [example.formatInternational(), example.number, `00${example.number.slice(1)}`]) {
        const library = parsePhoneNumberFromString(written.startsWith('00') ? `+${written.slice(2)}` : written);
        const expected = library?.isPossible() ? library.number : undefined;
        checked += 1;
        if (normalizePhone(written) !== expected)
          differences.push(`${country} ${written}: ${normalizePhone(written)} against ${expected}`);
      }
    }
    expect(checked).toBeGreaterThan(600);
    expect(differences).toEqual([]);
  });
});
