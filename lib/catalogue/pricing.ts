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
 * Units per US dollar of the Gulf currencies pegged to it, fixed by their central banks. The
 * Kuwaiti dinar follows a basket, so its rate comes from the rate table like any other.
 */
export const USD_PEGS: Readonly<Record<string, string>> = {
  AED: '3.6725',
  SAR: '3.75',
  QAR: '3.64',
  OMR: '0.3845',
  BHD: '0.376',
};

/** The rate table with the pegs beside it: a stored rate wins. */
const withPegs = (rates: RateTable, from: string, to: string): Decimal | undefined =>
  direct(rates, from, to) ??
  (from === 'USD' && USD_PEGS[to]
    ? new Decimal(USD_PEGS[to])
    : to === 'USD' && USD_PEGS[from]
      ? new Decimal(1).div(USD_PEGS[from])
      : undefined);

/**
 * KRW -> currency: a stored pair (either way round), or through USD (the Gulf currencies are
 * pegged to it, so KRW->USD plus the pegs covers them). Undefined when no path exists.
 */
export function resolveRate(rates: RateTable, from: string, to: string): Decimal | undefined {
  const known = withPegs(rates, from, to);
  if (known) return known;
  const toUsd = withPegs(rates, from, 'USD');
  const fromUsd = withPegs(rates, 'USD', to);
  return toUsd && fromUsd ? toUsd.times(fromUsd) : undefined;
}

/** Why there is no rate from `from` to `to`, in words a client can show; undefined when there is one. */
export function missingRateReason(rates: RateTable, from: string, to: string): string | undefined {
  if (resolveRate(rates, from, to)) return undefined;
  if (!withPegs(rates, from, 'USD'))
    return `no ${from}->USD rate is set: platform staff set it with \`cli rates set --from ${from} --to USD\``;
  return `no rate from USD to ${to} is set (nor from ${from}): platform staff set one with \`cli rates set --from USD --to ${to}\``;
}

/**
 * price (10,000 KRW units) x 10,000 x markup x rate, in exact decimals, rounded once at the end
 * to the currency's minor unit, half away from zero.
 */
export function convertPrice(price: number, markup: string, rate: Decimal, currency: string): number {
  return new Decimal(price)
    .times(10_000)
    .times(markup)
    .times(rate)
    .toDecimalPlaces(minorUnits(currency), Decimal.ROUND_HALF_UP)
    .toNumber();
}
