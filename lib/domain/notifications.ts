import type { OrderStatus } from '../domain/order-lifecycle.js';

/**
 * Who hears about what, as data. Customer messages are suppressed when the order's
 * carDetails.customerNotificationsEnabled is false; staff messages always go (spec part 6).
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

/** Where a wallet-paid order (paid at creation, no deposit or payment steps) needs other words. */
const WALLET_PHRASES: Partial<Record<OrderEvent, { customer: string; staff: string }>> = {
  'order.created': { customer: 'we have received your order, paid from your wallet', staff: 'new order paid from the wallet; inspection scheduled' },
  'contract.signed': { customer: 'your contract is signed', staff: 'contract signed; the order is paid, purchase the car' },
};

const PHRASES: Record<OrderEvent, { customer: string; staff: string }> = {
  'order.created': { customer: 'we have received your order', staff: 'new order placed; deposit to confirm' },
  'deposit.confirmed': { customer: 'your deposit is confirmed', staff: 'deposit confirmed; inspection to schedule' },
  'inspection.scheduled': { customer: 'the inspection is scheduled', staff: 'inspection scheduled' },
  'inspection.completed': { customer: 'the inspection is completed', staff: 'inspection completed; contract next' },
  'contract.sent': { customer: 'your contract was sent', staff: 'contract sent to the customer' },
  'contract.signed': { customer: 'your contract is signed', staff: 'contract signed; payment next' },
  'payment.confirmed': { customer: 'your payment is confirmed', staff: 'payment confirmed; purchase the car' },
  'order.purchased': { customer: 'your car has been purchased', staff: 'car purchased; shipping next' },
  'order.shipped': { customer: 'your car has been shipped', staff: 'car shipped' },
  'order.delivered': { customer: 'your car has been delivered', staff: 'order delivered' },
  'order.cancelled': { customer: 'your order was cancelled', staff: 'order cancelled' },
};

/** The message text: names the order number and the car, in English, in the words of the order's path. */
export function messageText(event: OrderEvent, audience: Audience, order: { orderNumber: number; car: string; paidFromWallet?: boolean }, name: string): string {
  const phrases = (order.paidFromWallet ? WALLET_PHRASES[event] : undefined) ?? PHRASES[event];
  const phrase = phrases[audience === 'customer' ? 'customer' : 'staff'];
  return audience === 'customer'
    ? `Hello ${name}, order #${order.orderNumber} (${order.car}): ${phrase}.`
    : `Order #${order.orderNumber} (${order.car}): ${phrase}.`;
}
