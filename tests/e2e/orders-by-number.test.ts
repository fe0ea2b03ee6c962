/** GET /api/v1/orders?orderNumber=: one order by its number, in the caller's scope only. */
import { describe, expect, it } from 'vitest';
import { api, demoKey } from '../support/http.js';
import { newCustomer, placeOrder } from '../support/orders.js';

describe('GET /api/v1/orders?orderNumber=', () => {
  it('answers the one order with that number, with the other filters applied to it', async () => {
    const key = demoKey('accountant');
    const customer = await newCustomer();
    const order = await placeOrder(key, {
      customerId: customer.id,
      totalAmount: 12_000,
      currency: 'USD',
      carDetails: { makeEn: 'Kia', modelEn: 'K5' },
    });
    const found = await api('GET', `/api/v1/orders?orderNumber=${order.orderNumber}`, { key });
    expect(found.status, found.text).toBe(200);
    expect(found.body.data.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect(found.body.meta).toMatchObject({ total: 1, page: 1 });
    const sameStatus = await api('GET', `/api/v1/orders?orderNumber=${order.orderNumber}&status=${order.status}`, {
      key,
    });
    expect(sameStatus.body.data).toHaveLength(1);
    const otherStatus = await api('GET', `/api/v1/orders?orderNumber=${order.orderNumber}&status=Delivered`, { key });
    expect(otherStatus.body).toMatchObject({ data: [], meta: { total: 0 } });
    const otherCustomer = await api(
      'GET',
      `/api/v1/orders?orderNumber=${order.orderNumber}&customerId=${customer.id}x`,
      { key },
    );
    expect(otherCustomer.body.data).toEqual([]);
  });

  it("finds nothing out of the caller's scope, and nothing for a number never given", async () => {
    const customer = await newCustomer();
    const order = await placeOrder(demoKey('accountant'), {
      customerId: customer.id,
      totalAmount: 9_000,
      currency: 'USD',
      carDetails: { makeEn: 'Kia', modelEn: 'K5' },
    });
    for (const key of [demoKey('integrator', 'seoul'), demoKey('marketer')]) {
      const res = await api('GET', `/api/v1/orders?orderNumber=${order.orderNumber}`, { key });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toEqual([]);
    }
    const none = await api('GET', '/api/v1/orders?orderNumber=999999999', { key: demoKey('accountant') });
    expect(none.body).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('refuses a number that is not one, and a cursor beside it, with 400 naming the field', async () => {
    for (const [query, field] of [
      ['orderNumber=0', 'query.orderNumber'],
      ['orderNumber=abc', 'query.orderNumber'],
      ['orderNumber=12&cursor=eyJrIjoiYSJ9', 'query.cursor'],
    ] as const) {
      const res = await api('GET', `/api/v1/orders?${query}`, { key: demoKey('accountant') });
      expect(res.status, `${query}: ${res.text}`).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });
});
