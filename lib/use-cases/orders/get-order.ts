import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import { notFound } from '../../domain/errors.js';
import { recordableExportSteps } from '../../domain/export-steps.js';
import { sumMoney } from '../../domain/money.js';
import { otherCurrencyReceipts } from '../../domain/receipts.js';
import { scopeOf } from '../../domain/scope.js';
import type { OrderDetail } from '../../schemas/order-detail.js';
import { readOrderCollection, type OrderCollection } from '../../store/orders.js';
import { latestDocuments } from './order-documents.js';
import { orderImportCheck } from './order-destination.js';
import { orderView } from './order-view.js';
import { trackingLinkView } from '../shared/tracking-link.js';

const newestFirst = (field: string) => (a: Record<string, unknown>, b: Record<string, unknown>) =>
  String(b[field] ?? '').localeCompare(String(a[field] ?? ''));

function financialSummary(collection: OrderCollection) {
  const { order } = collection;
  const receipts = collection.billing.filter((b) => b.type === 'receipt');
  const confirmed = receipts
    .filter((r) => r.status === 'Confirmed' && r.currency === order.currency)
    .map((r) => Number(r.amount));
  const totalConfirmed = order.paidFromWallet ? order.totalAmount : sumMoney(confirmed);
  const deposit = [...receipts].sort(newestFirst('createdAt')).at(-1);
  return {
    depositAmount: order.paidFromWallet ? order.totalAmount : Number(deposit?.amount ?? 0),
    depositCurrency: order.paidFromWallet ? order.currency : String(deposit?.currency ?? order.currency),
    remainingAmount: Math.max(0, sumMoney([order.totalAmount, -totalConfirmed])),
    remainingCurrency: order.currency,
    totalConfirmed,
    // A wallet-paid order's cancellation returns its amount to the wallet in the same transaction.
    ...(order.refundedAt
      ? {
          refunded: {
            amount: order.totalAmount,
            currency: order.currency,
            at: order.refundedAt,
            to: 'wallet' as const,
          },
        }
      : {}),
    otherCurrencies: otherCurrencyReceipts(receipts, order.currency),
  };
}

/** Order detail: one Query of the order's item collection. */
/** `baseUrl`: the API's address as the caller reached it, which the buyer's tracking link starts with. */
export async function getOrder(caller: Caller, id: string, baseUrl: string): Promise<Static<typeof OrderDetail>> {
  const collection = await readOrderCollection(scopeOf(caller), id);
  if (!collection) throw notFound('Order');
  const { order } = collection;
  const signed = collection.contracts.filter((c) => c.status === 'Signed').sort(newestFirst('signedAt'))[0];
  const inspection = [...collection.inspections].sort(newestFirst('createdAt'))[0];
  const [documents, importChecks] = await Promise.all([latestDocuments(order), orderImportCheck(order)]);
  return {
    ...orderView(order, caller),
    financialSummary: financialSummary(collection),
    recordableExportSteps: recordableExportSteps(order.status, order.exportSteps),
    signedContract: signed
      ? {
          id: String(signed.id),
          contractNumber: Number(signed.contractNumber),
          pdfUrl: (signed.pdfUrl as string | null) ?? null,
          signedAt: String(signed.signedAt),
        }
      : null,
    inspection: inspection
      ? {
          id: String(inspection.id),
          status: String(inspection.status),
          inspectionDate: (inspection.inspectionDate as string | null) ?? null,
          pdfReportUrl: (inspection.pdfReportUrl as string | null) ?? null,
        }
      : null,
    customsInvoice: order.customsInvoice ?? null,
    trackingLink: trackingLinkView(order, collection.history, baseUrl),
    customsDocuments: order.customsDocuments ?? [],
    documents,
    ...(importChecks ? { importChecks } : {}),
    statusHistory: [...collection.history]
      .sort((a, b) => a.at.localeCompare(b.at))
      .map(({ from, to, by, role, at, note, exportStep }) => ({
        from,
        to,
        by,
        role,
        at,
        ...(note ? { note } : {}),
        ...(exportStep ? { exportStep } : {}),
      })),
  };
}
