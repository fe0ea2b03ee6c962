/**
 * The car snapshot's pictures are stored beside their archive (the order's archive part), not on
 * its head, so that a status move or an edit rewrites a small item; every answer still shows them
 * in carDetails.images, for orders in this layout and in the one before (pictures on the head).
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { tableName } from '../../lib/config.js';
import { ddb } from '../../lib/store/client.js';
import * as keys from '../../lib/store/keys.js';
import { moveOrderPicturesToArchivePart } from '../../lib/store/order-layout.js';
import { api, demoKey } from '../support/http.js';
import { changeStatus, newCustomer, orderDetail, ordersOfCustomer, placeOrder } from '../support/orders.js';

const operations = () => demoKey('operations');
const pictures = Array.from(
  { length: 24 },
  (_, i) => `https://pictures.example.com/cars/kia-sorento-2022/${String(i + 1).padStart(2, '0')}.jpg`,
);
const carDetails = { makeEn: 'Kia', modelEn: 'Sorento', year: 2022, images: pictures, thumbnailUrl: pictures[0] };

const read = async (key: Record<string, string>) =>
  (await ddb.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

describe("an order's car pictures", () => {
  it('are kept in the archive part, not on the head, and every answer shows them in carDetails', async () => {
    const customer = await newCustomer();
    const order = await placeOrder(operations(), { customerId: customer.id, totalAmount: 21_000, carDetails });
    expect(order.carDetails).toMatchObject({ makeEn: 'Kia', images: pictures, thumbnailUrl: pictures[0] });

    const head = await read(keys.order(order.id));
    expect(head?.carDetails).toEqual({
      makeEn: 'Kia',
      modelEn: 'Sorento',
      year: 2022,
      thumbnailUrl: pictures[0],
      customerNotificationsEnabled: true,
    });
    expect(JSON.stringify(head)).not.toContain('/02.jpg');
    expect(head?.parts).toContain('archive');
    expect((await read(keys.orderPart(order.id, 'archive')))?.carImages).toEqual(pictures);

    // Turning the customer's messages off edits the head's car snapshot and leaves the pictures where they are.
    const muted = await api('PATCH', `/api/v1/orders/${order.id}/customer-notifications`, {
      key: operations(),
      body: { enabled: false, version: order.version },
    });
    expect(muted.status, muted.text).toBe(200);
    expect((await orderDetail(order.id)).carDetails).toMatchObject({
      customerNotificationsEnabled: false,
      images: pictures,
    });

    // A status move rewrites the head alone; the answer, the detail and the list still show the pictures.
    const moved = await changeStatus(order.id, operations(), {
      status: 'Cancelled',
      version: (await orderDetail(order.id)).version,
      note: 'customer changed their mind',
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.carDetails.images).toEqual(pictures);
    expect(JSON.stringify(await read(keys.order(order.id)))).not.toContain('/02.jpg');
    expect((await orderDetail(order.id)).carDetails.images).toEqual(pictures);
    expect((await ordersOfCustomer(customer.id)).map((listed) => listed.carDetails.images)).toEqual([pictures]);
  });

  it('of an order written before (on its head, with no archive part) still show, and it still moves', async () => {
    const customer = await newCustomer();
    const order = await placeOrder(operations(), { customerId: customer.id, totalAmount: 21_000, carDetails });
    // As the layout before wrote it: the pictures in the head's car snapshot, no archive part.
    const head = (await read(keys.order(order.id)))!;
    const { parts: _parts, ...rest } = head;
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...rest, carDetails: { ...head.carDetails, images: pictures } },
      }),
    );
    await ddb.send(new DeleteCommand({ TableName: tableName(), Key: keys.orderPart(order.id, 'archive') }));

    expect((await orderDetail(order.id)).carDetails.images).toEqual(pictures);
    const moved = await changeStatus(order.id, operations(), {
      status: 'Cancelled',
      version: (await orderDetail(order.id)).version,
      note: 'customer changed their mind',
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.carDetails.images).toEqual(pictures);
    expect((await ordersOfCustomer(customer.id)).map((listed) => listed.carDetails.images)).toEqual([pictures]);
  });

  it('of an order written before move to its archive part by the migration, beside what the part held, and read the same', async () => {
    const customer = await newCustomer();
    const order = await placeOrder(operations(), { customerId: customer.id, totalAmount: 21_000, carDetails });
    // The layout before: the pictures on the head; the part holds where their copy stands only.
    const head = (await read(keys.order(order.id)))!;
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...head, carDetails: { ...head.carDetails, images: pictures } },
      }),
    );
    const part = (await read(keys.orderPart(order.id, 'archive')))!;
    const { carImages: _carImages, ...imageArchiveOnly } = part;
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...imageArchiveOnly, imageArchive: { status: 'done', eventId: 'e1', objectKeys: [] } },
      }),
    );

    expect(await moveOrderPicturesToArchivePart()).toBeGreaterThanOrEqual(1);
    const moved = (await read(keys.order(order.id)))!;
    expect(JSON.stringify(moved)).not.toContain('/02.jpg');
    expect(moved.version).toBe(head.version);
    expect(await read(keys.orderPart(order.id, 'archive'))).toMatchObject({
      carImages: pictures,
      imageArchive: { status: 'done', eventId: 'e1', objectKeys: [] },
      tenantId: head.tenantId,
      orderId: order.id,
    });
    expect((await orderDetail(order.id)).carDetails.images).toEqual(pictures);
    // Run again, it finds nothing of this order to move.
    await moveOrderPicturesToArchivePart();
    expect((await read(keys.orderPart(order.id, 'archive')))?.carImages).toEqual(pictures);
  });

  it('are not made up for a car given without pictures', async () => {
    const customer = await newCustomer();
    const order = await placeOrder(operations(), {
      customerId: customer.id,
      totalAmount: 9_000,
      carDetails: { makeEn: 'Kia', modelEn: 'K5' },
    });
    expect(order.carDetails).not.toHaveProperty('images');
    expect((await read(keys.order(order.id)))?.parts ?? []).not.toContain('archive');
    expect((await orderDetail(order.id)).carDetails).not.toHaveProperty('images');
  });
});
