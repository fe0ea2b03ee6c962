import { expect } from 'vitest';
import type { Role } from '../../lib/domain/caller.js';
import { listChatLog, type ChatLogEntry } from '../../lib/store/chat-log.js';
import { newApiKey, newStaffUser } from './staff.js';
import { api, demoKey } from './http.js';
import { accountantKey, changeStatus, inspectionDate, newCustomer, orderDetail, placeOrder } from './orders.js';

/** Helpers shared by the contract, billing and inspection HTTP tests. */

export const GULF = 'demotenantgulfmotors0001';
export const SEOUL = 'demotenantseoulexport001';
export const DEMO_MARKETER = 'demousermarketer00000001';
export const DEMO_INSPECTOR = 'demouserinspector0000001';
/** Well-formed CUID-like ids nothing in the table has. */
export const UNKNOWN_ID = 'ckunknownrecord000000000000';

const seoulKeys = new Map<Role, Promise<string>>();

/**
 * A key of the Seoul tenant with a role that may write (the only Seoul demo key is an integrator,
 * which may not call most write routes), created once per worker with every route allowed.
 */
export function seoulKey(role: Extract<Role, 'operations' | 'accountant' | 'inspector'>): Promise<string> {
  let key = seoulKeys.get(role);
  if (!key) {
    // Inspector keys are for an inspector user (the key takes the user's role and tenant).
    key = (
      role === 'inspector'
        ? newStaffUser('inspector', SEOUL).then((userId) => newApiKey({ name: 'test: Seoul inspector', userId }))
        : newApiKey({ name: `test: Seoul ${role}`, role, tenantId: SEOUL })
    ).then((created) => created.key);
    seoulKeys.set(role, key);
  }
  return key;
}

/** An order of the Seoul tenant, created by its demo integrator. */
export async function seoulOrder(): Promise<any> {
  const key = demoKey('integrator', 'seoul');
  const customer = await newCustomer({ key });
  return placeOrder(key, { customerId: customer.id, totalAmount: 5000 });
}

/** A Gulf order created by the accountant, with a car snapshot a contract can be prefilled from. */
export async function gulfOrder(overrides: Record<string, unknown> = {}, key = accountantKey()): Promise<any> {
  const customer = await newCustomer();
  return placeOrder(key, {
    customerId: customer.id,
    totalAmount: 18_500,
    currency: 'AED',
    carDetails: {
      makeEn: 'Kia',
      modelEn: 'Sorento',
      year: 2022,
      vin: 'KNAPU81BDN7123456',
      color: 'White',
      kilometers: 42_000,
    },
    ...overrides,
  });
}

/** Outbox messages to one recipient, newest first. */
export async function messagesTo(phone: string): Promise<ChatLogEntry[]> {
  return (await listChatLog(1000)).filter((message) => message.to === phone);
}

/** The receipts of an order, as GET /orders/{id}/billing lists them. */
export async function billingOf(orderId: string, key = accountantKey()): Promise<any[]> {
  const res = await api('GET', `/api/v1/orders/${orderId}/billing`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

export async function confirmEntry(id: string, key = accountantKey()): Promise<any> {
  const res = await api('PATCH', `/api/v1/billing/${id}/confirm`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/**
 * Walks a deposit-paid order the whole way the API requires to InspectionScheduled: created with a
 * receipt, the receipt confirmed, DepositConfirmed by the accountant, InspectionScheduled by
 * operations. Returns the order detail (version 3).
 */
export async function orderAtInspectionScheduled(): Promise<any> {
  const customer = await newCustomer();
  const order = await placeOrder(accountantKey(), {
    customerId: customer.id,
    totalAmount: 10_000,
    receiptAmount: 1_000,
    receiptCurrency: 'USD',
  });
  const [receipt] = await billingOf(order.id);
  await confirmEntry(receipt.id);
  const deposit = await changeStatus(order.id, accountantKey(), { status: 'DepositConfirmed', version: 1 });
  expect(deposit.status, deposit.text).toBe(200);
  const scheduled = await changeStatus(order.id, demoKey('operations'), {
    status: 'InspectionScheduled',
    version: 2,
    inspectionDate: inspectionDate(),
  });
  expect(scheduled.status, scheduled.text).toBe(200);
  return orderDetail(order.id);
}
