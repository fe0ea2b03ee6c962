/**
 * The money arithmetic (lib/domain/decimal.ts) against decimal.js, the library it replaces in
 * the bundles: same results for every operation money uses, on random values, including the
 * rounding to 20 significant digits and to a currency's minor units.
 */
import { Decimal as Reference } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../lib/domain/decimal.js';

/** Amounts and rates as the service sees them: numbers with up to 12 decimals, and decimal strings. */
const amount = fc.oneof(
  fc
    .integer({ min: -1e9, max: 1e9 })
    .chain((units) => fc.integer({ min: 0, max: 6 }).map((places) => units / 10 ** places)),
  fc.double({ min: -1e12, max: 1e12, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, 0.1, 0.2, 0.3, 1e-7, 123456789.123456, 1e21, -0.005, 0.00072, 3.6725),
);
const decimalText = fc
  .tuple(
    fc.bigInt({ min: 0n, max: 999_999_999_999n }),
    fc.bigInt({ min: 0n, max: 999_999_999_999n }),
    fc.integer({ min: 0, max: 12 }),
  )
  .map(([whole, fraction, places]) =>
    places === 0 ? `${whole}` : `${whole}.${fraction.toString().padStart(12, '0').slice(0, places)}`,
  );
const nonZeroText = decimalText.filter((t) => !/^0(\.0*)?$/.test(t));

const same = (mine: Decimal, theirs: Reference) =>
  expect(mine.toString()).toBe(new Decimal(theirs.toFixed()).toString());

describe('Decimal, against decimal.js', () => {
  it('adds, negates and multiplies as decimal.js does, rounding results to 20 significant digits', () => {
    fc.assert(
      fc.property(amount, amount, decimalText, (a, b, c) => {
        same(new Decimal(a).plus(b), new Reference(a).plus(b));
        same(new Decimal(a).negated(), new Reference(a).negated());
        expect(new Decimal(a).plus(b).isNegative()).toBe(
          new Reference(a).plus(b).isNegative() && !new Reference(a).plus(b).isZero(),
        );
        same(new Decimal(a).times(b).times(c), new Reference(a).times(b).times(c));
        // -0 and 0 are the same amount of money (decimal.js keeps the sign of a negative zero; this does not).
        expect(new Decimal(a).plus(b).toNumber() + 0).toBe(new Reference(a).plus(b).toNumber() + 0);
      }),
      { numRuns: 3000 },
    );
  });

  it('divides as decimal.js does, to 20 significant digits, half away from zero', () => {
    fc.assert(
      fc.property(fc.oneof(decimalText, fc.constant('1')), nonZeroText, (a, b) => {
        same(new Decimal(a).div(b), new Reference(a).div(b));
      }),
      { numRuns: 3000 },
    );
  });

  it("rounds to a currency's decimals half away from zero, and counts decimals, as decimal.js does", () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 3 }), (a, places) => {
        same(
          new Decimal(a).toDecimalPlaces(places, Decimal.ROUND_HALF_UP),
          new Reference(a).toDecimalPlaces(places, Reference.ROUND_HALF_UP),
        );
        expect(new Decimal(a).decimalPlaces()).toBe(new Reference(a).decimalPlaces());
      }),
      { numRuns: 3000 },
    );
  });

  it('prices a car exactly as before: price x 10,000 x markup x rate, rounded once to the currency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000 }),
        decimalText,
        nonZeroText,
        fc.integer({ min: 0, max: 3 }),
        (price, markup, inverse, places) => {
          const mine = new Decimal(price)
            .times(10_000)
            .times(markup)
            .times(new Decimal(1).div(inverse))
            .toDecimalPlaces(places, Decimal.ROUND_HALF_UP)
            .toNumber();
          const theirs = new Reference(price)
            .times(10_000)
            .times(markup)
            .times(new Reference(1).div(inverse))
            .toDecimalPlaces(places, Reference.ROUND_HALF_UP)
            .toNumber();
          expect(mine).toBe(theirs);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('is exact where floating point is not', () => {
    expect(new Decimal(0.1).plus(0.2).toNumber()).toBe(0.3);
    expect(new Decimal('2.675').toDecimalPlaces(2).toNumber()).toBe(2.68);
    expect(new Decimal(-2.5).toDecimalPlaces(0).toNumber()).toBe(-3);
    expect(new Decimal(1e-7).decimalPlaces()).toBe(7);
  });

  it('refuses what is not a number', () => {
    expect(() => new Decimal('abc')).toThrow(RangeError);
    expect(() => new Decimal(Number.NaN)).toThrow(RangeError);
    expect(() => new Decimal(1).div(0)).toThrow(RangeError);
  });
});
