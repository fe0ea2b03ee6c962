import { Decimal } from '../domain/decimal.js';
import { minorUnits } from '../domain/money.js';

/** Units of `to` per one `from`, as decimal strings, keyed "FROM->TO". */
export type RateTable = ReadonlyMap<string, string>;

const pair = (from: string, to: string) => `${from}->${to}`;

function direct(rates: RateTable, from: string, to: string): Decimal | undefined {
  if (from === to) return new Decimal(1);
  const rate = rates.get(pair(from, to));
  if (rate !== undefined) return new Decimal(rate);
  const inverse = rates.get(pair(to, from));
  return inverse !== undefined ? new Decimal(1).div(inverse) : undefined;
}

/**
 * KRW -> currency: a stored pair (either way round), or through USD (the Gulf currencies are
 * pegged to it, so KRW->USD plus the pegs covers them). Undefined when no path exists.
 */
export function resolveRate(rates: RateTable, from: string, to: string): Decimal | undefined {
  const known = direct(rates, from, to);
  if (known) return known;
  const toUsd = direct(rates, from, 'USD');
  const fromUsd = direct(rates, 'USD', to);
  return toUsd && fromUsd ? toUsd.times(fromUsd) : undefined;
}

/**
 * price (10,000 KRW units) x 10,000 x markup x rate, in exact decimals, rounded once at the end
 * to the currency's minor unit, half away from zero.
 */
export function convertPrice(price: number, markup: string, rate: Decimal, currency: string): number {
  return new Decimal(price).times(10_000).times(markup).times(rate).toDecimalPlaces(minorUnits(currency), Decimal.ROUND_HALF_UP).toNumber();
}
