import { recordEvent } from '../../metrics.js';
import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import type { CarRecord } from '../../domain/car.js';
import { AppError, carUnavailable, forbidden, notFound, validationError, type FieldError } from '../../domain/errors.js';
import { newId, walletIdFor } from '../../domain/ids.js';
import { decimalsProblem, isIsoCurrency } from '../../domain/money.js';
import type { OrderStatus } from '../../domain/order-lifecycle.js';
import { actorOf, scopeOf } from '../../domain/scope.js';
import { storableJsonProblems } from '../../domain/storable-json.js';
import type { createOrder as CreateRoute } from '../../schemas/orders.js';
import { marketerAccessItem } from '../../store/customer-access.js';
import { carOrderItem } from '../../store/feed-files.js';
import { putChildItems } from '../../store/order-children.js';
import { orderNumberItem } from '../../store/order-numbers.js';
import { ORDER_COUNTER, takeNextNumber, putHistoryItem, putOrderItem, putOrderPartItems, readForNewOrder, type OrderRecord } from '../../store/orders.js';
import { newOutboxEvent, outboxPutItem } from '../../store/outbox.js';
import { transact, type TransactItem } from '../../store/transact.js';
import { putTrackingLinkItem } from '../../store/tracking-links.js';
import { newLink } from '../shared/tracking-link.js';
import { carVisible, storefrontFor } from '../cars.js';
import { auditItem } from '../shared/audit.js';
import { idempotent } from '../shared/idempotency.js';
import { RETRY, RETRY_NOW } from '../shared/retry.js';
import { owningTenant } from '../shared/tenancy.js';
import { checkMovement, prepareMovement } from '../shared/wallet-movement.js';
import { eventItem } from '../shared/event-items.js';
import { orderEventItem } from './order-events.js';
import { storedOrderView, withOrderPictures, type OrderView } from './order-view.js';

type CreateBody = Static<NonNullable<(typeof CreateRoute)['body']>>;

/** Bounds that keep an order item (snapshot, invoice, documents) well under DynamoDB's 400 KB. */
const CAR_DETAILS_MAX_BYTES = 16 * 1024;

/** The parts of a catalogue car an order keeps, in this order: what it was when ordered, not a live link. */
const SNAPSHOT_FIELDS = [
  'provider',
  'advertisementNumber',
  'title',
  'makeEn',
  'modelGroupEn',
  'modelEn',
  'gradeEn',
  'gradeDetailEn',
  'year',
  'kilometers',
  'price',
  'priceUnit',
  'fuelType',
  'transmission',
  'color',
  'vin',
  'images',
  'thumbnailUrl',
  'auctionDate',
] as const;

function carSnapshot(car: CarRecord): Record<string, unknown> {
  const snapshot: Record<string, unknown> = { carId: car.id };
  // The catalogue's prices are in 만원, 10,000 KRW.
  for (const field of SNAPSHOT_FIELDS) snapshot[field] = field === 'priceUnit' ? '10000 KRW' : car[field];
  return snapshot;
}

/** Rules across fields that a schema cannot state; all problems are reported at once. */
export function checkCreateBody(body: CreateBody): void {
  const errors: FieldError[] = [];
  const currency = body.currency ?? 'USD';
  if (body.useWalletBalance) {
    if (!body.inspectionDate)
      errors.push({
        field: 'inspectionDate',
        message: 'is required when useWalletBalance is true: when the car is to be inspected, e.g. "2026-12-05T10:00:00Z"',
      });
    if (body.totalAmount === undefined || body.totalAmount <= 0) {
      errors.push({ field: 'totalAmount', message: 'must be greater than 0 when useWalletBalance is true: the amount taken from the wallet, e.g. 18500' });
    }
  }
  const totalDecimals = body.totalAmount === undefined ? undefined : decimalsProblem(body.totalAmount, currency);
  if (totalDecimals) errors.push({ field: 'totalAmount', message: totalDecimals });
  const receiptGiven = body.receiptCurrency !== undefined || body.receiptDescription !== undefined || body.receiptFileUrl !== undefined;
  if (receiptGiven && body.receiptAmount === undefined)
    errors.push({ field: 'receiptAmount', message: 'is required with the other receipt fields: the amount received, e.g. 2000' });
  const receiptDecimals = body.receiptAmount === undefined ? undefined : decimalsProblem(body.receiptAmount, body.receiptCurrency ?? currency);
  if (receiptDecimals) errors.push({ field: 'receiptAmount', message: receiptDecimals });
  if (body.carDetails !== undefined) errors.push(...storableJsonProblems(body.carDetails, 'carDetails', CAR_DETAILS_MAX_BYTES));
  if (body.receiptCurrency !== undefined && !isIsoCurrency(body.receiptCurrency))
    errors.push({ field: 'receiptCurrency', message: 'must be an ISO 4217 currency code, e.g. USD' });
  if (errors.length > 0) throw validationError(errors);
}

/** The marketer of a new order: a marketer key always itself (spec 5.5), others whom they name. */
function marketerFor(caller: Caller, requested: string | undefined): string | undefined {
  if (caller.role !== 'marketer') return requested;
  if (!caller.userId) throw forbidden('This marketer key has no userId, so it cannot own orders');
  if (requested !== undefined && requested !== caller.userId) throw forbidden('A marketer cannot create an order for another marketer');
  return caller.userId;
}

/** A Pending receipt for the deposit given at creation. */
function depositReceipt(order: OrderRecord, body: CreateBody, amount: number, recordedBy: string, now: string) {
  const entry = {
    id: newId(),
    orderId: order.id,
    orderNumber: order.orderNumber,
    customerName: order.customer?.name,
    tenantId: order.tenantId,
    marketerId: order.marketerId,
    type: 'receipt' as const,
    status: 'Pending' as const,
    amount,
    currency: body.receiptCurrency ?? order.currency,
    description: body.receiptDescription ?? `Deposit for order #${order.orderNumber}`,
    items: [],
    receiptFileUrl: body.receiptFileUrl ?? null,
    recordedBy,
    createdAt: now,
    updatedAt: now,
  };
  return { entry, items: putChildItems('BILLING', entry) };
}

/**
 * Creates an order in three DynamoDB round trips: one BatchGet of everything it depends on, one
 * atomic increment for its number (taken only once the request checks out, and kept across
 * retries), one transaction writing the order, history, receipt, wallet payment, side effects and
 * the stored Idempotency-Key answer together. Only a lost wallet race re-reads (2 more round
 * trips each time, at most RETRY's attempts); concurrent creations never collide.
 */
export async function createOrder(caller: Caller, body: CreateBody, idempotencyKey: string | undefined): Promise<OrderView> {
  checkCreateBody(body);
  const scope = scopeOf(caller);
  const tenantId = owningTenant(caller, body.tenantId);
  const marketerId = marketerFor(caller, body.marketerId);
  const currency = body.currency ?? 'USD';
  const useWallet = body.useWalletBalance ?? false;
  const storefront = body.carId !== undefined ? await storefrontFor(caller, undefined) : undefined;
  let orderNumber: number | undefined;

  const created = await idempotent<OrderView>(caller, idempotencyKey, { operation: 'createOrder', body }, async (key) => {
    const read = await readForNewOrder(scope, {
      customerId: body.customerId,
      walletId: useWallet ? walletIdFor(body.customerId) : undefined,
      carId: body.carId,
      marketerId,
      idempotency: key.address,
    });
    // Another request with this key answered (replayed), or is at work (wait for its answer or its claim to lapse).
    const replayed = key.replay(read.idempotency);
    if (replayed) return replayed.answer;
    const customer = read.customer;
    if (!customer || (tenantId !== undefined && customer.tenantId !== tenantId)) throw notFound('Customer', 'customerId');
    if (marketerId && (read.marketer?.role !== 'marketer' || read.marketer.active === false)) {
      throw new AppError('NOT_FOUND', 'Marketer not found', [
        { field: 'marketerId', message: "no active marketer with this user id in the customer's tenant" },
      ]);
    }
    if (body.carId !== undefined && (!read.car || !carVisible(read.car, storefront!.visibility))) throw notFound('Car', 'carId');
    if (read.car?.availability !== undefined) throw carUnavailable(read.car);
    if (useWallet && !read.wallet) throw notFound('Customer', 'customerId');
    // What the wallet cannot pay is refused before a number is taken, so a refusal leaves no gap.
    if (useWallet) checkMovement(read.wallet!, { type: 'payment_deduction', amount: body.totalAmount ?? 0, currency });
    // A number is taken only under the key's claim, so concurrent retries of one request use one number.
    if (!(await key.claim())) return RETRY_NOW;
    orderNumber ??= await takeNextNumber(ORDER_COUNTER);

    const now = new Date().toISOString();
    const id = newId();
    const status: OrderStatus = useWallet ? 'InspectionScheduled' : 'DepositSubmitted';
    const order: OrderRecord = {
      id,
      orderNumber,
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
      marketer: read.marketer
        ? { id: read.marketer.id, name: read.marketer.name, email: read.marketer.email, mobileNumber: read.marketer.mobileNumber }
        : undefined,
      createdByKeyId: caller.keyId,
      notificationSeq: 1,
      createdAt: now,
      updatedAt: now,
    };
    const images = read.car ? [...new Set(read.car.images)] : [];
    const archiveEvent =
      images.length > 0
        ? newOutboxEvent({ id: newId(), kind: 'archive', orderId: id, tenantId: order.tenantId, payload: { orderNumber: order.orderNumber, images } }, now)
        : undefined;
    if (archiveEvent) order.imageArchive = { status: 'pending', eventId: archiveEvent.id, objectKeys: [] };

    // Nothing here is written by every order of a customer (customers are never deleted, and the
    // marketer's access is written once): concurrent orders of one customer do not conflict,
    // unless they pay from its wallet, whose balance must move one payment at a time.
    // The buyer's tracking link: its token is made from the seed the order keeps; the table holds its hash.
    const tracking = newLink(order, now);
    order.tracking = tracking.tracking;
    const receipt = body.receiptAmount !== undefined ? depositReceipt(order, body, body.receiptAmount, actorOf(caller), now) : undefined;
    if (receipt) order.depositReceiptId = receipt.entry.id;
    const items: TransactItem[] = [
      putOrderItem(order),
      ...putOrderPartItems(order),
      orderNumberItem(order),
      putTrackingLinkItem(tracking.hash, tracking.link),
      putHistoryItem({ id: newId(), orderId: id, from: null, to: status, by: caller.userId ?? caller.keyId, role: caller.role, at: now }),
    ];
    if (marketerId && !read.marketerHasAccess) items.push(marketerAccessItem(customer, marketerId));
    // So the order's tenant hears when a feed removes or reprices the car (car.removed, car.repriced).
    if (body.carId !== undefined) items.push(carOrderItem({ carId: body.carId, orderId: id, tenantId: order.tenantId }));
    if (receipt) {
      const { tenantId: _t, marketerId: _m, ...receiptView } = receipt.entry;
      items.push(
        ...receipt.items,
        auditItem(caller, { entity: 'billing', entityId: receipt.entry.id, tenantId: order.tenantId, action: 'created', after: receipt.entry }, now),
        eventItem('billing_entry.created', order.tenantId, { type: 'billing_entry', id: receipt.entry.id }, receiptView, now, { orderId: id }),
      );
    }
    if (useWallet) {
      if (!read.wallet) throw notFound('Customer', 'customerId');
      const payment = prepareMovement(
        read.wallet,
        { type: 'payment_deduction', amount: order.totalAmount, currency, description: `Payment for order #${order.orderNumber}`, orderId: id },
        caller.userId ?? caller.keyId,
        now,
      );
      items.push(
        ...payment.items,
        auditItem(
          caller,
          {
            entity: 'wallet',
            entityId: read.wallet.id,
            tenantId: read.wallet.tenantId,
            action: 'payment_deduction',
            before: read.wallet,
            after: payment.walletAfter,
          },
          now,
        ),
      );
    }
    items.push(
      auditItem(caller, { entity: 'order', entityId: id, tenantId: order.tenantId, action: 'created', after: order }, now),
      orderEventItem('order.created', order, now),
    );
    // Side effects go into the outbox in this same transaction: they happen if and only if the order exists.
    // Whether the customer hears of it is decided now, with the change, not at delivery.
    const customerNotificationsEnabled = order.carDetails.customerNotificationsEnabled !== false;
    items.push(
      outboxPutItem(
        newOutboxEvent(
          {
            id: newId(),
            kind: 'notify',
            event: 'order.created',
            orderId: id,
            tenantId: order.tenantId,
            orderSeq: 1,
            // Staff are told whether there is a deposit receipt to confirm.
            payload: { customerNotificationsEnabled, depositReceived: receipt !== undefined },
          },
          now,
        ),
      ),
    );
    if (archiveEvent) items.push(outboxPutItem(archiveEvent));
    const view = storedOrderView(order, caller);
    items.push(...key.answerItems(view));

    const outcome = await transact(items);
    if (outcome.ok) {
      recordEvent('OrdersCreated');
      if (useWallet) recordEvent('WalletMovements');
      return view;
    }
    // A retry with the same key won: the next read replays its answer at once. Otherwise the
    // wallet moved: read again after a pause, keeping the number.
    return key.answeredMeanwhile(outcome.failed) ? RETRY_NOW : RETRY;
  });
  return withOrderPictures(created);
}
