/**
 * The offline staff tools that key items written by an older version (docs/deploying.md; the
 * local stack runs each once): an item stripped of what this version gives it is missing from
 * its list until the tool runs, and is listed again after it; a second run changes nothing. The
 * same for the conversion of a catalogue snapshot that the car list no longer maps.
 */
import { gzipSync } from 'node:zlib';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { readObject } from '../../lib/archive/objects.js';
import { writeObject } from '../../lib/archive/s3.js';
import { toRow } from '../../lib/catalogue/car-row.js';
import { allRows } from '../../lib/catalogue/catalogue-index.js';
import { decodeSnapshot, isCurrentSnapshot, snapshotKey } from '../../lib/catalogue/snapshot.js';
import { putCataloguePointer } from '../../lib/store/cars.js';
import { upgradeCatalogueSnapshot } from '../../lib/use-cases/catalogue-feeds/upgrade-snapshot.js';
import { ensureTableAndBucket } from '../../scripts/local/bootstrap.js';
import { generateCars } from '../../scripts/demo-catalogue/generate.js';
import { tableName } from '../../lib/config.js';
import { ddb } from '../../lib/store/client.js';
import { keyCustomerLists } from '../../lib/store/customers.js';
import * as keys from '../../lib/store/keys.js';
import { keyPendingBilling } from '../../lib/store/order-children.js';
import { keyOrderStatuses } from '../../lib/store/order-counts.js';
import { moveOrdersToPartsLayout } from '../../lib/store/order-layout.js';
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
    const created = await api('POST', '/api/v1/customers', {
      key: operations(),
      body: { name, mobileNumber: uniquePhone() },
    });
    expect(created.status, created.text).toBe(201);
    const customer = created.body.data as { id: string };
    const order = await placeOrder(operations(), { customerId: customer.id, totalAmount: 9_000, receiptAmount: 1_000 });
    const receipt = (await api('GET', `/api/v1/orders/${order.id}/billing`, { key: accountant() })).body.data[0] as {
      id: string;
    };

    const byName = () => api('GET', `/api/v1/customers?q=${encodeURIComponent(name)}&limit=10`, { key: operations() });
    // The tenant's list by status (GSI9): a customer's own list filters its orders instead.
    const byStatus = async () => {
      const listed: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await api(
          'GET',
          `/api/v1/orders?status=DepositSubmitted&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
          { key: operations() },
        );
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
        const page = await api('GET', `/api/v1/billing?status=Pending&limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
          key: accountant(),
        });
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

    for (const tool of [keyCustomerLists, keyOrderStatuses, keyOrderNumbers, keyPendingBilling])
      expect(await tool(), tool.name).toBeGreaterThanOrEqual(1);
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

describe('the move to the order lists of their own (GSI5-8)', () => {
  it('gives an order without its list keys its keys back, at its version', async () => {
    const created = await api('POST', '/api/v1/customers', {
      key: operations(),
      body: { name: `Lists ${Date.now().toString(36)}`, mobileNumber: uniquePhone() },
    });
    expect(created.status, created.text).toBe(201);
    const order = await placeOrder(operations(), { customerId: created.body.data.id, totalAmount: 9_000 });
    const read = async () =>
      (await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.order(order.id), ConsistentRead: true })))
        .Item!;
    const before = await read();
    const listKeys = ['gsi5pk', 'gsi5sk', 'gsi7pk', 'gsi7sk', 'gsi8pk', 'gsi8sk'];

    // On a table of its own: the tool scans the whole table, and the stack's holds other tests' odd records.
    const name = `vpo-lists-${Date.now().toString(36)}`;
    const kept = { TABLE_NAME: process.env.TABLE_NAME, BUCKET_NAME: process.env.BUCKET_NAME };
    await ensureTableAndBucket(name, name);
    Object.assign(process.env, { TABLE_NAME: name, BUCKET_NAME: name });
    try {
      // The head as an older version left it: no list keys.
      await ddb.send(
        new PutCommand({
          TableName: name,
          Item: Object.fromEntries(Object.entries(before).filter(([key]) => !listKeys.includes(key))),
        }),
      );
      expect(await moveOrdersToPartsLayout({ listKeysOnly: true })).toBe(1);

      const after = await read();
      for (const key of listKeys) expect(after[key], key).toBe(before[key]);
      expect(after).toEqual(before);
      expect(await moveOrdersToPartsLayout({ listKeysOnly: true })).toBe(0);
    } finally {
      Object.assign(process.env, kept);
      await new DynamoDBClient({}).send(new DeleteTableCommand({ TableName: name }));
    }
  });
});

describe('the conversion of a catalogue snapshot of an older format', () => {
  it('makes the list serve again a stage whose last import an older version wrote, with every car as it was', async () => {
    // A table and bucket of their own: the stack's catalogue is shared by every test.
    const name = `vpo-snapshot-${Date.now().toString(36)}`;
    const kept = { TABLE_NAME: process.env.TABLE_NAME, BUCKET_NAME: process.env.BUCKET_NAME };
    await ensureTableAndBucket(name, name);
    Object.assign(process.env, { TABLE_NAME: name, BUCKET_NAME: name });
    try {
      expect(await upgradeCatalogueSnapshot()).toBe('no catalogue');
      // Before the first import there is no snapshot: the list, its changes and the trims are empty.
      vi.resetModules();
      const cars = await import('../../lib/use-cases/cars.js');
      const staff = { keyId: 'k-staff', role: 'admin' as const, allowedRoutes: [] };
      const first = { page: 1, limit: 20, sortBy: 'createdAt', sortOrder: 'desc' } as const;
      expect(await cars.listCars(staff, { ...first, currency: 'USD' })).toMatchObject({
        data: [],
        meta: { total: 0, currency: { code: 'USD' } },
      });
      expect(await cars.listCars(staff, { ...first, updatedSince: new Date().toISOString() })).toMatchObject({
        data: [],
        meta: { total: 0 },
      });
      expect(await cars.listTrims(staff, { makeEn: 'Kia' })).toEqual([]);
      const rows = [...generateCars({ count: 40, seed: 3, imageBaseUrl: 'http://127.0.0.1/img' })].map((car) =>
        toRow(car),
      );
      const fields = Object.keys(rows[0]!);
      // The format before the binary ones: gzipped JSON, field names then one array of values per car.
      const older = gzipSync(
        JSON.stringify({
          version: 'v-json',
          fields,
          rows: rows.map((row) => fields.map((f) => (row as unknown as Record<string, unknown>)[f] ?? null)),
        }),
      );
      await writeObject(name, snapshotKey('v-json'), older, 'application/octet-stream');
      expect(
        await putCataloguePointer(
          {
            version: 'v-json',
            objectKey: snapshotKey('v-json'),
            count: rows.length,
            createdAt: new Date().toISOString(),
          },
          undefined,
        ),
      ).toBe(true);

      // A cold container refuses it with 503 and says to retry, rather than failing with 500.
      vi.resetModules();
      const cold = await import('../../lib/catalogue/live.js');
      await expect(cold.currentCatalogue()).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        retryAfterSeconds: expect.any(Number),
      });

      expect(await upgradeCatalogueSnapshot()).toBe('upgraded');
      const stored = await readObject(name, snapshotKey('v-json'));
      expect(isCurrentSnapshot(stored)).toBe(true);
      expect(await upgradeCatalogueSnapshot()).toBe('current');

      // The same container, once its refusal has expired, serves every car of the same version.
      const served = await cold.currentCatalogue(Date.now() + 3_600_000);
      expect(allRows(served!)).toEqual(rows);
      expect(decodeSnapshot(stored).version).toBe('v-json');

      // A pointer whose snapshot is gone from the bucket is left to the next import, not an error (npm start runs this).
      await putCataloguePointer(
        { version: 'v-gone', objectKey: snapshotKey('v-gone'), count: 1, createdAt: new Date().toISOString() },
        'v-json',
      );
      expect(await upgradeCatalogueSnapshot()).toBe('snapshot missing');
    } finally {
      Object.assign(process.env, kept);
      await new DynamoDBClient({}).send(new DeleteTableCommand({ TableName: name }));
    }
  });
});
