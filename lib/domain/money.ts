import { Decimal } from './decimal.js';

/** ISO 4217 minor units that differ from 2; every other currency has 2 decimals. */
const minorUnitExceptions: Record<string, number> = {
  KRW: 0,
  JPY: 0,
  VND: 0,
  CLP: 0,
  ISK: 0,
  UGX: 0,
  XAF: 0,
  XOF: 0,
  PYG: 0,
  RWF: 0,
  KMF: 0,
  GNF: 0,
  VUV: 0,
  XPF: 0,
  DJF: 0,
  BHD: 3,
  KWD: 3,
  OMR: 3,
  JOD: 3,
  IQD: 3,
  LYD: 3,
  TND: 3,
};

export const minorUnits = (currency: string): number => minorUnitExceptions[currency] ?? 2;

/** True when the amount has no more decimals than the currency allows (USD 10.5 yes, 10.555 no; KRW 1000.5 no). */
function fitsCurrency(amount: number, currency: string): boolean {
  return new Decimal(amount).decimalPlaces() <= minorUnits(currency);
}

/**
 * What an amount with more decimals than its currency allows must be instead, with the amount
 * rounded to fit as the example (no problem, undefined, when it fits).
 */
export function decimalsProblem(amount: number, currency: string): string | undefined {
  if (fitsCurrency(amount, currency)) return undefined;
  const places = minorUnits(currency);
  const rounded = new Decimal(amount).toDecimalPlaces(places).toString();
  return places === 0
    ? `must be a whole number in ${currency}, e.g. ${rounded}`
    : `must have at most ${places} decimals in ${currency}, e.g. ${rounded}`;
}

/** Each amount (named by its field) with more decimals than `currency` allows, as field problems. */
export function decimalsProblems(
  amounts: ReadonlyArray<{ field: string; amount: number }>,
  currency: string,
): Array<{ field: string; message: string }> {
  return amounts.flatMap(({ field, amount }) => {
    const message = decimalsProblem(amount, currency);
    return message ? [{ field, message }] : [];
  });
}

/** Exact decimal addition for money; numbers go in and out, the arithmetic never touches floats. */
export const sumMoney = (values: readonly number[]): number =>
  values.reduce((acc, v) => acc.plus(v), new Decimal(0)).toNumber();

/** ISO 4217 codes this runtime knows (Intl), so "ABC" is refused rather than stored as money. */
const isoCurrencies = new Set(Intl.supportedValuesOf('currency'));
export const isIsoCurrency = (code: string): boolean => isoCurrencies.has(code);
