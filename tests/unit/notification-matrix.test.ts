/**
 * Who hears about what (lib/notify/matrix.ts), generated over every order event, with the
 * customer flag on and off and with every kind of person present, absent or without a phone.
 * The expected audiences are the README's table ("Who hears about what"), written out here by
 * hand rather than read from NOTIFICATION_MATRIX, so the code is checked against the spec.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../../lib/domain/order-lifecycle.js';
import {
  EVENT_OF_STATUS,
  messageText,
  NOTIFICATION_MATRIX,
  ORDER_EVENTS,
  recipientsOf,
  type Audience,
  type EventFacts,
  type OrderEvent,
} from '../../lib/domain/notifications.js';

/** The README table, column by column (customer, marketer, accountants, operations). */
const SPEC: Record<OrderEvent, readonly Audience[]> = {
  'order.created': ['customer', 'marketer', 'accountant', 'operations'],
  'deposit.confirmed': ['customer', 'marketer', 'operations'],
  'inspection.scheduled': ['customer', 'marketer'],
  'inspection.completed': ['customer', 'marketer', 'operations'],
  'contract.sent': ['marketer'],
  'contract.signed': ['customer', 'marketer', 'accountant', 'operations'],
  'payment.confirmed': ['customer', 'marketer', 'operations'],
  'order.purchased': ['customer', 'marketer'],
  'order.shipped': ['customer', 'marketer'],
  'order.delivered': ['customer', 'marketer', 'accountant'],
  'order.cancelled': ['customer', 'marketer', 'accountant', 'operations'],
};
const ALL_AUDIENCES: readonly Audience[] = ['customer', 'marketer', 'accountant', 'operations'];

type Person = { id: string; name: string; mobileNumber?: string };
type StaffMember = EventFacts['staff'][number];

/** Each kind of person in three shapes: with a phone, without one, absent altogether. */
const presence = ['with phone', 'without phone', 'absent'] as const;
type Presence = (typeof presence)[number];

function person(id: string, name: string, phone: string, shape: Presence): Person | undefined {
  if (shape === 'absent') return undefined;
  return shape === 'with phone' ? { id, name, mobileNumber: phone } : { id, name };
}

/** Staff of the tenant: two accountants and two operations, one of each without a phone, in the given shape. */
function staffOf(shape: Presence): StaffMember[] {
  if (shape === 'absent') return [];
  const all: StaffMember[] = [
    { id: 'acct-1', name: 'Sara Khan', role: 'accountant', mobileNumber: '+971501110002' },
    { id: 'acct-2', name: 'No Phone Accountant', role: 'accountant' },
    { id: 'ops-1', name: 'Omar Ali', role: 'operations', mobileNumber: '+971501110003' },
    { id: 'ops-2', name: 'Layla Noor', role: 'operations', mobileNumber: '+971501110004' },
  ];
  return shape === 'with phone' ? all.filter((m) => m.mobileNumber) : all.map(({ mobileNumber: _dropped, ...m }) => m);
}

interface Case {
  event: OrderEvent;
  flag: boolean;
  customer: Presence;
  marketer: Presence;
  staff: Presence;
  facts: EventFacts;
}

const cases: Case[] = ORDER_EVENTS.flatMap((event) =>
  [true, false].flatMap((flag) =>
    presence.flatMap((customer) =>
      presence.flatMap((marketer) =>
        presence.map((staff) => ({
          event,
          flag,
          customer,
          marketer,
          staff,
          facts: {
            event,
            customerNotificationsEnabled: flag,
            customer: person('cust-1', 'Ahmed Said', '+971509876543', customer),
            marketer: person('mkt-1', 'Mina Park', '+971501110001', marketer),
            staff: staffOf(staff),
          },
        })),
      ),
    ),
  ),
);
const caseName = (c: Case) => `${c.event}, customer notifications ${c.flag ? 'on' : 'off'}, customer ${c.customer}, marketer ${c.marketer}, staff ${c.staff}`;

/** Everyone in the facts who has a phone, with the audience they would be addressed as. */
function reachable(facts: EventFacts): Array<{ audience: Audience; id: string; name: string; phone: string }> {
  const out: Array<{ audience: Audience; id: string; name: string; phone: string }> = [];
  if (facts.customer?.mobileNumber) out.push({ audience: 'customer', id: facts.customer.id, name: facts.customer.name, phone: facts.customer.mobileNumber });
  if (facts.marketer?.mobileNumber) out.push({ audience: 'marketer', id: facts.marketer.id, name: facts.marketer.name, phone: facts.marketer.mobileNumber });
  for (const m of facts.staff) if (m.mobileNumber) out.push({ audience: m.role, id: m.id, name: m.name, phone: m.mobileNumber });
  return out;
}

describe('NOTIFICATION_MATRIX', () => {
  it('states the README table for every order event and names no other event', () => {
    // Assert
    expect(Object.keys(NOTIFICATION_MATRIX).sort()).toEqual([...ORDER_EVENTS].sort());
    for (const event of ORDER_EVENTS) expect([...NOTIFICATION_MATRIX[event]].sort(), event).toEqual([...SPEC[event]].sort());
  });

  it('tells the marketer about every event', () => {
    // Assert
    for (const event of ORDER_EVENTS) expect(NOTIFICATION_MATRIX[event], event).toContain('marketer');
  });
});

describe('recipientsOf, generated over every event, the customer flag and who is there', () => {
  it.each(cases.map((c) => [caseName(c), c] as const))('%s: exactly the spec audiences who have a phone', (_name, c) => {
    // Act
    const recipients = recipientsOf(c.facts);

    // Assert
    const expected = reachable(c.facts)
      .filter((p) => SPEC[c.event].includes(p.audience))
      .filter((p) => p.audience !== 'customer' || c.flag)
      .map((p) => ({ audience: p.audience, key: `${p.audience}:${p.id}`, phone: p.phone, name: p.name }));
    expect(recipients).toEqual(expect.arrayContaining(expected));
    expect(recipients).toHaveLength(expected.length);
  });

  it.each(cases.map((c) => [caseName(c), c] as const))('%s: keys are unique and every recipient has a phone', (_name, c) => {
    // Act
    const recipients = recipientsOf(c.facts);

    // Assert
    expect(new Set(recipients.map((r) => r.key)).size).toBe(recipients.length);
    for (const r of recipients) expect(r.phone).toMatch(/^\+\d{8,15}$/);
  });

  it.each(ORDER_EVENTS.map((event) => [event] as const))('%s: the customer flag only ever removes the customer, never staff', (event) => {
    // Arrange
    const everyone = cases.filter((c) => c.event === event && c.customer === 'with phone' && c.marketer === 'with phone' && c.staff === 'with phone');
    const on = everyone.find((c) => c.flag)!;
    const off = everyone.find((c) => !c.flag)!;

    // Act
    const withFlag = recipientsOf(on.facts);
    const withoutFlag = recipientsOf(off.facts);

    // Assert
    expect(withoutFlag.some((r) => r.audience === 'customer')).toBe(false);
    expect(withFlag.filter((r) => r.audience !== 'customer')).toEqual(withoutFlag);
    expect(withFlag.some((r) => r.audience === 'customer')).toBe(SPEC[event].includes('customer'));
    // Every staff audience of the spec is reached with the flag off, too.
    for (const audience of SPEC[event].filter((a) => a !== 'customer')) expect(withoutFlag.some((r) => r.audience === audience), audience).toBe(true);
  });

  it('addresses a staff member listed twice once, under a key that stays the same on every call', () => {
    // Arrange
    const accountant: StaffMember = { id: 'acct-1', name: 'Sara Khan', role: 'accountant', mobileNumber: '+971501110002' };
    const facts: EventFacts = { event: 'order.created', customerNotificationsEnabled: true, staff: [accountant, { ...accountant }] };

    // Act
    const first = recipientsOf(facts);
    const second = recipientsOf(facts);

    // Assert
    expect(first).toEqual([{ audience: 'accountant', key: 'accountant:acct-1', phone: '+971501110002', name: 'Sara Khan' }]);
    expect(second).toEqual(first);
  });

  it('sends nothing about a sent contract to the customer, accountants or operations', () => {
    // Arrange
    const everyone = cases.find((c) => c.event === 'contract.sent' && c.flag && c.customer === 'with phone' && c.marketer === 'with phone' && c.staff === 'with phone')!;

    // Act
    const recipients = recipientsOf(everyone.facts);

    // Assert
    expect(recipients).toEqual([{ audience: 'marketer', key: 'marketer:mkt-1', phone: '+971501110001', name: 'Mina Park' }]);
  });
});

describe('messageText', () => {
  const order = { orderNumber: 4217, car: 'Hyundai Palisade 2023' };
  const textCases = ORDER_EVENTS.flatMap((event) => ALL_AUDIENCES.map((audience) => [event, audience] as const));

  it.each(textCases)('%s to the %s: names the order number and the car, in plain English', (event, audience) => {
    // Act
    const text = messageText(event, audience, order, 'Ahmed Said');

    // Assert
    expect(text).toContain('#4217 ');
    expect(text).toContain('(Hyundai Palisade 2023)');
    expect(text).toMatch(/^[\x20-\x7E]+$/); // printable ASCII: no Korean or Arabic left over
    expect(text).toMatch(/[A-Za-z]{3,}( [A-Za-z;,]+)+\.$/);
    expect(text).not.toMatch(/undefined|null|NaN|\{|\}/);
    expect(text.length).toBeLessThanOrEqual(4096);
  });

  it.each(ORDER_EVENTS.map((event) => [event] as const))('%s: greets the customer by name and never puts the customer name in a staff message', (event) => {
    // Act
    const toCustomer = messageText(event, 'customer', order, 'Ahmed Said');
    const toStaff = ALL_AUDIENCES.filter((a) => a !== 'customer').map((audience) => messageText(event, audience, order, 'Mina Park'));

    // Assert
    expect(toCustomer.startsWith('Hello Ahmed Said, order #4217 ')).toBe(true);
    for (const text of toStaff) {
      expect(text.startsWith('Order #4217 ')).toBe(true);
      expect(text).not.toContain('Mina Park');
    }
  });

  it('says something different for every event', () => {
    // Act
    const customerTexts = ORDER_EVENTS.map((event) => messageText(event, 'customer', order, 'Ahmed Said'));
    const staffTexts = ORDER_EVENTS.map((event) => messageText(event, 'operations', order, 'Omar Ali'));

    // Assert
    expect(new Set(customerTexts).size).toBe(ORDER_EVENTS.length);
    expect(new Set(staffTexts).size).toBe(ORDER_EVENTS.length);
  });
});

describe('EVENT_OF_STATUS', () => {
  /** The statuses whose change notifies nobody: the customer's own payment submission. */
  const SILENT: readonly OrderStatus[] = ['PaymentSubmitted'];

  it('announces every status except the silent ones, each with an order event', () => {
    // Assert
    for (const status of ORDER_STATUSES) {
      const event = EVENT_OF_STATUS[status];
      if (SILENT.includes(status)) expect(event, status).toBeUndefined();
      else expect(ORDER_EVENTS, status).toContain(event);
    }
  });

  it('gives each status its own event, and together with contract.sent (sent by the contracts service) they are every order event', () => {
    // Act
    const announced = Object.values(EVENT_OF_STATUS);

    // Assert
    expect(new Set(announced).size).toBe(announced.length);
    expect([...announced, 'contract.sent'].sort()).toEqual([...ORDER_EVENTS].sort());
  });

  it.each([
    ['DepositSubmitted', 'order.created'],
    ['DepositConfirmed', 'deposit.confirmed'],
    ['InspectionScheduled', 'inspection.scheduled'],
    ['InspectionCompleted', 'inspection.completed'],
    ['ContractSigned', 'contract.signed'],
    ['PaymentConfirmed', 'payment.confirmed'],
    ['Purchased', 'order.purchased'],
    ['Shipped', 'order.shipped'],
    ['Delivered', 'order.delivered'],
    ['Cancelled', 'order.cancelled'],
  ] as const)('announces %s as %s', (status, event) => {
    expect(EVENT_OF_STATUS[status]).toBe(event);
  });
});
