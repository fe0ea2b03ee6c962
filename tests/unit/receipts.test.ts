import { describe, expect, it } from 'vitest';
import { otherCurrencyReceipts } from '../../lib/domain/receipts.js';

describe('otherCurrencyReceipts', () => {
  it("sums the receipts in each currency other than the order's, confirmed and awaiting apart, and leaves the order's own out", () => {
    const receipts = [
      { status: 'Confirmed', amount: 2000, currency: 'USD' },
      { status: 'Confirmed', amount: 2_500_000, currency: 'KRW' },
      { status: 'Confirmed', amount: 500_000, currency: 'KRW' },
      { status: 'Pending', amount: 100_000, currency: 'KRW' },
      { status: 'Pending', amount: 36.73, currency: 'AED' },
      { status: 'Pending', amount: 0.1, currency: 'AED' },
    ];
    expect(otherCurrencyReceipts(receipts, 'USD')).toEqual([
      { currency: 'AED', totalConfirmed: 0, awaitingConfirmation: 36.83 },
      { currency: 'KRW', totalConfirmed: 3_000_000, awaitingConfirmation: 100_000 },
    ]);
  });

  it("is empty when every receipt is in the order's currency", () => {
    expect(otherCurrencyReceipts([{ status: 'Confirmed', amount: 1, currency: 'USD' }], 'USD')).toEqual([]);
  });
});
