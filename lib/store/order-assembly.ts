import * as keys from './keys.js';
import {
  orderCodec,
  orderPartCodecs,
  partOfField,
  partOfSortKey,
  type OrderPart,
  type OrderRecord,
} from './records/order.js';

/*
 * An order is a small head plus its parts, each in an item of its own (docs/layout.md): how an
 * order is split into those items and put together from them again.
 */

type Item = Record<string, unknown>;

/**
 * The order split into its head's fields and each part's fields (a part only when it has some).
 * The car snapshot's pictures go to the archive part (as carImages), the rest of it stays on the
 * head, where notices and lists read the car's name.
 */
export function split(order: OrderRecord): { head: Item; parts: Map<OrderPart, Item> } {
  const head: Item = {};
  const parts = new Map<OrderPart, Item>();
  for (const [field, value] of Object.entries(order)) {
    if (value === undefined || field === 'parts') continue;
    const part = partOfField(field);
    if (part) parts.set(part, { ...parts.get(part), [field]: value });
    else head[field] = value;
  }
  const { images, ...car } = order.carDetails as Item;
  if (Array.isArray(images)) {
    head.carDetails = car;
    parts.set('archive', { ...parts.get('archive'), carImages: images });
  }
  return { head, parts };
}

/** A part's item: written whole, beside the head whose version guards it. */
export const partItem = (
  order: Pick<OrderRecord, 'id' | 'tenantId' | 'marketerId'>,
  part: OrderPart,
  fields: Item,
): Item => ({
  ...keys.orderPart(order.id, part),
  entity: 'orderPart',
  orderId: order.id,
  tenantId: order.tenantId,
  marketerId: order.marketerId,
  ...fields,
});

/** The order from its head item and its parts' items (a part's own item wins over what an older head carries). */
export function assemble(head: Item, partItems: Item[]): OrderRecord {
  let order = orderCodec.decode(head);
  for (const item of partItems) {
    const part = partOfSortKey(String(item.sk));
    if (!part) continue;
    const { orderId: _o, tenantId: _t, marketerId: _m, ...fields } = orderPartCodecs[part].decode(item);
    if ('carImages' in fields) {
      const { carImages, ...rest } = fields;
      order = { ...order, ...rest, carDetails: { ...order.carDetails, images: carImages } };
    } else order = { ...order, ...fields };
  }
  return order;
}
