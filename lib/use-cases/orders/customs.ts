import type { ExpectedVersion } from '../../domain/versioning.js';
import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import { validationError } from '../../domain/errors.js';
import { decimalsProblems, sumMoney } from '../../domain/money.js';
import { storableJsonProblems } from '../../domain/storable-json.js';
import { CUSTOMS_DOCUMENT_MAX_BYTES, CUSTOMS_DOCUMENTS_MAX } from '../../domain/documents.js';
import type { addCustomsDocuments as DocsRoute, setCustomsInvoice as InvoiceRoute } from '../../schemas/orders.js';
import { ensureOrderAccepts } from '../shared/order-children.js';
import { editOrder } from './edit-order.js';

type InvoiceBody = Static<NonNullable<(typeof InvoiceRoute)['body']>>;
type DocsBody = Static<NonNullable<(typeof DocsRoute)['body']>>;

/** Stores (replaces) the customs invoice of an order; raises its version. */
export async function setCustomsInvoice(
  caller: Caller,
  id: string,
  { version: _version, ...body }: InvoiceBody,
  expected?: ExpectedVersion,
) {
  // The invoice prints each amount in its currency's decimals: more would print a total unlike the record's.
  const problems = decimalsProblems(
    body.items.map((item, i) => ({ field: `items[${i}].amount`, amount: item.amount })),
    body.currency,
  );
  if (problems.length > 0) throw validationError(problems);
  const invoice = {
    ...body,
    language: body.language ?? 'en',
    total: sumMoney(body.items.map((i) => i.amount)),
    storedAt: new Date().toISOString(),
  };
  const order = await editOrder(caller, id, expected, 'customsInvoice.set', (current) => {
    ensureOrderAccepts(current, 'customs data', 'id');
    return { customsInvoice: invoice };
  });
  return {
    id: order.id,
    customsInvoice: order.customsInvoice ?? invoice,
    version: order.version,
    updatedAt: order.updatedAt,
  };
}

/** Appends customs documents (stored as given, bounded in number and size); raises the order's version. */
export async function addCustomsDocuments(caller: Caller, id: string, body: DocsBody, expected?: ExpectedVersion) {
  const problems = body.documents.flatMap((doc, i) =>
    storableJsonProblems(doc, `documents[${i}]`, CUSTOMS_DOCUMENT_MAX_BYTES),
  );
  if (problems.length > 0) throw validationError(problems);
  const order = await editOrder(caller, id, expected, 'customsDocuments.add', (current) => {
    ensureOrderAccepts(current, 'customs data', 'id');
    const documents = [...(current.customsDocuments ?? []), ...body.documents];
    if (documents.length > CUSTOMS_DOCUMENTS_MAX) {
      const held = current.customsDocuments?.length ?? 0;
      const room = Math.max(0, CUSTOMS_DOCUMENTS_MAX - held);
      const message = `must keep the order within ${CUSTOMS_DOCUMENTS_MAX} customs documents: it has ${held}, so ${room === 0 ? 'none can be added' : `at most ${room} more can be added`}`;
      throw validationError([{ field: 'documents', message }]);
    }
    return { customsDocuments: documents };
  });
  return { id, documents: order.customsDocuments ?? [], version: order.version, updatedAt: order.updatedAt };
}
