/**
 * The offline staff tools that key items written by an older version (docs/deploying.md; the
 * local stack runs each once): an item stripped of what this version gives it is missing from
 * its list until the tool runs, and is listed again after it; a second run changes nothing.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { tableName } from '../../lib/config.js';
import { ddb } from '../../lib/store/client.js';
import { keyCustomerLists } from '../../lib/store/customers.js';
import * as keys from '../../lib/store/keys.js';
import { keyPendingBilling } from '../../lib/store/order-children.js';
import { keyOrderStatuses } from '../../lib/store/order-counts.js';
import { keyOrderNumbers } from '../../lib/store/order-numbers.js';
import { api, demoKey, uniquePhone } from '../support/http.js';
import { placeOrder } from '../support/orders.js';

const operations = () => demoKey('operations');
const accountant = () => demoKey('accountant');
const ids = (res: { status: number; text: string; body: { data: Array<{ id: string }> } }) => {
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((record) => record.id);
};
const strip = (key: Record<string, string>, ...names: string[]) =>
  ddb.send(new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: `REMOVE ${names.join(', ')}` }));

describe('the tools that key what an older version wrote', () => {
  it('list a customer, an order by status and by number, and a pending receipt again', async () => {
    const name = `Migrated ${Date.now().toString(36)}`;
    const created = await api('POST', '/api/v1/customers', { key: operations(), body: { name, mobileNumber: uniquePhone() } });
    expect(created.status, created.text).toBe(201);
    const customer = created.body.data as { id: string };
    const order = await placeOrder(operations(), { customerId: customer.id, totalAmount: 9_000, receiptAmount: 1_000 });
    const receipt = (await api('GET', `/api/v1/orders/${order.id}/billing`, { key: accountant() })).body.data[0] as { id: string };

    const byName = () => api('GET', `/api/v1/customers?q=${encodeURIComponent(name)}&limit=10`, { key: operations() });
    // The tenant's list by status (GSI9): a customer's own list filters its orders instead.
    const byStatus = async () => {
      const listed: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await api('GET', `/api/v1/orders?status=DepositSubmitted&limit=100${cursor ? `&cursor=${cursor}` : ''}`, { key: operations() });
        listed.push(...ids(page));
        cursor = page.body.meta.nextCursor;
      } while (cursor);
      return listed.filter((id) => id === order.id);
    };
    const byNumber = () => api('GET', `/api/v1/orders?orderNumber=${order.orderNumber}`, { key: operations() });
    const pending = async () => {
      const listed: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await api('GET', `/api/v1/billing?status=Pending&limit=100${cursor ? `&cursor=${cursor}` : ''}`, { key: accountant() });
        listed.push(...ids(page));
        cursor = page.body.meta.nextCursor;
      } while (cursor);
      return listed;
    };
    expect(ids(await byName())).toEqual([customer.id]);
    expect(await byStatus()).toEqual([order.id]);
    expect(ids(await byNumber())).toEqual([order.id]);
    expect(await pending()).toContain(receipt.id);

    // As an older version left them: no list keys, no number reference.
    await strip(keys.customer(customer.id), 'gsi2pk', 'gsi2sk');
    await strip(keys.order(order.id), 'gsi9pk', 'gsi9sk');
    await ddb.send(new DeleteCommand({ TableName: tableName(), Key: keys.orderNumberRef(order.orderNumber) }));
    await strip(keys.orderChild('BILLING', order.id, receipt.id), 'gsi2pk', 'gsi2sk');
    expect(ids(await byName())).toEqual([]);
    expect(await byStatus()).toEqual([]);
    expect(ids(await byNumber())).toEqual([]);
    expect(await pending()).not.toContain(receipt.id);

    for (const tool of [keyCustomerLists, keyOrderStatuses, keyOrderNumbers, keyPendingBilling]) expect(await tool(), tool.name).toBeGreaterThanOrEqual(1);
    expect(ids(await byName())).toEqual([customer.id]);
    expect(await byStatus()).toEqual([order.id]);
    expect(ids(await byNumber())).toEqual([order.id]);
    expect(await pending()).toContain(receipt.id);

    // Run again, they find nothing of these left to key.
    expect(await keyCustomerLists()).toBe(0);
    expect(await keyOrderStatuses()).toBe(0);
    expect(await keyPendingBilling()).toBe(0);
  });
});
