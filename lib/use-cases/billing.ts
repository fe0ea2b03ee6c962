import type { Static } from '@sinclair/typebox';
import type { Caller } from '../domain/caller.js';
import { invalidField, notFound, serviceUnavailable } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { fitsCurrency, isIsoCurrency, minorUnits } from '../domain/money.js';
import { scopeOf } from '../domain/scope.js';
import type { BillingEntry, createBillingEntry as CreateRoute, setBillingDocumentUrl as UrlRoute } from '../schemas/billing.js';
import { listChildren, orderStillThere, putChildItems, updateChild } from '../store/order-children.js';
import { transact } from '../store/transact.js';
import { childInScope, orderInScopeOrNotFound } from './order-children.js';

type Entry = Static<typeof BillingEntry> & { tenantId?: string; marketerId?: string };
type CreateBody = Static<NonNullable<(typeof CreateRoute)['body']>>;
type UrlBody = Static<NonNullable<(typeof UrlRoute)['body']>>;

const view = ({ tenantId: _t, marketerId: _m, ...entry }: Entry): Static<typeof BillingEntry> => entry;

export async function createBillingEntry(caller: Caller, body: CreateBody) {
  if (!isIsoCurrency(body.currency)) throw invalidField('body.currency', 'is not an ISO 4217 currency code');
  if (!fitsCurrency(body.amount, body.currency)) throw invalidField('body.amount', `has more than the ${minorUnits(body.currency)} decimals ${body.currency} allows`);
  body.items?.forEach((item, i) => {
    if (!fitsCurrency(item.amount, body.currency)) throw invalidField(`body.items[${i}].amount`, `has more decimals than ${body.currency} allows`);
  });
  const order = await orderInScopeOrNotFound(scopeOf(caller), body.orderId);
  const now = new Date().toISOString();
  const entry: Entry = {
    id: newId(),
    orderId: order.id,
    tenantId: order.tenantId,
    marketerId: order.marketerId,
    type: body.type,
    status: 'Pending',
    amount: body.amount,
    currency: body.currency,
    description: body.description,
    items: body.items ?? [],
    receiptFileUrl: body.receiptFileUrl ?? null,
    invoiceNumber: body.invoiceNumber,
    createdAt: now,
    updatedAt: now,
  };
  const outcome = await transact([...putChildItems('BILLING', entry), orderStillThere(order.id)]);
  if (!outcome.ok) throw notFound('Order', 'body.orderId');
  return view(entry);
}

export async function setBillingDocumentUrl(caller: Caller, id: string, body: UrlBody) {
  const scope = scopeOf(caller);
  const entry = await childInScope<Entry>(scope, 'BILLING', id);
  if (entry.type !== body.type) throw invalidField('body.type', `this entry is a ${entry.type}, not a ${body.type}`);
  const result = await updateChild<Entry>(scope, 'BILLING', entry, { receiptFileUrl: body.pdfUrl, ...(body.invoiceNumber ? { invoiceNumber: body.invoiceNumber } : {}) });
  if (!result.ok) throw serviceUnavailable(1);
  return view(result.record);
}

/** Pending -> Confirmed; confirming a Confirmed entry changes nothing and reports it Confirmed. */
export async function confirmBillingEntry(caller: Caller, id: string) {
  const scope = scopeOf(caller);
  const entry = await childInScope<Entry>(scope, 'BILLING', id);
  if (entry.status === 'Confirmed') return view(entry);
  const result = await updateChild<Entry>(
    scope,
    'BILLING',
    entry,
    { status: 'Confirmed', confirmedAt: new Date().toISOString(), confirmedBy: caller.userId ?? caller.keyId },
    { expression: '#status = :pending', names: { '#status': 'status' }, values: { ':pending': 'Pending' } },
  );
  if (result.ok) return view(result.record);
  if (result.current?.status === 'Confirmed') return view(result.current);
  throw serviceUnavailable(1);
}

export async function listOrderBilling(caller: Caller, orderId: string) {
  const scope = scopeOf(caller);
  await orderInScopeOrNotFound(scope, orderId, 'path.id');
  return (await listChildren<Entry>(scope, 'BILLING', orderId)).map(view);
}
