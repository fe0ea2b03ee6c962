import type { Static, TProperties } from '@sinclair/typebox';
import * as Type from '@sinclair/typebox';
import { GeneratedDocumentView } from '../../schemas/document-shapes.js';
import { CustomsInvoiceFields, Order } from '../../schemas/order-shapes.js';
import { tenantPart } from '../no-tenant.js';
import { recordCodec } from '../record.js';
import { asStored } from './as-stored.js';

/** The order as the API shows it (lib/schemas/orders.ts), whose stored fields the records below take as they are. */
const view = asStored(Order).properties;

/**
 * The parts of an order kept in items of their own in its partition, so that a status move (or
 * any other change) rewrites a small item: its head. Each part is written whole, with the head's
 * version raised in the same transaction, by the changes that touch it.
 */
export const ORDER_PARTS = ['export', 'customs', 'documents', 'archive'] as const;
export type OrderPart = (typeof ORDER_PARTS)[number];

/** A generated PDF as the order keeps it (every version, oldest first; the file is in the bucket). */
const GeneratedDocumentRecord = Type.Omit(asStored(GeneratedDocumentView), ['url', 'urlExpiresAt']);
export type GeneratedDocument = Static<typeof GeneratedDocumentRecord>;

/** The customs invoice as PATCH /orders/{id}/customs-invoice stores it: the body, its language, total and when. */
const CustomsInvoiceRecord = Type.Composite([
  Type.Omit(asStored(Type.Object(CustomsInvoiceFields)), ['language']),
  Type.Object({ language: Type.Union([Type.Literal('en'), Type.Literal('ar')]), total: Type.Number(), storedAt: Type.String() }),
]);

/** The fields of each part. */
const PART_FIELDS = {
  /** The export steps and the shipment (operations, between Purchased and Delivered; shown in lists). */
  export: { exportSteps: view.exportSteps, shipment: view.shipment },
  /** The customs invoice and the customs documents as given (bounded in number and size). */
  customs: {
    customsInvoice: Type.Optional(CustomsInvoiceRecord),
    customsDocuments: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()))),
  },
  /** Generated PDFs, every version, oldest first. */
  documents: { documents: Type.Optional(Type.Array(GeneratedDocumentRecord)) },
  /** Where the copy of the car's pictures stands (written by the outbox consumer and staff retries; shown in lists). */
  archive: { imageArchive: view.imageArchive },
} as const;

/** Which part holds a field of the order; undefined for the head's own fields. */
export const partOfField = (field: string): OrderPart | undefined => ORDER_PARTS.find((part) => field in PART_FIELDS[part]);

const HEAD_FIELDS = {
  id: view.id,
  orderNumber: view.orderNumber,
  status: view.status,
  version: view.version,
  customerId: view.customerId,
  marketerId: view.marketerId,
  tenantId: view.tenantId,
  carId: view.carId,
  carDetails: view.carDetails,
  totalAmount: view.totalAmount,
  currency: view.currency,
  notes: view.notes,
  inspectionDate: view.inspectionDate,
  paidFromWallet: view.paidFromWallet,
  walletId: Type.Optional(Type.String()),
  /** The Pending receipt made from the receipt fields given at creation (record its proof of payment on it). */
  depositReceiptId: Type.Optional(Type.String()),
  /** Set once, by the transaction that refunds a cancelled wallet-paid order. */
  refundedAt: Type.Optional(Type.String()),
  /** The sequence of the order's latest notification event (its messages go out in this order). */
  notificationSeq: Type.Optional(Type.Integer()),
  customer: view.customer,
  marketer: view.marketer,
  createdByKeyId: Type.String(),
  createdAt: view.createdAt,
  updatedAt: view.updatedAt,
  /** Which parts have an item of their own (a list reads those it shows without looking for the others). */
  parts: Type.Optional(Type.Array(Type.Union(ORDER_PARTS.map((part) => Type.Literal(part))))),
};

/**
 * An order: its head and its parts together, as the use cases see it. The head item is decoded
 * with this schema too: an order written before its parts had items of their own carries them
 * on the head, and a part's own item, once written, wins over what the head carries.
 */
export const OrderRecord = Type.Object({
  ...HEAD_FIELDS,
  ...PART_FIELDS.export,
  ...PART_FIELDS.customs,
  ...PART_FIELDS.documents,
  ...PART_FIELDS.archive,
});
export type OrderRecord = Static<typeof OrderRecord>;
export type ImageArchiveState = NonNullable<OrderRecord['imageArchive']>;
export const orderCodec = recordCodec('order', OrderRecord);

/**
 * What the outbox consumer reads of an order to tell people of it: who it is for and about, and
 * the shipment's ETA. Checked on its own, so that the consumer depends on these fields only.
 */
export const OrderNoticeRecord = Type.Object({
  id: view.id,
  orderNumber: view.orderNumber,
  customerId: view.customerId,
  marketerId: view.marketerId,
  tenantId: view.tenantId,
  carDetails: view.carDetails,
  paidFromWallet: Type.Optional(view.paidFromWallet),
  customer: view.customer,
  marketer: view.marketer,
  shipment: view.shipment,
});
export type OrderNotice = Static<typeof OrderNoticeRecord>;
export const orderNoticeCodec = recordCodec('order', OrderNoticeRecord);

/** A part's item: its fields, with the order's id and scope (a write to the part alone checks the scope on it). */
const partRecord = <F extends TProperties>(fields: F) =>
  Type.Object({ orderId: Type.String(), tenantId: view.tenantId, marketerId: view.marketerId, ...fields });
export const orderPartCodecs = {
  export: recordCodec('order export part', partRecord(PART_FIELDS.export)),
  customs: recordCodec('order customs part', partRecord(PART_FIELDS.customs)),
  documents: recordCodec('order documents part', partRecord(PART_FIELDS.documents)),
  archive: recordCodec('order picture archive part', partRecord(PART_FIELDS.archive)),
};

/** One entry of the order's history: who moved it from what to what, and when (an export step or shipment note keeps the status). */
const HistoryEntryRecord = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  from: Type.Union([view.status, Type.Null()]),
  to: view.status,
  /** The user id, or the key id of a key with no user. */
  by: Type.String(),
  role: Type.String(),
  at: Type.String(),
  note: Type.Optional(Type.String()),
});
export type HistoryEntry = Static<typeof HistoryEntryRecord>;
export const historyEntryCodec = recordCodec('order history entry', HistoryEntryRecord);

/** Order detail: the order's head; its parts and everything hung on it share the partition. */
export const order = (id: string) => ({ pk: `ORDER#${id}`, sk: 'ORDER' });
export const orderPartition = (id: string) => `ORDER#${id}`;
/** A part of the order; `begins_with(sk, ORDER)` reads the head and its parts and nothing else of the partition. */
export const orderPart = (id: string, part: OrderPart) => ({ pk: `ORDER#${id}`, sk: `ORDER#${part.toUpperCase()}` });
export const orderItemsPrefix = 'ORDER';
export const partOfSortKey = (sk: string): OrderPart | undefined => ORDER_PARTS.find((part) => sk === `ORDER#${part.toUpperCase()}`);
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
export const orderIndexes = (order: { id: string; tenantId?: string; marketerId?: string; customerId: string; createdAt: string }) => ({
  gsi5pk: ordersOfTenant(order.tenantId),
  gsi5sk: `${order.createdAt}#${order.id}`,
  ...(order.marketerId ? { gsi6pk: ordersOfMarketer(order.marketerId), gsi6sk: `${order.createdAt}#${order.id}` } : {}),
  gsi7pk: ordersOfCustomer(order.customerId),
  gsi7sk: `${order.createdAt}#${order.id}`,
  gsi8pk: allOrders,
  gsi8sk: `${order.createdAt}#${order.id}`,
});
export const ordersOfTenant = (tenantId: string | undefined) => `ORDERS#T#${tenantPart(tenantId)}`;
export const ordersOfMarketer = (marketerId: string) => `ORDERS#M#${marketerId}`;
export const ordersOfCustomer = (customerId: string) => `ORDERS#C#${customerId}`;
export const allOrders = 'ORDERS';
/** Order list pages sort by createdAt: the range of sort keys between two instants (UTC ISO). */
export const createdBetween = (from: string | undefined, to: string | undefined) => ({ from: from ?? '0', to: `${to ?? '9999'}~` });
export const orderHistory = (orderId: string, at: string, id: string) => ({ pk: `ORDER#${orderId}`, sk: `HISTORY#${at}#${id}` });
