import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import { carNameOf } from '../../domain/car.js';
import { invalidState, notFound } from '../../domain/errors.js';
import { contractModel, customsInvoiceModel, proformaModel, type DocumentModel, type DocumentType, type OrderData } from '../../text/document-text.js';
import { newId } from '../../domain/ids.js';
import { sumMoney } from '../../domain/money.js';
import { actorOf, scopeOf } from '../../domain/scope.js';
import { documentKey } from '../../domain/render-request.js';
import { renderAndStore } from '../../documents/renderer-client.js';
import type { generateOrderDocument as GenerateRoute } from '../../schemas/documents.js';
import { readOrderCollection, type GeneratedDocument, type OrderCollection } from '../../store/orders.js';
import { editOrder } from './edit-order.js';
import { withUrl, type DocumentView } from './order-documents.js';
import { tenantToday } from '../shared/tenancy.js';

type GenerateBody = Static<NonNullable<(typeof GenerateRoute)['body']>>;

function orderData(collection: OrderCollection): OrderData {
  const { order } = collection;
  const confirmed = collection.billing
    .filter((b) => b.type === 'receipt' && b.status === 'Confirmed' && b.currency === order.currency)
    .map((b) => Number(b.amount));
  return {
    orderNumber: order.orderNumber,
    totalAmount: order.totalAmount,
    currency: order.currency,
    status: order.status,
    car: carNameOf(order.carDetails),
    ...(typeof order.carDetails.vin === 'string' ? { vin: order.carDetails.vin } : {}),
    customerName: order.customer?.name ?? '',
    ...(order.customer?.mobileNumber ? { customerPhone: order.customer.mobileNumber } : {}),
    depositConfirmed: order.paidFromWallet ? order.totalAmount : sumMoney(confirmed),
  };
}

/** What the document says, or why it cannot be made yet. */
function modelFor(collection: OrderCollection, body: GenerateBody, date: string): { model: DocumentModel; contractId?: string } {
  const { order } = collection;
  if (body.type === 'customs-invoice') {
    const invoice = order.customsInvoice;
    if (!invoice)
      throw invalidState('Store the customs invoice first (PATCH /orders/{id}/customs-invoice)', [
        { field: 'type', message: 'the order has no customs invoice' },
      ]);
    return { model: customsInvoiceModel(invoice, order, body.language ?? invoice.language ?? 'en', date) };
  }
  if (body.type === 'proforma-invoice') return { model: proformaModel(orderData(collection), body.language ?? 'en', date) };
  const contracts = [...collection.contracts].sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
  const contract = body.contractId ? contracts.find((c) => c.id === body.contractId) : contracts[0];
  if (!contract) {
    if (body.contractId) throw notFound('Contract', 'contractId');
    throw invalidState('The order has no contract yet (POST /contracts)', [{ field: 'type', message: 'the order has no contract' }]);
  }
  const model = contractModel(
    {
      contractNumber: Number(contract.contractNumber),
      customerName: String(contract.customerName),
      totalAmount: Number(contract.totalAmount ?? order.totalAmount),
      currency: String(contract.currency ?? order.currency),
      status: String(contract.status),
      notes: (contract.notes as string | null | undefined) ?? null,
    },
    orderData(collection),
    body.language ?? 'en',
    date,
  );
  return { model, contractId: String(contract.id) };
}

/** Versions kept on the order item (well under DynamoDB's 400 KB); the files themselves are in the bucket. */
const MAX_DOCUMENTS = 100;

const TITLES: Record<DocumentType, string> = { 'customs-invoice': 'Customs invoice', 'proforma-invoice': 'Proforma invoice', contract: 'Sales contract' };

/**
 * Has the renderer function lay the document out and store it under orders/{orderNumber}/documents/
 * (lib/documents/renderer-client.ts), then records it on the order as the next version of its
 * type (raising the order version, with its audit record and event). The file is written before
 * it is recorded: a failure leaves at most an unlisted file.
 */
export async function generateOrderDocument(caller: Caller, id: string, body: GenerateBody): Promise<DocumentView> {
  const collection = await readOrderCollection(scopeOf(caller), id);
  if (!collection) throw notFound('Order');
  const now = new Date();
  // The document's date is the seller's day (a Dubai invoice made at 01:00 local is dated that day, not UTC's).
  const { model, contractId } = modelFor(collection, body, await tenantToday(collection.order.tenantId, now.toISOString()));
  const documentId = newId();
  const key = documentKey(collection.order.orderNumber, body.type, documentId);
  const { bytes } = await renderAndStore({ model, title: `${TITLES[body.type]} #${collection.order.orderNumber}`, createdAt: now.toISOString(), key });
  let recorded: GeneratedDocument | undefined;
  await editOrder(caller, id, undefined, `document.${body.type}`, (current) => {
    if ((current.documents ?? []).length >= MAX_DOCUMENTS) throw invalidState(`An order keeps at most ${MAX_DOCUMENTS} generated documents`);
    const previous = (current.documents ?? []).filter((d) => d.type === body.type);
    recorded = {
      id: documentId,
      type: body.type,
      version: Math.max(0, ...previous.map((d) => d.version)) + 1,
      language: model.language,
      key,
      bytes,
      ...(contractId ? { contractId } : {}),
      createdAt: now.toISOString(),
      createdBy: actorOf(caller),
    };
    return { documents: [...(current.documents ?? []), recorded] };
  });
  return withUrl(recorded!);
}

export async function listOrderDocuments(caller: Caller, id: string): Promise<DocumentView[]> {
  const collection = await readOrderCollection(scopeOf(caller), id);
  if (!collection) throw notFound('Order');
  const documents = [...(collection.order.documents ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return Promise.all(documents.map(withUrl));
}
