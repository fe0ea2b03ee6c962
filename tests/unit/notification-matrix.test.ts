/**
 * Who hears about what (lib/domain/notifications.ts), as docs/notifications.md states it:
 * - customer messages are suppressed when the order's customerNotificationsEnabled is false; staff
 *   messages always go;
 * - staff are the order's marketer and the tenant's accountants and operations staff with a mobile
 *   number; people without one are skipped;
 * - messages are in English and name the order number and the car.
 * Properties run over random events, flags and people; named cases spell out its table.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../../lib/domain/order-lifecycle.js';
import { renderTemplate, type ChatLanguage } from '../../lib/text/chat-template.js';
import { chatTemplate } from '../../lib/text/chat-templates.js';
import {
  EVENT_OF_STATUS,
  notificationTemplate,
  NOTIFICATION_MATRIX,
  ORDER_EVENTS,
  recipientsOf,
  type Audience,
  type EventFacts,
  type OrderEvent,
} from '../../lib/domain/notifications.js';

// --- arbitraries ------------------------------------------------------------------------------------

type Person = { id: string; name: string; mobileNumber?: string };
type StaffMember = EventFacts['staff'][number];

const anyEvent = fc.constantFrom(...ORDER_EVENTS);
const anyAudience = fc.constantFrom<Audience>('customer', 'marketer', 'accountant', 'operations');
const staffAudience = fc.constantFrom<Audience>('marketer', 'accountant', 'operations');
/** Few ids, so the same person often turns up twice (as customer and marketer, or twice in the staff list). */
const anyId = fc.constantFrom('p1', 'p2', 'p3', 'p4');
const anyPhone = fc.integer({ min: 0, max: 9_999_999 }).map((n) => `+97150${String(n).padStart(7, '0')}`);
/** A mobile number, none, or an empty one. */
const anyMobile = fc.option(fc.oneof(anyPhone, fc.constant('')), { nil: undefined });
const anyName = fc.constantFrom('Ahmed Said', 'Mina Park', 'Sara Khan', 'Omar Ali');

const anyPerson: fc.Arbitrary<Person> = fc.record(
  { id: anyId, name: anyName, mobileNumber: anyMobile },
  { requiredKeys: ['id', 'name'] },
);
const anyStaffMember: fc.Arbitrary<StaffMember> = fc.record(
  { id: anyId, name: anyName, role: fc.constantFrom('accountant', 'operations'), mobileNumber: anyMobile },
  { requiredKeys: ['id', 'name', 'role'] },
);

const anyFacts: fc.Arbitrary<EventFacts> = fc.record(
  {
    event: anyEvent,
    customerNotificationsEnabled: fc.boolean(),
    customer: anyPerson,
    marketer: anyPerson,
    staff: fc.array(anyStaffMember, { maxLength: 6 }),
  },
  { requiredKeys: ['event', 'customerNotificationsEnabled', 'staff'] },
);

// --- helpers ----------------------------------------------------------------------------------------

/** Everyone in the facts, each with the audience they would be addressed as. */
function people(facts: EventFacts): Array<{ audience: Audience; person: Person }> {
  return [
    ...(facts.customer ? [{ audience: 'customer' as const, person: facts.customer }] : []),
    ...(facts.marketer ? [{ audience: 'marketer' as const, person: facts.marketer }] : []),
    ...facts.staff.map((member) => ({ audience: member.role, person: member })),
  ];
}

/** An event with one reachable person of every kind: a customer, a marketer, an accountant and an operations member. */
function everyoneFor(event: OrderEvent, customerNotificationsEnabled = true): EventFacts {
  return {
    event,
    customerNotificationsEnabled,
    customer: { id: 'cust-1', name: 'Ahmed Said', mobileNumber: '+971509876543' },
    marketer: { id: 'mkt-1', name: 'Mina Park', mobileNumber: '+971501110001' },
    staff: [
      { id: 'acct-1', name: 'Sara Khan', role: 'accountant', mobileNumber: '+971501110002' },
      { id: 'ops-1', name: 'Omar Ali', role: 'operations', mobileNumber: '+971501110003' },
    ],
  };
}

/** The audiences that hear about an event when everyone is there. */
const audiencesHearing = (event: OrderEvent, customerNotificationsEnabled = true): Audience[] =>
  recipientsOf(everyoneFor(event, customerNotificationsEnabled)).map((r) => r.audience);

// --- recipientsOf: properties -----------------------------------------------------------------------

describe('recipientsOf', () => {
  it('addresses nobody as the customer when customer notifications are off', () => {
    fc.assert(
      fc.property(anyFacts, (facts) => {
        // Act
        const recipients = recipientsOf({ ...facts, customerNotificationsEnabled: false });

        // Assert
        expect(recipients.filter((r) => r.audience === 'customer')).toEqual([]);
      }),
    );
  });

  it('reaches the same staff whether customer notifications are on or off', () => {
    fc.assert(
      fc.property(anyFacts, (facts) => {
        // Act
        const on = recipientsOf({ ...facts, customerNotificationsEnabled: true });
        const off = recipientsOf({ ...facts, customerNotificationsEnabled: false });

        // Assert
        expect(off).toEqual(on.filter((r) => r.audience !== 'customer'));
      }),
    );
  });

  it('only addresses people from the facts, at their own mobile number, so people without one never appear', () => {
    fc.assert(
      fc.property(anyFacts, (facts) => {
        // Act
        const recipients = recipientsOf(facts);

        // Assert
        for (const r of recipients) {
          const isThem = people(facts).some(
            ({ audience, person }) =>
              audience === r.audience &&
              r.key === `${audience}:${person.id}` &&
              person.mobileNumber &&
              r.phone === person.mobileNumber &&
              r.name === person.name,
          );
          expect(isThem, r.key).toBe(true);
        }
      }),
    );
  });

  it('never lists the same recipient key twice', () => {
    fc.assert(
      fc.property(anyFacts, (facts) => {
        const keys = recipientsOf(facts).map((r) => r.key);

        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });

  it("addresses people only under an audience the event's matrix row lists", () => {
    fc.assert(
      fc.property(anyFacts, (facts) => {
        for (const r of recipientsOf(facts)) expect(NOTIFICATION_MATRIX[facts.event]).toContain(r.audience);
      }),
    );
  });

  it('reaches everyone with a mobile number whose audience hears about the event', () => {
    fc.assert(
      fc.property(anyFacts, (facts) => {
        // Arrange
        const shouldHear = people(facts).filter(
          ({ audience, person }) =>
            person.mobileNumber &&
            NOTIFICATION_MATRIX[facts.event].includes(audience) &&
            (audience !== 'customer' || facts.customerNotificationsEnabled),
        );

        // Act
        const keys = recipientsOf(facts).map((r) => r.key);

        // Assert
        for (const { audience, person } of shouldHear) expect(keys).toContain(`${audience}:${person.id}`);
      }),
    );
  });

  it('gives the same people the same keys on every call and in whatever order the staff are listed, so a retry messages nobody twice', () => {
    fc.assert(
      fc.property(anyFacts, (facts) => {
        // Arrange
        const reordered = { ...facts, staff: [...facts.staff].reverse() };

        // Act
        const first = recipientsOf(facts);
        const again = recipientsOf(facts);
        const fromReordered = recipientsOf(reordered);

        // Assert
        expect(again).toEqual(first);
        expect(fromReordered.map((r) => r.key).sort()).toEqual(first.map((r) => r.key).sort());
      }),
    );
  });

  it('messages a staff member listed twice only once', () => {
    // Arrange
    const accountant: StaffMember = {
      id: 'acct-1',
      name: 'Sara Khan',
      role: 'accountant',
      mobileNumber: '+971501110002',
    };
    const facts: EventFacts = {
      event: 'order.created',
      customerNotificationsEnabled: true,
      staff: [accountant, { ...accountant }],
    };

    // Act
    const recipients = recipientsOf(facts);

    // Assert
    expect(recipients).toEqual([
      { audience: 'accountant', key: 'accountant:acct-1', phone: '+971501110002', name: 'Sara Khan' },
    ]);
  });
});

// --- who hears about what (the table in docs/notifications.md) --------------------------------------------------------

describe('who hears about what', () => {
  it('tells the marketer about every event', () => {
    fc.assert(
      fc.property(anyEvent, fc.boolean(), (event, enabled) => {
        expect(audiencesHearing(event, enabled)).toContain('marketer');
      }),
    );
  });

  it('tells the customer about every event except a sent contract, when customer notifications are on', () => {
    fc.assert(
      fc.property(anyEvent, (event) => {
        expect(audiencesHearing(event).includes('customer')).toBe(event !== 'contract.sent');
      }),
    );
  });

  it('does not tell the customer a contract was sent (they receive the contract itself)', () => {
    // Act
    const recipients = recipientsOf(everyoneFor('contract.sent'));

    // Assert
    expect(recipients.map((r) => r.audience)).not.toContain('customer');
  });

  it('tells only the marketer that a contract was sent', () => {
    expect(audiencesHearing('contract.sent')).toEqual(['marketer']);
  });

  it('tells accountants of a new order (deposit to confirm), a signed contract, a delivery and a cancellation (refunds), and of nothing else', () => {
    const accountantsHear = new Set<OrderEvent>([
      'order.created',
      'contract.signed',
      'order.delivered',
      'order.cancelled',
    ]);
    fc.assert(
      fc.property(anyEvent, (event) => {
        expect(audiencesHearing(event).includes('accountant')).toBe(accountantsHear.has(event));
      }),
    );
  });

  it('tells operations of a new order, a confirmed deposit (inspection to schedule), a completed inspection, a signed contract, a confirmed payment (purchase the car) and a cancellation, and of nothing else', () => {
    const operationsHear = new Set<OrderEvent>([
      'order.created',
      'deposit.confirmed',
      'inspection.completed',
      'contract.signed',
      'payment.confirmed',
      'order.cancelled',
    ]);
    fc.assert(
      fc.property(anyEvent, (event) => {
        expect(audiencesHearing(event).includes('operations')).toBe(operationsHear.has(event));
      }),
    );
  });

  it('still tells the marketer, accountants and operations of a cancellation when customer notifications are off', () => {
    // Act
    const audiences = audiencesHearing('order.cancelled', false);

    // Assert
    expect(audiences.sort()).toEqual(['accountant', 'marketer', 'operations']);
  });

  it('skips a customer without a mobile number and still reaches the others', () => {
    // Arrange
    const facts = everyoneFor('order.shipped');
    facts.customer = { id: 'cust-1', name: 'Ahmed Said' };

    // Act
    const recipients = recipientsOf(facts);

    // Assert
    expect(recipients).toEqual([
      { audience: 'marketer', key: 'marketer:mkt-1', phone: '+971501110001', name: 'Mina Park' },
    ]);
  });
});

// --- the text a recipient reads --------------------------------------------------------------------

/** The notification's template, rendered as the recipient reads it. */
function messageText(
  event: OrderEvent,
  audience: Audience,
  order: { orderNumber: number; car: string; paidFromWallet?: boolean; depositReceived?: boolean },
  name: string,
  language: ChatLanguage = 'en',
): string {
  const { key, parameters } = notificationTemplate(event, audience, order, name);
  const template = chatTemplate(key);
  if (!template) throw new Error(`no template ${key}`);
  const text = renderTemplate(template, language, parameters);
  if (text === undefined) throw new Error(`template ${key} does not take ${parameters.length} parameters`);
  return text;
}

describe('the text of a notification', () => {
  const anyOrderNumber = fc.integer({ min: 1, max: 10_000_000 });
  /** Parameters as Meta takes them: no surrounding or long runs of spaces (notificationTemplate tidies those). */
  const plainText = fc
    .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 40 })
    .filter((s) => s.trim() === s && !/\s{2,}|[\r\n\t]/.test(s));
  /** The order number as a whole number, not the start of a longer one. */
  const namesOrder = (text: string, orderNumber: number) => new RegExp(`#${orderNumber}(?!\\d)`).test(text);

  it('names the order number and the car, whoever it is for', () => {
    fc.assert(
      fc.property(
        anyEvent,
        anyAudience,
        anyOrderNumber,
        plainText,
        anyName,
        (event, audience, orderNumber, car, name) => {
          // Act
          const text = messageText(event, audience, { orderNumber, car }, name);

          // Assert
          expect(namesOrder(text, orderNumber)).toBe(true);
          expect(text).toContain(car);
        },
      ),
    );
  });

  it('greets the customer by name', () => {
    fc.assert(
      fc.property(anyEvent, anyOrderNumber, plainText, plainText, (event, orderNumber, car, name) => {
        // Act
        const text = messageText(event, 'customer', { orderNumber, car }, name);

        // Assert
        expect(text.startsWith(`Hello ${name},`)).toBe(true);
      }),
    );
  });

  it('does not put the recipient name in a staff message', () => {
    fc.assert(
      fc.property(
        anyEvent,
        staffAudience,
        anyOrderNumber,
        plainText,
        plainText,
        plainText,
        (event, audience, orderNumber, car, name, otherName) => {
          // Act
          const text = messageText(event, audience, { orderNumber, car }, name);
          const withOtherName = messageText(event, audience, { orderNumber, car }, otherName);

          // Assert
          expect(text).toBe(withOtherName);
        },
      ),
    );
  });

  it('is a printable English sentence for plain input', () => {
    fc.assert(
      fc.property(
        anyEvent,
        anyAudience,
        anyOrderNumber,
        plainText,
        anyName,
        (event, audience, orderNumber, car, name) => {
          // Act
          const text = messageText(event, audience, { orderNumber, car }, name);

          // Assert
          expect(text).toMatch(/^[\x20-\x7E]+$/); // no Korean or Arabic left over
          expect(text).toMatch(/[a-z]{3,}( [a-z;,]+)*\.$/);
          expect(text.replace(car, '').replace(name, '')).not.toMatch(/undefined|null|NaN|\{|\}/);
        },
      ),
    );
  });

  it('says something different for every event, to the customer and to staff', () => {
    // Arrange
    const order = { orderNumber: 4217, car: 'Hyundai Palisade 2023' };

    // Act
    const customerTexts = ORDER_EVENTS.map((event) => messageText(event, 'customer', order, 'Ahmed Said'));
    const staffTexts = ORDER_EVENTS.map((event) => messageText(event, 'operations', order, 'Omar Ali'));

    // Assert
    expect(new Set(customerTexts).size).toBe(ORDER_EVENTS.length);
    expect(new Set(staffTexts).size).toBe(ORDER_EVENTS.length);
  });
});

// --- the event a status change announces ------------------------------------------------------------

describe('EVENT_OF_STATUS', () => {
  /** "PaymentConfirmed" -> ["payment", "confirmed"]. */
  const wordsOf = (status: OrderStatus) => status.split(/(?=[A-Z])/).map((w) => w.toLowerCase());
  const order = { orderNumber: 4217, car: 'Hyundai Palisade 2023' };

  it('announces nothing when a payment is submitted', () => {
    expect(EVENT_OF_STATUS.PaymentSubmitted).toBeUndefined();
  });

  it('announces every other status change with an event of its own', () => {
    // Act
    const announced = ORDER_STATUSES.filter((s) => s !== 'PaymentSubmitted').map((s) => EVENT_OF_STATUS[s]);

    // Assert
    for (const event of announced) expect(ORDER_EVENTS).toContain(event);
    expect(new Set(announced).size).toBe(announced.length);
  });

  it('leaves unannounced by a status change only contract.sent (the contracts service sends it) and the voyage (the shipment sends those)', () => {
    // Act
    const announced = new Set(Object.values(EVENT_OF_STATUS));

    // Assert
    expect(ORDER_EVENTS.filter((e) => !announced.has(e))).toEqual([
      'contract.sent',
      'shipment.booked',
      'shipment.departed',
      'shipment.arrived',
    ]);
  });

  it("tells the customer the order's new status in words", () => {
    for (const status of ORDER_STATUSES.filter((s) => s !== 'DepositSubmitted' && s !== 'PaymentSubmitted')) {
      // Act
      const text = messageText(EVENT_OF_STATUS[status]!, 'customer', order, 'Ahmed Said');

      // Assert
      for (const word of wordsOf(status)) expect(text, status).toContain(word);
    }
  });

  it('tells the customer a new order (DepositSubmitted) was received', () => {
    // Act
    const text = messageText(EVENT_OF_STATUS.DepositSubmitted!, 'customer', order, 'Ahmed Said');

    // Assert
    expect(text).toContain('received your order');
  });

  it('announces a signed contract (ContractSigned) to the customer, the marketer, accountants and operations', () => {
    // Act
    const audiences = audiencesHearing(EVENT_OF_STATUS.ContractSigned!);

    // Assert
    expect(audiences.sort()).toEqual(['accountant', 'customer', 'marketer', 'operations']);
  });
});

describe('the words on the wallet path', () => {
  const order = { orderNumber: 42, car: 'Kia K5', paidFromWallet: true };

  it('does not ask the staff of a wallet-paid order to confirm a deposit', () => {
    expect(messageText('order.created', 'accountant', order, 'Sara')).toBe(
      'Order #42 (Kia K5): new order paid from the wallet; inspection scheduled.',
    );
  });

  it('tells the staff of a wallet-paid order that a signed contract means purchase, not payment', () => {
    const text = messageText('contract.signed', 'operations', order, 'Omar');

    expect(text).toMatch(/purchase the car/);
    expect(text).not.toMatch(/payment next/);
  });

  it('keeps the deposit path words for orders paid by deposit', () => {
    expect(messageText('order.created', 'accountant', { ...order, paidFromWallet: false }, 'Sara')).toMatch(
      /deposit to confirm/,
    );
    expect(
      messageText('order.created', 'accountant', { ...order, paidFromWallet: false, depositReceived: true }, 'Sara'),
    ).toMatch(/deposit to confirm/);
  });

  it('tells staff, in their language, that an order placed without a receipt has no deposit yet; the customer hears as before', () => {
    const unpaid = { ...order, paidFromWallet: false, depositReceived: false };
    for (const audience of ['accountant', 'operations', 'marketer'] as const) {
      expect(messageText('order.created', audience, unpaid, 'Sara')).toBe(
        'Order #42 (Kia K5): new order placed; no deposit received yet.',
      );
      expect(messageText('order.created', audience, unpaid, 'Sara', 'ar')).toBe(
        'الطلب #42 (Kia K5): طلب جديد؛ لم يُستلم العربون بعد.',
      );
    }
    expect(messageText('order.created', 'customer', unpaid, 'Sara')).toBe(
      messageText('order.created', 'customer', { ...order, paidFromWallet: false }, 'Sara'),
    );
    // A wallet-paid order has no deposit step at all: its own words.
    expect(
      messageText('order.created', 'accountant', { ...order, paidFromWallet: true, depositReceived: false }, 'Sara'),
    ).toMatch(/paid from the wallet/);
    // Only the order's creation has these words.
    expect(notificationTemplate('deposit.confirmed', 'accountant', unpaid, 'Sara').key).toBe('deposit_confirmed_staff');
  });
});
