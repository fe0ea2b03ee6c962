import { withArticle } from '../text/article.js';
import type { Static } from '@sinclair/typebox';
import type { Caller } from '../domain/caller.js';
import { AppError, cursorRefused, invalidField, invalidState, notFound, validationError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { decimalsProblems, isIsoCurrency } from '../domain/money.js';
import { actorOf, scopeOf } from '../domain/scope.js';
import type { CursorMeta } from '../domain/paging.js';
import type {
  BillingEntry,
  createBillingEntry as CreateRoute,
  listBillingEntries as ListRoute,
  setBillingDocumentUrl as UrlRoute,
} from '../schemas/billing.js';
import {
  isCursorOfBillingQueue,
  listChildren,
  orderStillThere,
  putChildItems,
  queryPendingBilling,
  updateChild,
} from '../store/order-children.js';
import { orderLabels, type OrderLabel } from '../store/order-labels.js';
import { getTenant } from '../store/tenants.js';
import { ChangeSet } from '../store/change-set.js';
import { decodeCursor, encodeCursor } from './shared/cursor.js';
import { owningTenant } from './shared/tenancy.js';
import { childInScope, ensureOrderAccepts, orderInScopeOrNotFound } from './shared/order-children.js';

type Entry = Static<typeof BillingEntry> & { tenantId?: string; marketerId?: string };
type CreateBody = Static<NonNullable<(typeof CreateRoute)['body']>>;
type UrlBody = Static<NonNullable<(typeof UrlRoute)['body']>>;
type ListQuery = Static<NonNullable<(typeof ListRoute)['query']>>;

const view = ({ tenantId: _t, marketerId: _m, ...entry }: Entry): Static<typeof BillingEntry> => entry;
const stillPending = {
  expression: '#status = :pending',
  names: { '#status': 'status' },
  values: { ':pending': 'Pending' },
};
const confirmedIsFinal = (entry: Entry) =>
  invalidState(`This ${entry.type} is Confirmed: it can no longer change`, {
    status: entry.status,
    confirmedAt: entry.confirmedAt,
  });

export async function createBillingEntry(caller: Caller, body: CreateBody) {
  if (!isIsoCurrency(body.currency)) throw invalidField('currency', 'must be an ISO 4217 currency code, e.g. USD');
  const problems = decimalsProblems(
    [
      { field: 'amount', amount: body.amount },
      ...(body.items ?? []).map((item, i) => ({ field: `items[${i}].amount`, amount: item.amount })),
    ],
    body.currency,
  );
  if (problems.length > 0) throw validationError(problems);
  const order = await orderInScopeOrNotFound(scopeOf(caller), body.orderId);
  ensureOrderAccepts(order, 'billing entry');
  const now = new Date().toISOString();
  const entry: Entry = {
    id: newId(),
    orderId: order.id,
    orderNumber: order.orderNumber,
    customerName: order.customer?.name,
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
    recordedBy: actorOf(caller),
    createdAt: now,
    updatedAt: now,
  };
  const changes = new ChangeSet(caller, now);
  changes.write(...putChildItems('BILLING', entry), orderStillThere(order.id));
  changes.audit({ entity: 'billing', entityId: entry.id, tenantId: entry.tenantId, action: 'created', after: entry });
  changes.emit('billing_entry.created', entry.tenantId, { type: 'billing_entry', id: entry.id }, view(entry), {
    orderId: entry.orderId,
  });
  if (!(await changes.commit()).ok) throw notFound('Order', 'orderId');
  return view(entry);
}

/** Attaches the PDF; a Confirmed entry is final (409 INVALID_STATE). */
export async function setBillingDocumentUrl(caller: Caller, id: string, body: UrlBody) {
  const scope = scopeOf(caller);
  const entry = await childInScope(scope, 'BILLING', id);
  if (entry.type !== body.type)
    throw invalidField(
      'type',
      `must be ${entry.type}: this entry is ${withArticle(entry.type)}, not ${withArticle(body.type)}, e.g. {"type": "${entry.type}"}`,
    );
  if (entry.status === 'Confirmed') throw confirmedIsFinal(entry);
  const set = { receiptFileUrl: body.pdfUrl, ...(body.invoiceNumber ? { invoiceNumber: body.invoiceNumber } : {}) };
  const result = await updateChild(caller, scope, 'BILLING', entry, set, stillPending, (changes, next) =>
    changes.audit({
      entity: 'billing',
      entityId: id,
      tenantId: entry.tenantId,
      action: 'document.set',
      before: entry,
      after: next,
    }),
  );
  if (result.ok) return view(result.record);
  if (!result.current) throw notFound('Billing entry');
  throw confirmedIsFinal(result.current);
}

/**
 * Pending -> Confirmed, recording who confirmed. Confirming a Confirmed entry changes nothing.
 * When the tenant requires a second person, whoever recorded the entry may not confirm it.
 */
export async function confirmBillingEntry(caller: Caller, id: string) {
  const scope = scopeOf(caller);
  const entry = await childInScope(scope, 'BILLING', id);
  if (entry.status === 'Confirmed') return view(entry);
  const tenant = entry.tenantId === undefined ? undefined : await getTenant(entry.tenantId);
  if (tenant?.requireSecondApprover && entry.recordedBy !== undefined && entry.recordedBy === actorOf(caller)) {
    throw new AppError(
      'SECOND_APPROVER_REQUIRED',
      `This tenant requires a second person: whoever recorded this ${entry.type} cannot also confirm it`,
      {
        recordedBy: entry.recordedBy,
      },
    );
  }
  const set = {
    status: 'Confirmed' as const,
    confirmedAt: new Date().toISOString(),
    confirmedBy: actorOf(caller),
    confirmedByRole: caller.role,
    confirmedByKeyId: caller.keyId,
  };
  const result = await updateChild(caller, scope, 'BILLING', entry, set, stillPending, (changes, next) => {
    changes.audit({
      entity: 'billing',
      entityId: id,
      tenantId: entry.tenantId,
      action: 'confirmed',
      before: entry,
      after: next,
    });
    changes.emit('billing_entry.confirmed', entry.tenantId, { type: 'billing_entry', id }, view(next), {
      orderId: entry.orderId,
    });
  });
  if (result.ok) return view(result.record);
  if (result.current?.status === 'Confirmed') return view(result.current);
  throw notFound('Billing entry');
}

export async function listOrderBilling(caller: Caller, orderId: string) {
  const scope = scopeOf(caller);
  await orderInScopeOrNotFound(scope, orderId, 'id');
  return (await listChildren(scope, 'BILLING', orderId)).map(view);
}

/**
 * A page of the tenant's billing entries waiting for confirmation, oldest first (the accountant's
 * queue), optionally of one type. A page may hold fewer than `limit` entries of the type asked for:
 * the cursor goes on where the read stopped.
 */
export async function listPendingBilling(
  caller: Caller,
  query: ListQuery,
): Promise<{ data: Array<Static<typeof BillingEntry>>; meta: CursorMeta }> {
  const tenantId = owningTenant(caller, query.tenantId);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (query.cursor !== undefined && !after) throw cursorRefused('cursor', 'this is not one the API gave');
  if (after && !isCursorOfBillingQueue(tenantId, after))
    throw cursorRefused('cursor', "this one belongs to another tenant's listing");
  const page = await queryPendingBilling(tenantId, { limit: query.limit, after });
  const entries = query.type === undefined ? page.entries : page.entries.filter((entry) => entry.type === query.type);
  // Entries recorded before they kept their order's number and customer learn them from the orders' heads (one read).
  const unlabelled = entries.filter((entry) => entry.orderNumber === undefined).map((entry) => entry.orderId);
  const labels = unlabelled.length > 0 ? await orderLabels(unlabelled) : new Map<string, OrderLabel>();
  const labelled = entries.map((entry) =>
    entry.orderNumber === undefined ? { ...entry, ...labels.get(entry.orderId) } : entry,
  );
  return {
    data: labelled.map(view),
    meta: { limit: query.limit, ...(page.next ? { nextCursor: encodeCursor(page.next) } : {}) },
  };
}
