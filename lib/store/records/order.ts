import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { tenantPart } from '../no-tenant.js';
import { recordCodec } from '../record.js';
import type {
  GeneratedDocumentRecord,
  HistoryEntryRecord,
  OrderNoticeRecord,
  OrderRecord as OrderSchema,
  PART_FIELDS,
} from './order.schema.js';
import { ORDER_PARTS, type OrderPart } from './order-parts.js';

export { ORDER_PARTS, type OrderPart } from './order-parts.js';

/** A generated PDF as the order keeps it (every version, oldest first; the file is in the bucket). */
export type GeneratedDocument = Static<typeof GeneratedDocumentRecord>;

/**
 * The fields of each part, by name: exactly those order.schema.ts gives each part in PART_FIELDS
 * (the `satisfies` refuses a name missing or one too many), as plain data for the store.
 */
const PART_FIELD_NAMES = {
  export: { exportSteps: true, shipment: true },
  customs: { customsInvoice: true, customsDocuments: true },
  documents: { documents: true, documentNumbers: true },
  archive: { imageArchive: true },
} as const satisfies { [P in OrderPart]: Record<keyof (typeof PART_FIELDS)[P], true> };

/** Which part holds a field of the order; undefined for the head's own fields. */
export const partOfField = (field: string): OrderPart | undefined =>
  ORDER_PARTS.find((part) => field in PART_FIELD_NAMES[part]);

/** An order: its head and its parts together, as the use cases see it (order.schema.ts). */
export type OrderRecord = Static<typeof OrderSchema>;
export type ImageArchiveState = NonNullable<OrderRecord['imageArchive']>;
export const orderCodec = /* @__PURE__ */ recordCodec('order', stored.OrderRecord);

/** What the outbox consumer reads of an order to tell people of it, checked on its own. */
export type OrderNotice = Static<typeof OrderNoticeRecord>;
export const orderNoticeCodec = /* @__PURE__ */ recordCodec('order', stored.OrderNoticeRecord);

/** A part's item: its fields, with the order's id and scope (a write to the part alone checks the scope on it). */
export const orderPartCodecs = {
  export: /* @__PURE__ */ recordCodec('order export part', stored.OrderExportPartRecord),
  customs: /* @__PURE__ */ recordCodec('order customs part', stored.OrderCustomsPartRecord),
  documents: /* @__PURE__ */ recordCodec('order documents part', stored.OrderDocumentsPartRecord),
  archive: /* @__PURE__ */ recordCodec('order picture archive part', stored.OrderArchivePartRecord),
};

/** One entry of the order's history: who moved it from what to what, and when. */
export type HistoryEntry = Static<typeof HistoryEntryRecord>;
export const historyEntryCodec = /* @__PURE__ */ recordCodec('order history entry', stored.HistoryEntryRecord);

/** Order detail: the order's head; its parts and everything hung on it share the partition. */
export const order = (id: string) => ({ pk: `ORDER#${id}`, sk: 'ORDER' });
export const orderPartition = (id: string) => `ORDER#${id}`;
/** A part of the order; `begins_with(sk, ORDER)` reads the head and its parts and nothing else of the partition. */
export const orderPart = (id: string, part: OrderPart) => ({ pk: `ORDER#${id}`, sk: `ORDER#${part.toUpperCase()}` });
export const orderItemsPrefix = 'ORDER';
export const partOfSortKey = (sk: string): OrderPart | undefined =>
  ORDER_PARTS.find((part) => sk === `ORDER#${part.toUpperCase()}`);
/**
 * Order lists, newest first, each on an index of its own that projects the keys and only what
 * the list's filters read that never changes (tenantId, customerId): a status move or an edit
 * writes none of them. A page reads its orders' heads (and the parts it shows) by key.
 */
export const orderListIndexes = {
  tenant: { index: 'GSI5', pk: 'gsi5pk', sk: 'gsi5sk' },
  marketer: { index: 'GSI6', pk: 'gsi6pk', sk: 'gsi6sk' },
  customer: { index: 'GSI7', pk: 'gsi7pk', sk: 'gsi7sk' },
  all: { index: 'GSI8', pk: 'gsi8pk', sk: 'gsi8sk' },
} as const;
export const orderIndexes = (order: {
  id: string;
  tenantId?: string;
  marketerId?: string;
  customerId: string;
  createdAt: string;
}) => ({
  gsi5pk: ordersOfTenant(order.tenantId),
  gsi5sk: `${order.createdAt}#${order.id}`,
  ...(order.marketerId ? { gsi6pk: ordersOfMarketer(order.marketerId), gsi6sk: `${order.createdAt}#${order.id}` } : {}),
  gsi7pk: ordersOfCustomer(order.customerId),
  gsi7sk: `${order.createdAt}#${order.id}`,
  gsi8pk: allOrders,
  gsi8sk: `${order.createdAt}#${order.id}`,
});
export const ordersOfTenant = (tenantId: string | undefined) => `ORDERS#T#${tenantPart(tenantId)}`;
/**
 * A tenant's orders of one status, newest first (GSI9, keys only): the head carries these keys
 * from its creation, and every status move changes them in the same update, so the status list
 * and its counts (Select COUNT) are one Query each, whatever the tenant's history.
 */
export const orderStatusList = { index: 'GSI9', pk: 'gsi9pk', sk: 'gsi9sk' } as const;
export const ordersOfStatus = (tenantId: string | undefined, status: string) =>
  `ORDERS#S#${tenantPart(tenantId)}#${status}`;
export const orderStatusIndex = (order: { id: string; tenantId?: string; status: string; createdAt: string }) => ({
  gsi9pk: ordersOfStatus(order.tenantId, order.status),
  gsi9sk: `${order.createdAt}#${order.id}`,
});
export const ordersOfMarketer = (marketerId: string) => `ORDERS#M#${marketerId}`;
export const ordersOfCustomer = (customerId: string) => `ORDERS#C#${customerId}`;
export const allOrders = 'ORDERS';
/** Order list pages sort by createdAt: the range of sort keys between two instants (UTC ISO). */
export const createdBetween = (from: string | undefined, to: string | undefined) => ({
  from: from ?? '0',
  to: `${to ?? '9999'}~`,
});
export const orderHistory = (orderId: string, at: string, id: string) => ({
  pk: `ORDER#${orderId}`,
  sk: `HISTORY#${at}#${id}`,
});
