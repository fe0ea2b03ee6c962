/**
 * Records that name their order and people to those who may not read them elsewhere: a billing
 * entry waiting for confirmation carries its order's number and customer (Today's receipts to
 * confirm), an inspection its inspector's name (for accountants and marketers, who may not list
 * the staff). Records kept from before they carried these still read, the queue's with its order's.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../lib/config.js';
import { ddb } from '../../lib/store/client.js';
import * as keys from '../../lib/store/keys.js';
import { createTenant } from '../../lib/store/tenants.js';
import { api, uniquePhone } from '../support/http.js';
import { newApiKey, newStaffUser } from '../support/staff.js';

let admin: string;
let operations: string;
let accountant: string;
let marketer: string;
let inspectorId: string;
let order: { id: string; orderNumber: number };

const ok = (res: { status: number; text: string; body: any }, status = 200) => {
  expect(res.status, res.text).toBe(status);
  return res.body;
};

/** Takes fields off a stored order child, as it was written before it carried them. */
const forget = (kind: 'BILLING' | 'INSPECTION', orderId: string, id: string, ...fields: string[]) =>
  ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.orderChild(kind, orderId, id),
      UpdateExpression: `REMOVE ${fields.map((_, i) => `#f${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(fields.map((field, i) => [`#f${i}`, field])),
    }),
  );

beforeAll(async () => {
  const subdomain = `ol${Date.now().toString(36)}`;
  const tenantId = (
    await createTenant({
      name: `Order labels ${subdomain}`,
      subdomain,
      markup: '1',
      visibleProviders: ['sk'],
      publishedOnly: false,
    })
  ).id;
  admin = (await newApiKey({ role: 'admin', tenantId })).key;
  operations = (await newApiKey({ userId: await newStaffUser('operations', tenantId) })).key;
  accountant = (await newApiKey({ userId: await newStaffUser('accountant', tenantId) })).key;
  marketer = (await newApiKey({ userId: await newStaffUser('marketer', tenantId) })).key;
  inspectorId = await newStaffUser('inspector', tenantId, { name: 'Joon Lee' });
  const customer = ok(
    await api('POST', '/api/v1/customers', {
      key: marketer,
      body: { name: 'Layla Haddad', mobileNumber: uniquePhone() },
    }),
    201,
  ).data;
  order = ok(
    await api('POST', '/api/v1/orders', {
      key: marketer,
      body: {
        customerId: customer.id,
        totalAmount: 18_500,
        currency: 'USD',
        receiptAmount: 2_000,
        receiptDescription: 'Deposit by bank transfer',
      },
    }),
    201,
  ).data;
});

describe('the billing queue names each entry’s order and customer', () => {
  it('carries the number and the customer on the receipt given with the order and on an entry recorded later', async () => {
    ok(
      await api('POST', '/api/v1/billing', {
        key: operations,
        body: { orderId: order.id, type: 'invoice', amount: 16_500, currency: 'USD', description: 'Balance due' },
      }),
      201,
    );
    const queue = ok(await api('GET', '/api/v1/billing?status=Pending&limit=10', { key: accountant })).data;
    expect(queue).toHaveLength(2);
    for (const entry of queue)
      expect(entry).toMatchObject({ orderId: order.id, orderNumber: order.orderNumber, customerName: 'Layla Haddad' });
    const listed = ok(await api('GET', `/api/v1/orders/${order.id}/billing`, { key: marketer })).data;
    expect(listed.map((e: { orderNumber: number }) => e.orderNumber)).toEqual([order.orderNumber, order.orderNumber]);
  });

  it('reads an entry recorded before it kept them, and names its order from the order', async () => {
    const [first] = ok(await api('GET', '/api/v1/billing?status=Pending&limit=10', { key: accountant })).data;
    await forget('BILLING', order.id, first.id, 'orderNumber', 'customerName');
    const listed = ok(await api('GET', `/api/v1/orders/${order.id}/billing`, { key: accountant })).data;
    expect(listed.find((e: { id: string }) => e.id === first.id).orderNumber).toBeUndefined();
    const queue = ok(await api('GET', '/api/v1/billing?status=Pending&limit=10', { key: accountant })).data;
    expect(queue.find((e: { id: string }) => e.id === first.id)).toMatchObject({
      orderNumber: order.orderNumber,
      customerName: 'Layla Haddad',
    });
  });
});

describe('an inspection names its inspector', () => {
  it("keeps the inspector's name at creation, shown to accountants and marketers, and the new name from the next change on", async () => {
    const created = ok(
      await api('POST', '/api/v1/inspections', { key: operations, body: { orderId: order.id, inspectorId } }),
      201,
    ).data;
    expect(created).toMatchObject({ inspectorId, inspectorName: 'Joon Lee' });
    for (const key of [accountant, marketer]) {
      const [listed] = ok(await api('GET', `/api/v1/orders/${order.id}/inspections`, { key })).data;
      expect(listed).toMatchObject({ id: created.id, inspectorName: 'Joon Lee' });
      expect(ok(await api('GET', `/api/v1/inspections/${created.id}`, { key })).data.inspectorName).toBe('Joon Lee');
    }
    ok(await api('PATCH', `/api/v1/users/${inspectorId}`, { key: admin, body: { name: 'Joon-ho Lee' } }));
    expect(ok(await api('GET', `/api/v1/inspections/${created.id}`, { key: accountant })).data.inspectorName).toBe(
      'Joon Lee',
    );
    const moved = ok(
      await api('PATCH', `/api/v1/inspections/${created.id}/status`, {
        key: operations,
        body: { status: 'InProgress' },
      }),
    ).data;
    expect(moved.inspectorName).toBe('Joon-ho Lee');
  });

  it('reads an inspection recorded before it kept the name, and learns the name at its next change', async () => {
    const created = ok(
      await api('POST', '/api/v1/inspections', { key: operations, body: { orderId: order.id, inspectorId } }),
      201,
    ).data;
    await forget('INSPECTION', order.id, created.id, 'inspectorName');
    const old = ok(await api('GET', `/api/v1/inspections/${created.id}`, { key: marketer })).data;
    expect(old.inspectorId).toBe(inspectorId);
    expect(old.inspectorName).toBeUndefined();
    const noted = ok(
      await api('PATCH', `/api/v1/inspections/${created.id}/status`, {
        key: operations,
        body: { notes: 'Bring the OBD reader' },
      }),
    ).data;
    expect(noted.inspectorName).toBe('Joon-ho Lee');
  });
});
