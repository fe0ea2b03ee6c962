import type { Static } from '@sinclair/typebox';
import type { CarRecord } from '../domain/car.js';
import type { addCustomsDocuments as DocsContract, changeOrderStatus as StatusContract, createOrder as CreateContract, listOrders as ListContract, Order, OrderDetail, setCustomsInvoice as InvoiceContract } from '../schemas/orders.js';
import { CUSTOMS_DOCUMENT_MAX_BYTES, CUSTOMS_DOCUMENTS_MAX } from '../schemas/orders.js';
import type { Caller } from '../domain/caller.js';
import { newId, walletIdFor } from '../domain/ids.js';
import { fitsCurrency, isIsoCurrency, minorUnits, sumMoney } from '../domain/money.js';
import { storableJsonProblems } from '../http/json.js';
import { allowedTransitions, canCancel, checkTransition, isTerminal, ORDER_STATUSES, PROGRESS, type OrderFacts, type OrderStatus } from '../domain/order-lifecycle.js';
import { AppError, forbidden, notFound, serviceUnavailable, validationError, type FieldError } from '../domain/errors.js';
import type { Meta } from '../http/handler.js';
import { idempotencyPutItem } from '../store/idempotency.js';
import {
  claimNextNumber,
  ORDER_COUNTER,
  customerStillThere,
  putHistoryItem,
  putOrderItem,
  queryOrders,
  readForNewOrder,
  readOrderCollection,
  statusChangeItem,
  updateOrderVersioned,
  type HistoryEntry,
  type OrderCollection,
  type OrderRecord,
} from '../store/orders.js';
import { newOutboxEvent, outboxPutItem } from '../store/outbox.js';
import { EVENT_OF_STATUS } from '../domain/notifications.js';
import { putChildItems } from '../store/order-children.js';
import { transact } from '../store/transact.js';
import { visibleTo } from '../store/visibility.js';
import { getWallet } from '../store/wallets.js';
import { carVisible, storefrontFor } from './cars.js';
import { replay, requestFingerprint } from './idempotency.js';
import { owningTenant } from './tenancy.js';
import { prepareMovement } from './wallets.js';

type CreateBody = Static<NonNullable<(typeof CreateContract)['body']>>;
type StatusBody = Static<NonNullable<(typeof StatusContract)['body']>>;
type ListQuery = Static<NonNullable<(typeof ListContract)['query']>>;
type InvoiceBody = Static<NonNullable<(typeof InvoiceContract)['body']>>;
type DocsBody = Static<NonNullable<(typeof DocsContract)['body']>>;
export type OrderView = Static<typeof Order>;
type OrderDetailView = Static<typeof OrderDetail>;

const MAX_ATTEMPTS = 40;
/** Bounds that keep an order item (snapshot, invoice, documents) well under DynamoDB's 400 KB. */
const CAR_DETAILS_MAX_BYTES = 16 * 1024;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * Math.min(250, 5 * 2 ** attempt)));

// --- who sees what --------------------------------------------------------------------------------

/** Tenant keys see their tenant's orders; marketer keys only the orders they are the marketer of. */
export function orderVisibleTo(order: Pick<OrderRecord, 'tenantId' | 'marketerId'>, caller: Caller): boolean {
  if (!visibleTo(order.tenantId, caller.tenantId)) return false;
  return caller.role !== 'marketer' || (caller.userId !== undefined && order.marketerId === caller.userId);
}

const ownsOrder = (order: Pick<OrderRecord, 'marketerId' | 'createdByKeyId'>, caller: Caller): boolean =>
  order.createdByKeyId === caller.keyId || (caller.userId !== undefined && order.marketerId === caller.userId);

export function orderView(order: OrderRecord, caller: Caller): OrderView {
  const facts = { status: order.status, paidFromWallet: order.paidFromWallet, callerOwnsOrder: ownsOrder(order, caller) };
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    allowedStatusTransitions: allowedTransitions(facts, caller.role),
    progress: PROGRESS[order.status],
    canCancel: canCancel(order.status),
    isTerminal: isTerminal(order.status),
    version: order.version,
    customerId: order.customerId,
    marketerId: order.marketerId,
    tenantId: order.tenantId,
    carId: order.carId,
    carDetails: order.carDetails,
    totalAmount: order.totalAmount,
    currency: order.currency,
    notes: order.notes,
    inspectionDate: order.inspectionDate,
    paidFromWallet: order.paidFromWallet,
    imageArchive: order.imageArchive,
    customer: order.customer,
    marketer: order.marketer,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

// --- creation ---------------------------------------------------------------------------------------

/** The parts of a catalogue car an order keeps: what it was when ordered, not a live link. */
function carSnapshot(car: CarRecord): Record<string, unknown> {
  const { id, provider, advertisementNumber, title, makeEn, modelGroupEn, modelEn, gradeEn, gradeDetailEn, year, kilometers, price, fuelType, transmission, color, vin, images, thumbnailUrl, auctionDate } = car;
  return { carId: id, provider, advertisementNumber, title, makeEn, modelGroupEn, modelEn, gradeEn, gradeDetailEn, year, kilometers, price, priceUnit: '10000 KRW', fuelType, transmission, color, vin, images, thumbnailUrl, auctionDate };
}

function checkCreateBody(body: CreateBody): void {
  const errors: FieldError[] = [];
  const currency = body.currency ?? 'USD';
  if (body.useWalletBalance) {
    if (!body.inspectionDate) errors.push({ field: 'body.inspectionDate', message: 'is required when useWalletBalance is true' });
    if (body.totalAmount === undefined || body.totalAmount <= 0) errors.push({ field: 'body.totalAmount', message: 'must be greater than 0 when useWalletBalance is true' });
  }
  if (body.totalAmount !== undefined && !fitsCurrency(body.totalAmount, currency)) {
    errors.push({ field: 'body.totalAmount', message: `has more than the ${minorUnits(currency)} decimals ${currency} allows` });
  }
  const receiptGiven = body.receiptCurrency !== undefined || body.receiptDescription !== undefined || body.receiptFileUrl !== undefined;
  if (receiptGiven && body.receiptAmount === undefined) errors.push({ field: 'body.receiptAmount', message: 'is required with the other receipt fields' });
  if (body.receiptAmount !== undefined && !fitsCurrency(body.receiptAmount, body.receiptCurrency ?? currency)) {
    errors.push({ field: 'body.receiptAmount', message: 'has more decimals than its currency allows' });
  }
  if (body.carDetails !== undefined) errors.push(...storableJsonProblems(body.carDetails, 'body.carDetails', CAR_DETAILS_MAX_BYTES));
  if (body.receiptCurrency !== undefined && !isIsoCurrency(body.receiptCurrency)) errors.push({ field: 'body.receiptCurrency', message: 'is not an ISO 4217 currency code' });
  if (errors.length > 0) throw validationError(errors);
}

function marketerFor(caller: Caller, requested: string | undefined): string | undefined {
  if (caller.role !== 'marketer') return requested;
  if (!caller.userId) throw forbidden('This marketer key has no userId, so it cannot own orders');
  if (requested !== undefined && requested !== caller.userId) throw forbidden('A marketer cannot create an order for another marketer');
  return caller.userId;
}

export async function createOrder(caller: Caller, body: CreateBody, idempotencyKey: string | undefined, route: string): Promise<OrderView> {
  checkCreateBody(body);
  const tenantId = owningTenant(caller, body.tenantId);
  const marketerId = marketerFor(caller, body.marketerId);
  const currency = body.currency ?? 'USD';
  const useWallet = body.useWalletBalance ?? false;
  const fingerprint = requestFingerprint(route, '', body);
  const storefront = body.carId !== undefined ? await storefrontFor(caller, undefined) : undefined;

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const read = await readForNewOrder({
      customerId: body.customerId,
      walletId: useWallet ? walletIdFor(body.customerId) : undefined,
      carId: body.carId,
      marketerId,
      idempotency: idempotencyKey ? { keyId: caller.keyId, key: idempotencyKey } : undefined,
    });
    if (read.idempotency) return replay<OrderView>(read.idempotency, fingerprint);
    const customer = read.customer;
    if (!customer || !visibleTo(customer.tenantId, caller.tenantId) || (tenantId !== undefined && customer.tenantId !== tenantId)) {
      throw new AppError(404, 'NOT_FOUND', 'Customer not found', [{ field: 'body.customerId', message: 'no such customer in this tenant' }]);
    }
    if (marketerId && (!read.marketer || read.marketer.role !== 'marketer' || read.marketer.tenantId !== customer.tenantId)) {
      throw new AppError(404, 'NOT_FOUND', 'Marketer not found', [{ field: 'body.marketerId', message: 'no such marketer in this tenant' }]);
    }
    if (body.carId !== undefined && (!read.car || !carVisible(read.car, storefront!.visibility))) {
      throw new AppError(404, 'NOT_FOUND', 'Car not found', [{ field: 'body.carId', message: 'no such car in this storefront' }]);
    }

    const now = new Date().toISOString();
    const id = newId();
    const status: OrderStatus = useWallet ? 'InspectionScheduled' : 'DepositSubmitted';
    const order: OrderRecord = {
      id,
      orderNumber: read.orderCounter + 1,
      status,
      version: 1,
      customerId: customer.id,
      marketerId,
      tenantId: customer.tenantId,
      carId: body.carId,
      carDetails: {
        ...(read.car ? carSnapshot(read.car) : {}),
        ...body.carDetails,
        customerNotificationsEnabled: body.carDetails?.customerNotificationsEnabled ?? true,
      },
      totalAmount: body.totalAmount ?? 0,
      currency,
      notes: body.notes ?? null,
      inspectionDate: useWallet ? body.inspectionDate! : null,
      paidFromWallet: useWallet,
      walletId: useWallet ? walletIdFor(customer.id) : undefined,
      customer: { id: customer.id, name: customer.name, email: customer.email, mobileNumber: customer.mobileNumber },
      marketer: read.marketer ? { id: read.marketer.id, name: read.marketer.name, email: read.marketer.email, mobileNumber: read.marketer.mobileNumber } : undefined,
      createdByKeyId: caller.keyId,
      createdAt: now,
      updatedAt: now,
    };
    const images = read.car ? [...new Set(read.car.images)] : [];
    const archiveEvent = images.length > 0 ? newOutboxEvent({ id: newId(), kind: 'archive', orderId: id, tenantId: order.tenantId, payload: { orderNumber: order.orderNumber, images } }, now) : undefined;
    if (archiveEvent) order.imageArchive = { status: 'pending', eventId: archiveEvent.id, objectKeys: [] };
    const history: HistoryEntry = { id: newId(), orderId: id, from: null, to: status, by: caller.userId ?? caller.keyId, role: caller.role, at: now };
    const items = [claimNextNumber(ORDER_COUNTER, read.orderCounter), putOrderItem(order), putHistoryItem(history), customerStillThere(customer.id)];
    if (body.receiptAmount !== undefined) {
      items.push(
        ...putChildItems('BILLING', {
          id: newId(),
          orderId: id,
          tenantId: order.tenantId,
          marketerId: order.marketerId,
          type: 'receipt',
          status: 'Pending',
          amount: body.receiptAmount,
          currency: body.receiptCurrency ?? currency,
          description: body.receiptDescription ?? `Deposit for order #${order.orderNumber}`,
          items: [],
          receiptFileUrl: body.receiptFileUrl ?? null,
          createdAt: now,
          updatedAt: now,
        }),
      );
    }
    if (useWallet) {
      if (!read.wallet) throw notFound('Customer');
      const payment = prepareMovement(
        read.wallet,
        { type: 'payment_deduction', amount: order.totalAmount, currency, description: `Payment for order #${order.orderNumber}`, orderId: id },
        caller.userId ?? caller.keyId,
        now,
      );
      items.push(...payment.items);
    }
    // Side effects go into the outbox in this same transaction: they happen if and only if the order exists.
    items.push(outboxPutItem(newOutboxEvent({ id: newId(), kind: 'notify', event: 'order.created', orderId: id, tenantId: order.tenantId, payload: {} }, now)));
    if (archiveEvent) items.push(outboxPutItem(archiveEvent));
    const view = orderView(order, caller);
    const idempotencyIndex = idempotencyKey ? items.length : -1;
    if (idempotencyKey) items.push(idempotencyPutItem(caller.keyId, idempotencyKey, { requestHash: fingerprint, statusCode: 201, data: view }));
    const outcome = await transact(items);
    if (outcome.ok) return view;
    if (outcome.failedIndexes.includes(3)) throw notFound('Customer');
    // Another order took the number, the wallet moved, or a retry with the same key won: read again.
    if (!outcome.failedIndexes.includes(idempotencyIndex)) await pause(attempt);
  }
  throw serviceUnavailable(1);
}

// --- reading ----------------------------------------------------------------------------------------

async function visibleCollection(caller: Caller, id: string): Promise<OrderCollection & { order: OrderRecord }> {
  const collection = await readOrderCollection(id);
  if (!collection.order || !orderVisibleTo(collection.order, caller)) throw notFound('Order');
  return collection as OrderCollection & { order: OrderRecord };
}

const byTime = (field: string) => (a: Record<string, unknown>, b: Record<string, unknown>) => String(b[field] ?? '').localeCompare(String(a[field] ?? ''));

function financialSummary(collection: OrderCollection & { order: OrderRecord }) {
  const { order } = collection;
  const receipts = collection.billing.filter((b) => b.type === 'receipt');
  const confirmed = receipts.filter((r) => r.status === 'Confirmed' && r.currency === order.currency).map((r) => Number(r.amount));
  const totalConfirmed = order.paidFromWallet ? order.totalAmount : sumMoney(confirmed);
  const deposit = [...receipts].sort(byTime('createdAt')).at(-1);
  return {
    depositAmount: order.paidFromWallet ? order.totalAmount : Number(deposit?.amount ?? 0),
    depositCurrency: order.paidFromWallet ? order.currency : String(deposit?.currency ?? order.currency),
    remainingAmount: Math.max(0, sumMoney([order.totalAmount, -totalConfirmed])),
    remainingCurrency: order.currency,
    totalConfirmed,
  };
}

export async function getOrderDetail(caller: Caller, id: string): Promise<OrderDetailView> {
  const collection = await visibleCollection(caller, id);
  const { order } = collection;
  const signed = collection.contracts.filter((c) => c.status === 'Signed').sort(byTime('signedAt'))[0];
  const inspection = [...collection.inspections].sort(byTime('createdAt'))[0];
  return {
    ...orderView(order, caller),
    financialSummary: financialSummary(collection),
    signedContract: signed
      ? { id: String(signed.id), contractNumber: Number(signed.contractNumber), pdfUrl: (signed.pdfUrl as string | null) ?? null, signedAt: String(signed.signedAt) }
      : null,
    inspection: inspection
      ? { id: String(inspection.id), status: String(inspection.status), inspectionDate: (inspection.inspectionDate as string | null) ?? null, pdfReportUrl: (inspection.pdfReportUrl as string | null) ?? null }
      : null,
    customsInvoice: order.customsInvoice ?? null,
    customsDocuments: order.customsDocuments ?? [],
    statusHistory: [...collection.history]
      .sort((a, b) => a.at.localeCompare(b.at))
      .map(({ from, to, by, role, at, note }) => ({ from, to, by, role, at, ...(note ? { note } : {}) })),
  };
}

export async function listOrders(caller: Caller, query: ListQuery): Promise<{ data: OrderView[]; meta: Meta }> {
  if (query.createdFrom && query.createdTo && Date.parse(query.createdFrom) > Date.parse(query.createdTo)) {
    throw validationError([{ field: 'query.createdFrom', message: 'must not be after createdTo' }]);
  }
  // A marketer key lists its own orders only, whatever marketerId it asks for.
  const marketerId = caller.role === 'marketer' ? (caller.userId ?? '-') : query.marketerId;
  const orders = await queryOrders({ tenantId: caller.tenantId, marketerId, customerId: query.customerId, status: query.status, createdFrom: query.createdFrom, createdTo: query.createdTo });
  const start = (query.page - 1) * query.limit;
  return {
    data: orders.slice(start, start + query.limit).map((o) => orderView(o, caller)),
    meta: { page: query.page, limit: query.limit, total: orders.length, totalPages: Math.ceil(orders.length / query.limit) },
  };
}

// --- lifecycle --------------------------------------------------------------------------------------

function factsOf(collection: OrderCollection & { order: OrderRecord }, caller: Caller): OrderFacts {
  const { order } = collection;
  return {
    status: order.status,
    paidFromWallet: order.paidFromWallet,
    callerOwnsOrder: ownsOrder(order, caller),
    inspectionDate: order.inspectionDate,
    totalAmount: order.totalAmount,
    currency: order.currency,
    receipts: collection.billing.filter((b) => b.type === 'receipt').map((b) => ({ status: String(b.status), amount: Number(b.amount), currency: String(b.currency) })),
    inspections: collection.inspections.map((i) => ({ status: String(i.status) })),
    contracts: collection.contracts.map((c) => ({ status: String(c.status) })),
    hasCustomsInvoice: order.customsInvoice !== undefined,
  };
}

const versionConflict = (currentVersion: number) =>
  new AppError(409, 'VERSION_CONFLICT', `The order has changed: its current version is ${currentVersion}`, { currentVersion });

export async function validateTransition(caller: Caller, id: string, targetStatus: string) {
  const collection = await visibleCollection(caller, id);
  const facts = factsOf(collection, caller);
  const allowed = allowedTransitions(facts, caller.role);
  if (!(ORDER_STATUSES as readonly string[]).includes(targetStatus)) {
    return { valid: false, errors: [`Unknown status "${targetStatus}"; statuses are ${ORDER_STATUSES.join(', ')}`], currentStatus: facts.status, targetStatus, allowedTransitions: allowed, missingRequirements: [] };
  }
  const check = checkTransition(facts, targetStatus as OrderStatus, caller.role);
  return { valid: check.valid, errors: check.errors, currentStatus: facts.status, targetStatus, allowedTransitions: allowed, missingRequirements: check.missingRequirements };
}

export async function changeStatus(caller: Caller, id: string, body: StatusBody): Promise<OrderView> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const collection = await visibleCollection(caller, id);
    const { order } = collection;
    if (body.version !== order.version) throw versionConflict(order.version);
    const check = checkTransition(factsOf(collection, caller), body.status, caller.role, body.inspectionDate !== undefined);
    if (!check.valid) {
      if (check.reason === 'role') throw forbidden(check.errors[0]);
      throw new AppError(422, 'INVALID_TRANSITION', check.errors.join('; '), {
        currentStatus: order.status,
        targetStatus: body.status,
        missingRequirements: check.missingRequirements,
        allowedTransitions: allowedTransitions(factsOf(collection, caller), caller.role),
      });
    }
    const now = new Date().toISOString();
    const refund = body.status === 'Cancelled' && order.paidFromWallet && !order.refundedAt;
    const next: OrderRecord = {
      ...order,
      status: body.status,
      version: order.version + 1,
      updatedAt: now,
      inspectionDate: body.status === 'InspectionScheduled' && body.inspectionDate ? body.inspectionDate : order.inspectionDate,
      ...(refund ? { refundedAt: now } : {}),
    };
    const items = [
      statusChangeItem(order, next, refund),
      putHistoryItem({ id: newId(), orderId: id, from: order.status, to: body.status, by: caller.userId ?? caller.keyId, role: caller.role, at: now, note: body.note }),
    ];
    const announced = EVENT_OF_STATUS[body.status];
    if (announced) items.push(outboxPutItem(newOutboxEvent({ id: newId(), kind: 'notify', event: announced, orderId: id, tenantId: order.tenantId, payload: { from: order.status } }, now)));
    if (refund) {
      const wallet = await getWallet(order.walletId ?? walletIdFor(order.customerId), undefined, true);
      if (!wallet) throw serviceUnavailable(1);
      const movement = prepareMovement(
        wallet,
        { type: 'refund', amount: order.totalAmount, currency: order.currency, description: `Refund of cancelled order #${order.orderNumber}`, orderId: id },
        caller.userId ?? caller.keyId,
        now,
      );
      items.push(...movement.items);
    }
    const outcome = await transact(items);
    if (outcome.ok) return orderView(next, caller);
    // The order moved meanwhile (a racing update): the next read reports the conflict.
    if (!outcome.failedIndexes.includes(0)) await pause(attempt);
  }
  throw serviceUnavailable(1);
}

// --- versioned edits --------------------------------------------------------------------------------

/** Applies a change to a visible order, mapping a failed condition to 404 or 409 as it deserves. */
async function editOrder(caller: Caller, id: string, version: number | undefined, set: Record<string, unknown>): Promise<OrderRecord> {
  const conditions: string[] = [];
  const values: Record<string, unknown> = {};
  if (caller.tenantId !== undefined) {
    conditions.push('tenantId = :scopeTenant');
    values[':scopeTenant'] = caller.tenantId;
  }
  if (caller.role === 'marketer') {
    conditions.push('marketerId = :scopeMarketer');
    values[':scopeMarketer'] = caller.userId ?? '-';
  }
  const result = await updateOrderVersioned(id, version, set, conditions.length > 0 ? { expression: conditions.join(' AND '), values } : undefined);
  if (result.ok) return result.order;
  if (!result.current || !orderVisibleTo(result.current, caller)) throw notFound('Order');
  throw versionConflict(result.current.version);
}

export async function setCustomerNotifications(caller: Caller, id: string, enabled: boolean, version: number): Promise<OrderView> {
  return orderView(await editOrder(caller, id, version, { 'carDetails.customerNotificationsEnabled': enabled }), caller);
}

export async function setCustomsInvoice(caller: Caller, id: string, body: InvoiceBody) {
  const invoice = { ...body, language: body.language ?? 'en', total: sumMoney(body.items.map((i) => i.amount)), storedAt: new Date().toISOString() };
  const order = await editOrder(caller, id, undefined, { customsInvoice: invoice });
  return { id: order.id, customsInvoice: order.customsInvoice ?? invoice, version: order.version, updatedAt: order.updatedAt };
}

export async function addCustomsDocuments(caller: Caller, id: string, body: DocsBody) {
  body.documents.forEach((doc, i) => {
    const problems = storableJsonProblems(doc, `body.documents[${i}]`, CUSTOMS_DOCUMENT_MAX_BYTES);
    if (problems.length > 0) throw validationError(problems);
  });
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const { order } = await visibleCollection(caller, id);
    const documents = [...(order.customsDocuments ?? []), ...body.documents];
    if (documents.length > CUSTOMS_DOCUMENTS_MAX) {
      throw validationError([{ field: 'body.documents', message: `an order holds at most ${CUSTOMS_DOCUMENTS_MAX} customs documents; it has ${order.customsDocuments?.length ?? 0}` }]);
    }
    const result = await updateOrderVersioned(id, order.version, { customsDocuments: documents });
    if (result.ok) return { id, documents: result.order.customsDocuments ?? documents, version: result.order.version, updatedAt: result.order.updatedAt };
    await pause(attempt);
  }
  throw serviceUnavailable(1);
}
