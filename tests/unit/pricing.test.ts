import { describe, expect, it } from 'vitest';
import { convertPrice, missingRateReason, resolveRate, USD_PEGS } from '../../lib/catalogue/pricing.js';

const rates = new Map([
  ['KRW->USD', '0.00072'],
  ['USD->AED', '3.6725'],
  ['USD->SAR', '3.75'],
]);

describe('convertPrice', () => {
  // Hand-computed: 1,590 x 10,000 = 15,900,000 KRW; x 1.08 markup = 17,172,000 KRW.
  it('converts a 2017 Grandeur at 1,590 with an 8% markup to USD', () => {
    expect(convertPrice(1590, '1.08', resolveRate(rates, 'KRW', 'USD')!, 'USD')).toBe(12363.84);
  });

  it('knows the Gulf pegs without a stored rate (QAR, OMR, BHD), and a stored rate wins over a peg', () => {
    // The Kuwaiti dinar follows a basket: it is not among them.
    expect(Object.keys(USD_PEGS).sort()).toEqual(['AED', 'BHD', 'OMR', 'QAR', 'SAR']);
    const krwToUsdOnly = new Map([['KRW->USD', '0.00072']]);
    // 12,363.84 USD x 3.64 = 45,004.3776 -> 45,004.38 QAR; x 0.3845 = 4,753.896... -> 4,753.896 OMR (3 decimals); x 0.376 = 4,648.80384 -> 4,648.804 BHD
    expect(convertPrice(1590, '1.08', resolveRate(krwToUsdOnly, 'KRW', 'QAR')!, 'QAR')).toBe(45004.38);
    expect(convertPrice(1590, '1.08', resolveRate(krwToUsdOnly, 'KRW', 'OMR')!, 'OMR')).toBe(4753.896);
    expect(convertPrice(1590, '1.08', resolveRate(krwToUsdOnly, 'KRW', 'BHD')!, 'BHD')).toBe(4648.804);
    // The dinar follows a basket: no peg, so no rate until the table has one.
    expect(resolveRate(krwToUsdOnly, 'KRW', 'KWD')).toBeUndefined();
    expect(missingRateReason(krwToUsdOnly, 'KRW', 'KWD')).toMatch(/no rate from USD to KWD/);
    expect(missingRateReason(new Map(), 'KRW', 'QAR')).toMatch(/no KRW->USD rate/);
    expect(
      convertPrice(1590, '1.08', resolveRate(new Map([...krwToUsdOnly, ['USD->KWD', '0.307']]), 'KRW', 'KWD')!, 'KWD'),
    ).toBe(3795.699);
    expect(resolveRate(new Map([...krwToUsdOnly, ['USD->QAR', '3.65']]), 'KRW', 'QAR')!.toString()).toBe('0.002628');
  });

  it('goes through the USD peg for AED and SAR', () => {
    // 12,363.84 x 3.6725 = 45,406.2024 -> 45,406.20; 12,363.84 x 3.75 = 46,364.40
    expect(convertPrice(1590, '1.08', resolveRate(rates, 'KRW', 'AED')!, 'AED')).toBe(45406.2);
    expect(convertPrice(1590, '1.08', resolveRate(rates, 'KRW', 'SAR')!, 'SAR')).toBe(46364.4);
  });

  it('keeps KRW in whole won', () => {
    expect(convertPrice(2190, '1.15', resolveRate(rates, 'KRW', 'KRW')!, 'KRW')).toBe(25_185_000);
    expect(convertPrice(0.00033, '1', resolveRate(rates, 'KRW', 'KRW')!, 'KRW')).toBe(3);
  });

  it('rounds once, at the end, half away from zero', () => {
    // 1 x 10,000 x 1 x 0.000000625 = 0.00625 exactly -> 0.01 (floats would give 0.0062499...)
    expect(convertPrice(1, '1', resolveRate(new Map([['KRW->USD', '0.000000625']]), 'KRW', 'USD')!, 'USD')).toBe(0.01);
    // Rounding each step would give 0.01 x 1.5 = 0.02; once at the end: 0.00624 x 1.5 = 0.00936 -> 0.01
    expect(convertPrice(1, '1.5', resolveRate(new Map([['KRW->USD', '0.000000624']]), 'KRW', 'USD')!, 'USD')).toBe(
      0.01,
    );
  });

  it('is exact where binary floats are not', () => {
    // 0.1 + 0.2 style trap: 3 x 10,000 x 1.1 x 0.00072 = 23.76 exactly
    expect(convertPrice(3, '1.1', resolveRate(rates, 'KRW', 'USD')!, 'USD')).toBe(23.76);
  });
});

describe('resolveRate', () => {
  it('is undefined for a pair with no path', () => {
    expect(resolveRate(rates, 'KRW', 'JPY')).toBeUndefined();
  });

  it('uses a stored pair in reverse when only the other way round is known', () => {
    expect(resolveRate(new Map([['USD->KRW', '1250']]), 'KRW', 'USD')!.toString()).toBe('0.0008');
  });
});
