import type { TProperties } from '@sinclair/typebox';
import * as Type from '@sinclair/typebox';
import { EXPORT_STEPS } from '../../domain/export-steps.js';
import { GeneratedDocumentView } from '../../schemas/document-shapes.js';
import { CustomsInvoiceFields, Order } from '../../schemas/order-shapes.js';
import { asStored } from './as-stored.js';
import { ORDER_PARTS } from './order-parts.js';
import { OrderTrackingRecord } from './tracking-link.schema.js';

/** The order as the API shows it (lib/schemas/orders.ts), whose stored fields the records below take as they are. */
const view = asStored(Order).properties;

/** A generated PDF as the order keeps it (every version, oldest first; the file is in the bucket). */
export const GeneratedDocumentRecord = Type.Omit(asStored(GeneratedDocumentView), ['url', 'urlExpiresAt']);

/** The customs invoice as PATCH /orders/{id}/customs-invoice stores it: the body, its language, total and when. */
const CustomsInvoiceRecord = Type.Composite([
  Type.Omit(asStored(Type.Object(CustomsInvoiceFields)), ['language']),
  Type.Object({
    language: Type.Union([Type.Literal('en'), Type.Literal('ar')]),
    total: Type.Number(),
    storedAt: Type.String(),
  }),
]);

/** The fields of each part (lib/store/records/order.ts names them for the store, checked against these). */
export const PART_FIELDS = {
  /** The export steps and the shipment (operations, between Purchased and Delivered; shown in lists). */
  export: { exportSteps: view.exportSteps, shipment: view.shipment },
  /** The customs invoice and the customs documents as given (bounded in number and size). */
  customs: {
    customsInvoice: Type.Optional(CustomsInvoiceRecord),
    customsDocuments: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()))),
  },
  /** Generated PDFs, every version, oldest first. */
  documents: {
    documents: Type.Optional(Type.Array(GeneratedDocumentRecord)),
    /** The order's numbers in the tenant's invoice series, given at first generation and kept (lib/store/document-series.ts). */
    documentNumbers: Type.Optional(
      Type.Object({
        'customs-invoice': Type.Optional(Type.Integer()),
        'proforma-invoice': Type.Optional(Type.Integer()),
      }),
    ),
  },
  /** Where the copy of the car's pictures stands (written by the outbox consumer and staff retries; shown in lists). */
  archive: { imageArchive: view.imageArchive },
} as const;

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
  /** The seed of the buyer's tracking link (lib/domain/tracking-link.ts); orders from before the links have none. */
  tracking: Type.Optional(OrderTrackingRecord),
  /** Set once, by the transaction that refunds a cancelled wallet-paid order. */
  refundedAt: Type.Optional(Type.String()),
  /** The sequence of the order's latest notification event (its messages go out in this order). */
  notificationSeq: Type.Optional(Type.Integer()),
  /** Where the car goes (ISO alpha-2): its import rules judge the car (lib/domain/import-rules.ts). */
  destinationCountry: Type.Optional(Type.String()),
  /** An admin's decision to sell a car the destination's rules refuse. */
  importRuleOverride: Type.Optional(Type.Object({ reason: Type.String(), by: Type.String(), at: Type.String() })),
  /** Who the car is consigned to (lib/domain/consignee.ts): given by the buyer on their page, or by staff. */
  consignee: view.consignee,
  /** How the original papers reach the buyer (lib/domain/document-courier.ts). */
  documentCourier: view.documentCourier,
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
  /** Its customer's messages carry the tracking link made from this. */
  tracking: Type.Optional(OrderTrackingRecord),
  customer: view.customer,
  marketer: view.marketer,
  shipment: view.shipment,
});

/** A part's item: its fields, with the order's id and scope (a write to the part alone checks the scope on it). */
const partRecord = <F extends TProperties>(fields: F) =>
  Type.Object({ orderId: Type.String(), tenantId: view.tenantId, marketerId: view.marketerId, ...fields });
export const OrderExportPartRecord = partRecord(PART_FIELDS.export);
export const OrderCustomsPartRecord = partRecord(PART_FIELDS.customs);
export const OrderDocumentsPartRecord = partRecord(PART_FIELDS.documents);
export const OrderArchivePartRecord = partRecord({
  ...PART_FIELDS.archive,
  /**
   * The car snapshot's pictures (carDetails.images), kept beside where their copy stands rather
   * than on the head: a catalogue car's dozens of addresses would make every change to the order
   * rewrite them (lib/store/orders.ts puts them back in carDetails on every read).
   */
  carImages: Type.Optional(Type.Array(Type.Unknown())),
});

/** One entry of the order's history: who moved it from what to what, and when (an export step or shipment note keeps the status). */
export const HistoryEntryRecord = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  from: Type.Union([view.status, Type.Null()]),
  to: view.status,
  /** The user id, or the key id of a key with no user. */
  by: Type.String(),
  role: Type.String(),
  at: Type.String(),
  note: Type.Optional(Type.String()),
  /** The export step this entry records (its note says it in English), for a reader to say it in its own words. */
  exportStep: Type.Optional(
    Type.Object({ step: Type.Union(EXPORT_STEPS.map((step) => Type.Literal(step))), date: Type.String() }),
  ),
});
