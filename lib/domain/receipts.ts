import { sumMoney } from './money.js';

/** What a receipt needs to be counted. */
interface Receipt {
  status: string;
  amount: number;
  currency: string;
}

/** Money received in one currency other than the order's: never converted, so never counted towards the order. */
export interface OtherCurrencyReceipts {
  currency: string;
  totalConfirmed: number;
  awaitingConfirmation: number;
}

/**
 * Receipts in currencies other than the order's, summed per currency (alphabetical): the order's
 * totals count its own currency only (nothing is converted), and these are shown beside them so
 * money received in another currency is never silently left out.
 */
export function otherCurrencyReceipts(receipts: readonly Receipt[], orderCurrency: string): OtherCurrencyReceipts[] {
  const currencies = [...new Set(receipts.map((r) => r.currency).filter((c) => c !== orderCurrency))].sort();
  return currencies.map((currency) => {
    const inCurrency = receipts.filter((r) => r.currency === currency);
    return {
      currency,
      totalConfirmed: sumMoney(inCurrency.filter((r) => r.status === 'Confirmed').map((r) => r.amount)),
      awaitingConfirmation: sumMoney(inCurrency.filter((r) => r.status !== 'Confirmed').map((r) => r.amount)),
    };
  });
}
