/**
 * Exact decimal arithmetic for money, on BigInt: the handful of operations money needs, with
 * decimal.js's semantics (every result rounded to 20 significant digits, half away from zero),
 * in a few hundred bytes instead of a decimal library in every function that handles money.
 * The tests check it against decimal.js itself.
 */
const PRECISION = 20;
const TEN = 10n;

const pow10 = (n: number): bigint => TEN ** BigInt(n);
const digitsOf = (value: bigint): number => (value < 0n ? -value : value).toString().length;

export class Decimal {
  /** Rounding mode of toDecimalPlaces: half away from zero (decimal.js's ROUND_HALF_UP). */
  static readonly ROUND_HALF_UP = 4;

  /** The value is units x 10^-scale; units carries no trailing zero (except for zero itself, scale 0). */
  private readonly units: bigint;
  private readonly scale: number;

  constructor(value: number | string | Decimal) {
    if (value instanceof Decimal) {
      this.units = value.units;
      this.scale = value.scale;
      return;
    }
    const text = typeof value === 'number' ? String(value) : value.trim();
    const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text);
    if (!match || `${match[2]}${match[3] ?? ''}` === '') throw new RangeError(`not a decimal number: ${text}`);
    const [, sign, whole, fraction = '', exponent = '0'] = match;
    const units = BigInt(`${sign === '-' ? '-' : ''}${whole}${fraction}` || '0');
    // As decimal.js: a value is taken exactly; only the results of operations are rounded.
    const normal = Decimal.normalised(units, fraction.length - Number(exponent), false);
    this.units = normal.units;
    this.scale = normal.scale;
  }

  private static make(units: bigint, scale: number): Decimal {
    // Past the constructor's parsing: the value is already units and scale.
    const made: Decimal = Object.create(Decimal.prototype);
    Object.assign(made, Decimal.normalised(units, scale));
    return made;
  }

  /** Rounds to PRECISION significant digits (half away from zero) when asked, and drops trailing zeros. */
  private static normalised(units: bigint, scale: number, round = true): { units: bigint; scale: number } {
    if (units === 0n) return { units: 0n, scale: 0 };
    const excess = digitsOf(units) - PRECISION;
    if (round && excess > 0) {
      units = Decimal.divideRounded(units, pow10(excess));
      scale -= excess;
    }
    while (units % TEN === 0n) {
      units /= TEN;
      scale -= 1;
    }
    return { units, scale };
  }

  /** numerator / denominator (denominator > 0), rounded half away from zero to an integer. */
  private static divideRounded(numerator: bigint, denominator: bigint): bigint {
    const quotient = numerator / denominator;
    const remainder = numerator % denominator;
    const twice = (remainder < 0n ? -remainder : remainder) * 2n;
    if (twice < denominator) return quotient;
    return numerator < 0n ? quotient - 1n : quotient + 1n;
  }

  /** Both values over a common scale. */
  private static aligned(a: Decimal, b: Decimal): [bigint, bigint, number] {
    const scale = Math.max(a.scale, b.scale);
    return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
  }

  plus(other: number | string | Decimal): Decimal {
    const [a, b, scale] = Decimal.aligned(this, new Decimal(other));
    return Decimal.make(a + b, scale);
  }

  negated(): Decimal {
    return Decimal.make(-this.units, this.scale);
  }

  times(other: number | string | Decimal): Decimal {
    const b = new Decimal(other);
    return Decimal.make(this.units * b.units, this.scale + b.scale);
  }

  div(other: number | string | Decimal): Decimal {
    const b = new Decimal(other);
    if (b.units === 0n) throw new RangeError('division by zero');
    // Enough extra digits that the quotient has more than PRECISION significant digits; the
    // rounding to PRECISION then depends only on the first digit dropped.
    const extra = PRECISION + 2 + Math.max(0, digitsOf(b.units) - digitsOf(this.units));
    const negative = this.units < 0n !== b.units < 0n;
    const magnitude =
      ((this.units < 0n ? -this.units : this.units) * pow10(extra)) / (b.units < 0n ? -b.units : b.units);
    return Decimal.make(negative ? -magnitude : magnitude, this.scale - b.scale + extra);
  }

  isNegative(): boolean {
    return this.units < 0n;
  }

  /** The number of digits after the decimal point (0 for whole numbers). */
  decimalPlaces(): number {
    return Math.max(0, this.scale);
  }

  /** Rounded to `places` decimals, half away from zero (the only mode money uses). */
  toDecimalPlaces(places: number, _rounding: typeof Decimal.ROUND_HALF_UP = Decimal.ROUND_HALF_UP): Decimal {
    if (this.scale <= places) return this;
    return Decimal.make(Decimal.divideRounded(this.units, pow10(this.scale - places)), places);
  }

  toString(): string {
    const negative = this.units < 0n;
    const digits = (negative ? -this.units : this.units).toString();
    if (this.scale <= 0) return `${negative ? '-' : ''}${digits}${'0'.repeat(-this.scale)}`;
    const padded = digits.padStart(this.scale + 1, '0');
    return `${negative ? '-' : ''}${padded.slice(0, -this.scale)}.${padded.slice(-this.scale)}`;
  }

  toNumber(): number {
    return Number(this.toString());
  }
}
