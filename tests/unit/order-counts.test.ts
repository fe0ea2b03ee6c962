import { describe, expect, it } from 'vitest';
import { orderCounts, tallyStatuses } from '../../lib/domain/order-counts.js';
import { ORDER_STATUSES } from '../../lib/domain/order-lifecycle.js';

describe('order counts', () => {
  it('names every status, 0 when none, and totals them', () => {
    const { counts, total } = orderCounts({ Delivered: 3, Cancelled: 1 });
    expect(Object.keys(counts)).toEqual([...ORDER_STATUSES]);
    expect(counts).toMatchObject({ Delivered: 3, Cancelled: 1, DepositSubmitted: 0 });
    expect(total).toBe(4);
  });

  it('leaves out a name that is no status', () => {
    expect(orderCounts({ Lost: 5, Shipped: 2 })).toEqual(orderCounts({ Shipped: 2 }));
  });

  it("tallies a list of orders' statuses", () => {
    const { counts, total } = tallyStatuses(['Shipped', 'Shipped', 'DepositSubmitted']);
    expect(counts).toMatchObject({ Shipped: 2, DepositSubmitted: 1, Delivered: 0 });
    expect(total).toBe(3);
    expect(tallyStatuses([]).total).toBe(0);
  });
});
