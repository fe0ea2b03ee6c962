import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import { notFound, validationError } from '../../domain/errors.js';
import { sumMoney } from '../../domain/money.js';
import { scopeOf } from '../../domain/scope.js';
import { CUSTOMS_DOCUMENT_MAX_BYTES, CUSTOMS_DOCUMENTS_MAX, type addCustomsDocuments as DocsRoute, type setCustomsInvoice as InvoiceRoute } from '../../schemas/orders.js';
import { getOrder, updateOrderVersioned } from '../../store/orders.js';
import { storableJsonProblems } from '../../domain/storable-json.js';
import { RETRY, withRetries } from '../retry.js';
import { editOrder } from './edit-order.js';

type InvoiceBody = Static<NonNullable<(typeof InvoiceRoute)['body']>>;
type DocsBody = Static<NonNullable<(typeof DocsRoute)['body']>>;

/** Stores (replaces) the customs invoice of an order; raises its version. */
export async function setCustomsInvoice(caller: Caller, id: string, body: InvoiceBody) {
  const invoice = { ...body, language: body.language ?? 'en', total: sumMoney(body.items.map((i) => i.amount)), storedAt: new Date().toISOString() };
  const order = await editOrder(scopeOf(caller), id, undefined, { customsInvoice: invoice });
  return { id: order.id, customsInvoice: order.customsInvoice ?? invoice, version: order.version, updatedAt: order.updatedAt };
}

/** Appends customs documents (stored as given, bounded in number and size); raises the order's version. */
export async function addCustomsDocuments(caller: Caller, id: string, body: DocsBody) {
  const problems = body.documents.flatMap((doc, i) => storableJsonProblems(doc, `body.documents[${i}]`, CUSTOMS_DOCUMENT_MAX_BYTES));
  if (problems.length > 0) throw validationError(problems);
  const scope = scopeOf(caller);
  return withRetries(async () => {
    const order = await getOrder(scope, id);
    if (!order) throw notFound('Order');
    const documents = [...(order.customsDocuments ?? []), ...body.documents];
    if (documents.length > CUSTOMS_DOCUMENTS_MAX) {
      throw validationError([{ field: 'body.documents', message: `an order holds at most ${CUSTOMS_DOCUMENTS_MAX} customs documents; it has ${order.customsDocuments?.length ?? 0}` }]);
    }
    const result = await updateOrderVersioned(scope, id, order.version, { customsDocuments: documents });
    if (result.ok) return { id, documents: result.order.customsDocuments ?? documents, version: result.order.version, updatedAt: result.order.updatedAt };
    return RETRY;
  });
}
