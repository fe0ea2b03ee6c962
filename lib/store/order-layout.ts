import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import { isConditionalCheckFailed } from './errors.js';
import * as keys from './keys.js';
import { partItem } from './order-assembly.js';
import type { OrderRecord } from './orders.js';
import { ORDER_PARTS, orderCodec, partOfField, type OrderPart } from './records/order.js';
import { scanEach } from './scan-each.js';

/** The list keys orders carried on the shared indexes before the lists had indexes of their own. */
const OLD_LIST_KEYS = ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'gsi4pk', 'gsi4sk'];

/**
 * Moves every order written in the earlier layout (its bulky parts on the head, its lists on
 * GSI1-4) to the current one: each part into its own item (unless one was written since: it is
 * newer), then the head, at the version it was read at, gets its list keys on GSI5-8 and loses
 * the parts and the old list keys. Readers see the order whole throughout: a part's item wins over
 * the head's copy. An order changed meanwhile is read again. An offline staff tool (a Scan):
 * the local stack runs it on a table kept from an older version; docs/deploying.md runs it in AWS.
 * With `listKeysOnly`, it only gives the heads their list keys on GSI5-8 and leaves the rest as
 * the earlier code reads it (the first step, while that code still runs). Returns the number of
 * orders moved.
 */
export async function moveOrdersToPartsLayout(options: { listKeysOnly?: boolean } = {}): Promise<number> {
  return scanEach(
    {
      TableName: tableName(),
      FilterExpression: options.listKeysOnly
        ? 'entity = :order AND attribute_not_exists(gsi8pk)'
        : 'entity = :order AND (attribute_not_exists(gsi8pk) OR attribute_exists(gsi1pk))',
      ExpressionAttributeValues: { ':order': 'order' },
    },
    (item) => moveOne(item, options.listKeysOnly ?? false),
  );
}

/**
 * Runs `move` on an order as read, its last write conditioned on that version; an order changed
 * meanwhile is read again and moved again (five tries). False when the order is gone or `move`
 * found nothing to do.
 */
async function atReadVersion(
  head: Record<string, unknown>,
  move: (order: OrderRecord, head: Record<string, unknown>) => Promise<boolean>,
): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const order = orderCodec.decode(head);
    try {
      return await move(order, head);
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
      const { Item } = await ddb.send(
        new GetCommand({ TableName: tableName(), Key: keys.order(order.id), ConsistentRead: true }),
      );
      if (!Item) return false;
      head = Item;
    }
  }
  return false;
}

const moveOne = (item: Record<string, unknown>, listKeysOnly: boolean) =>
  atReadVersion(item, async (order, head) => {
    const inline = new Map<OrderPart, Record<string, unknown>>();
    for (const [field, value] of listKeysOnly ? [] : Object.entries(order)) {
      const part = partOfField(field);
      if (part && value !== undefined) inline.set(part, { ...inline.get(part), [field]: value });
    }
    for (const [part, fields] of inline) {
      try {
        await ddb.send(
          new PutCommand({
            TableName: tableName(),
            Item: partItem(order, part, fields),
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    }
    const parts = ORDER_PARTS.filter((part) => inline.has(part) || order.parts?.includes(part));
    const indexes = keys.orderIndexes(order);
    const remove = listKeysOnly
      ? []
      : [...OLD_LIST_KEYS, ...[...inline.values()].flatMap((fields) => Object.keys(fields))].filter(
          (name) => name in head,
        );
    const names = Object.fromEntries(
      [...Object.keys(indexes), ...remove, ...(parts.length > 0 ? ['parts'] : [])].map((name, i) => [`#a${i}`, name]),
    );
    const alias = (name: string) => Object.entries(names).find(([, n]) => n === name)![0];
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.order(order.id),
        UpdateExpression: [
          `SET ${[...Object.keys(indexes).map((name) => `${alias(name)} = :${name}`), ...(parts.length > 0 ? [`${alias('parts')} = :parts`] : [])].join(', ')}`,
          ...(remove.length > 0 ? [`REMOVE ${remove.map(alias).join(', ')}`] : []),
        ].join(' '),
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { ...names, '#version': 'version' },
        ExpressionAttributeValues: {
          ...Object.fromEntries(Object.entries(indexes).map(([name, value]) => [`:${name}`, value])),
          ...(parts.length > 0 ? { ':parts': parts } : {}),
          ':version': order.version,
        },
      }),
    );
    return true;
  });

/**
 * Moves the car pictures of orders written before they had a place in the picture archive part
 * (carDetails.images on the head) to that part (carImages), so that a change to such an order no
 * longer rewrites them: first into the part (made if the order has none, keeping what it holds),
 * then off the head, at the version it was read at; readers see the pictures throughout, the
 * part's copy winning. An order changed meanwhile is read again. An offline staff tool (a Scan):
 * the local stack runs it once on a table kept from an older version; docs/deploying.md runs it
 * in AWS. Returns the number of orders moved.
 */
export async function moveOrderPicturesToArchivePart(): Promise<number> {
  return scanEach(
    {
      TableName: tableName(),
      FilterExpression: 'entity = :order AND attribute_type(carDetails.images, :list)',
      ExpressionAttributeValues: { ':order': 'order', ':list': 'L' },
    },
    movePictures,
  );
}

const movePictures = (item: Record<string, unknown>) =>
  atReadVersion(item, async (order) => {
    const images = (order.carDetails as { images?: unknown }).images;
    if (!Array.isArray(images)) return false;
    // The part as partItem writes it, without overwriting what it already holds.
    const fields = Object.fromEntries(
      Object.entries(partItem(order, 'archive', { carImages: images })).filter(
        ([name, value]) => value !== undefined && name !== 'pk' && name !== 'sk',
      ),
    );
    const names = Object.fromEntries(Object.keys(fields).map((name, i) => [`#f${i}`, name]));
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.orderPart(order.id, 'archive'),
        UpdateExpression: `SET ${Object.keys(names)
          .map(
            (alias, i) => `${alias} = ${names[alias] === 'carImages' ? `:v${i}` : `if_not_exists(${alias}, :v${i})`}`,
          )
          .join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: Object.fromEntries(Object.values(names).map((name, i) => [`:v${i}`, fields[name]])),
      }),
    );
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.order(order.id),
        UpdateExpression: 'REMOVE carDetails.images SET parts = :parts',
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: {
          ':parts': [...new Set([...(order.parts ?? []), 'archive'])].sort(),
          ':version': order.version,
        },
      }),
    );
    return true;
  });
