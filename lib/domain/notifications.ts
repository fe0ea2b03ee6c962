import { templateParameter, type ChatLanguage } from '../text/chat-template.js';
import { notificationTemplateKey } from '../text/chat-templates.js';
import type { OrderStatus } from './order-lifecycle.js';

/**
 * Who hears about what, as data. Customer messages are suppressed when the order's
 * carDetails.customerNotificationsEnabled is false; staff messages always go (docs/notifications.md).
 * Staff are the order's marketer and the tenant's accountants and operations staff.
 */
export const ORDER_EVENTS = [
  'order.created',
  'deposit.confirmed',
  'inspection.scheduled',
  'inspection.completed',
  'contract.sent',
  'contract.signed',
  'payment.confirmed',
  'order.purchased',
  'order.shipped',
  'order.delivered',
  'order.cancelled',
  'shipment.booked',
  'shipment.departed',
  'shipment.arrived',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];
export type Audience = 'customer' | 'marketer' | 'accountant' | 'operations';

export const NOTIFICATION_MATRIX: Record<OrderEvent, readonly Audience[]> = {
  // accountants confirm the deposit; operations prepare the inspection
  'order.created': ['customer', 'marketer', 'accountant', 'operations'],
  'deposit.confirmed': ['customer', 'marketer', 'operations'],
  'inspection.scheduled': ['customer', 'marketer'],
  'inspection.completed': ['customer', 'marketer', 'operations'],
  // the customer already received the contract itself
  'contract.sent': ['marketer'],
  'contract.signed': ['customer', 'marketer', 'accountant', 'operations'],
  'payment.confirmed': ['customer', 'marketer', 'operations'],
  'order.purchased': ['customer', 'marketer'],
  'order.shipped': ['customer', 'marketer'],
  'order.delivered': ['customer', 'marketer', 'accountant'],
  // accountants handle refunds; operations stop any work in progress
  'order.cancelled': ['customer', 'marketer', 'accountant', 'operations'],
  // the voyage: the customer at booking, departure (with the ETA) and arrival
  'shipment.booked': ['customer', 'marketer'],
  'shipment.departed': ['customer', 'marketer'],
  'shipment.arrived': ['customer', 'marketer'],
};

/** The event a status change announces (statuses without one notify nobody). */
export const EVENT_OF_STATUS: Partial<Record<OrderStatus, OrderEvent>> = {
  DepositSubmitted: 'order.created',
  DepositConfirmed: 'deposit.confirmed',
  InspectionScheduled: 'inspection.scheduled',
  InspectionCompleted: 'inspection.completed',
  ContractSigned: 'contract.signed',
  PaymentConfirmed: 'payment.confirmed',
  Purchased: 'order.purchased',
  Shipped: 'order.shipped',
  Delivered: 'order.delivered',
  Cancelled: 'order.cancelled',
};

export interface Recipient {
  audience: Audience;
  /** Stable per event, so a retried event never messages the same person twice. */
  key: string;
  phone: string;
  name: string;
}

export interface EventFacts {
  event: OrderEvent;
  customerNotificationsEnabled: boolean;
  customer?: { id: string; name: string; mobileNumber?: string };
  marketer?: { id: string; name: string; mobileNumber?: string };
  staff: Array<{ id: string; name: string; role: 'accountant' | 'operations'; mobileNumber?: string }>;
}

/** Everyone who gets a message for this event; people without a phone number are skipped. */
export function recipientsOf(facts: EventFacts): Recipient[] {
  const audiences = NOTIFICATION_MATRIX[facts.event];
  const out: Recipient[] = [];
  const add = (audience: Audience, person: { id: string; name: string; mobileNumber?: string } | undefined) => {
    if (person?.mobileNumber && !out.some((r) => r.key === `${audience}:${person.id}`)) {
      out.push({ audience, key: `${audience}:${person.id}`, phone: person.mobileNumber, name: person.name });
    }
  };
  if (audiences.includes('customer') && facts.customerNotificationsEnabled) add('customer', facts.customer);
  if (audiences.includes('marketer')) add('marketer', facts.marketer);
  for (const member of facts.staff) if (audiences.includes(member.role)) add(member.role, member);
  return out;
}

/** The ETA parameter of a departure before the carrier gave one, in the message's language. */
const ETA_PENDING: Record<ChatLanguage, string> = { en: 'to be confirmed', ar: 'يحدد لاحقاً' };

/**
 * A notification as a template: which one, and its parameters (customer: name, order number, car;
 * staff: order number, car; a departure adds the expected arrival). A customer's message whose
 * order has a tracking link (`trackingUrl`) is the template's `_link` variant, the link its last
 * parameter; staff messages never carry it.
 */
export function notificationTemplate(
  event: OrderEvent,
  audience: Audience,
  order: {
    orderNumber: number;
    car: string;
    paidFromWallet?: boolean;
    eta?: string;
    trackingUrl?: string;
    depositReceived?: boolean;
  },
  name: string,
  language: ChatLanguage = 'en',
): { key: string; parameters: string[] } {
  const toCustomer = audience === 'customer';
  const link = toCustomer && order.trackingUrl ? order.trackingUrl : undefined;
  // An order placed without a deposit receipt has nothing for staff to confirm yet (unknown: as before).
  const key = notificationTemplateKey(
    event,
    toCustomer ? 'customer' : 'staff',
    order.paidFromWallet === true,
    link !== undefined,
    order.depositReceived === false,
  );
  const parameters = toCustomer ? [name, String(order.orderNumber), order.car] : [String(order.orderNumber), order.car];
  if (event === 'shipment.departed') parameters.push(order.eta ?? ETA_PENDING[language]);
  if (link !== undefined) parameters.push(link);
  return { key, parameters: parameters.map(templateParameter) };
}
