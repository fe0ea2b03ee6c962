import type { Caller } from '../../domain/caller.js';
import type { CarRecord } from '../../domain/car.js';
import { newId, walletIdFor } from '../../domain/ids.js';
import type { CustomerRecord } from '../../store/customers.js';
import type { OrderRecord } from '../../store/orders.js';
import type { StaffUser } from '../../store/users.js';
import type { CreateBody } from './order-request.js';

/* The records a new order is made of, from the request and what it read. */

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
  // What the destination's import rules read (lib/domain/import-rules.ts).
  'damage',
  'displacement',
  'firstRegistration',
] as const;

function carSnapshot(car: CarRecord): Record<string, unknown> {
  const snapshot: Record<string, unknown> = { carId: car.id };
  // The catalogue's prices are in 만원, 10,000 KRW.
  for (const field of SNAPSHOT_FIELDS) snapshot[field] = field === 'priceUnit' ? '10000 KRW' : car[field];
  return snapshot;
}

/** A new order at its first status: paid from the wallet, it is to be inspected; otherwise its deposit is to be confirmed. */
export function newOrderRecord(
  caller: Caller,
  body: CreateBody,
  named: {
    orderNumber: number;
    currency: string;
    customer: CustomerRecord;
    marketerId?: string;
    marketer?: StaffUser;
    car?: CarRecord;
  },
  now: string,
): OrderRecord {
  const useWallet = body.useWalletBalance ?? false;
  const { customer, car } = named;
  return {
    id: newId(),
    orderNumber: named.orderNumber,
    status: useWallet ? 'InspectionScheduled' : 'DepositSubmitted',
    version: 1,
    customerId: customer.id,
    marketerId: named.marketerId,
    tenantId: customer.tenantId,
    carId: body.carId,
    carDetails: {
      ...(car ? carSnapshot(car) : {}),
      ...body.carDetails,
      customerNotificationsEnabled: body.carDetails?.customerNotificationsEnabled ?? true,
    },
    totalAmount: body.totalAmount ?? 0,
    currency: named.currency,
    notes: body.notes ?? null,
    inspectionDate: useWallet ? body.inspectionDate! : null,
    paidFromWallet: useWallet,
    walletId: useWallet ? walletIdFor(customer.id) : undefined,
    customer: { id: customer.id, name: customer.name, email: customer.email, mobileNumber: customer.mobileNumber },
    marketer: named.marketer
      ? {
          id: named.marketer.id,
          name: named.marketer.name,
          email: named.marketer.email,
          mobileNumber: named.marketer.mobileNumber,
        }
      : undefined,
    createdByKeyId: caller.keyId,
    notificationSeq: 1,
    createdAt: now,
    updatedAt: now,
  };
}

/** The Pending receipt for the deposit given at creation (record its proof of payment on it). */
export function depositReceipt(order: OrderRecord, body: CreateBody, amount: number, recordedBy: string, now: string) {
  return {
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
}
