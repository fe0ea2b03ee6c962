/**
 * The outbox consumer (lib/outbox/processor.ts) against the test stack's DynamoDB Local.
 *
 * The stack's local runner (in the vitest main process) processes every *due* event every
 * 250 ms. Events these tests drive themselves are written due in the year 2999, so the runner
 * never sees them, and a failed attempt here is rescheduled at least minutes ahead
 * (OUTBOX_RETRY_BASE_MS below; it only affects this worker process), so the runner never
 * steps in between two attempts. processEvent does not look at nextAttemptAt, so the tests
 * call it again at once. The crash test and the replay test let the runner deliver, as it would.
 */
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { tableName } from '../../lib/config.js';
import { newId } from '../../lib/domain/ids.js';
import type { OrderEvent } from '../../lib/domain/notifications.js';
import { ChannelError } from '../../lib/notify/message.js';
import { listChatLog } from '../../lib/store/chat-log.js';
import { processEvent, type Outcome, type ProcessorDeps } from '../../lib/use-cases/outbox/process-event.js';
import {
  getOutboxEvent,
  newOutboxEvent,
  outboxPutItem,
  parkedEvents,
  type OutboxEvent,
} from '../../lib/store/outbox.js';
import { ddb } from '../../lib/store/client.js';
import * as keys from '../../lib/store/keys.js';
import { putHistoryItem, putOrderItem, type OrderRecord } from '../../lib/store/orders.js';
import { listStaff } from '../../lib/store/users.js';
import { CHAT_FAIL_NUMBER } from '../support/global-setup.js';
import { api, demoKey, uniquePhone } from '../support/http.js';
import { messagesTo } from '../support/order-children.js';
import { newStaffUser } from '../support/staff.js';
import { placeOrder } from '../support/orders.js';
import {
  about,
  customerWithPhone,
  DEMO_ACCOUNTANT,
  DEMO_MARKETER,
  DEMO_OPERATIONS,
  GULF,
  messagesSince,
  RecordingChannel,
  RUNNER_WAIT_MS,
  tally,
  waitFor,
  writeOutboxEvent,
  notificationText,
} from '../support/outbox.js';

// Read by fail() and maxAttempts() on every call, in this worker only (the runner has its own defaults).
process.env.OUTBOX_RETRY_BASE_MS = String(3_600_000); // capped at 15 minutes: far beyond any test here
process.env.OUTBOX_MAX_ATTEMPTS = '5';
process.env.LOG_LEVEL = 'error'; // the failed attempts below are expected

const unavailable = () =>
  new ChannelError('UNAVAILABLE', 'WhatsApp is down (test)', { retryable: true, httpStatus: 503, attempts: 3 });
const deps = (channel: RecordingChannel): ProcessorDeps => ({
  channel,
  copy: async () => {
    throw new Error('notification events copy no images');
  },
});

interface Recipients {
  /** phone -> delivery key, for everyone a contract.signed event of this order reaches. */
  byPhone: Map<string, string>;
  phones: string[];
  keys: string[];
}

/** Every Gulf accountant and operations user with a phone (the seed gives one of each). */
let staff: Array<{ id: string; role: 'accountant' | 'operations'; mobileNumber: string }> = [];

beforeAll(async () => {
  const [accountants, operations] = await Promise.all([listStaff(GULF, 'accountant'), listStaff(GULF, 'operations')]);
  staff = [
    ...accountants
      .filter((u) => u.mobileNumber)
      .map((u) => ({ id: u.id, role: 'accountant' as const, mobileNumber: u.mobileNumber! })),
    ...operations
      .filter((u) => u.mobileNumber)
      .map((u) => ({ id: u.id, role: 'operations' as const, mobileNumber: u.mobileNumber! })),
  ];
  expect(staff.map((u) => u.mobileNumber)).toEqual(
    expect.arrayContaining([DEMO_ACCOUNTANT.phone, DEMO_OPERATIONS.phone]),
  );
});

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Who a contract.signed event reaches (all four audiences): the customer, the marketer, the staff. */
function recipientsFor(customer: { id: string; mobileNumber: string }): Recipients {
  const byPhone = new Map<string, string>([
    [customer.mobileNumber, `customer:${customer.id}`],
    [DEMO_MARKETER.phone, `marketer:${DEMO_MARKETER.id}`],
    ...staff.map((u) => [u.mobileNumber, `${u.role}:${u.id}`] as [string, string]),
  ]);
  return { byPhone, phones: [...byPhone.keys()], keys: [...byPhone.values()] };
}

/** A real order over HTTP (the accountant, for the demo marketer), so the consumer can read it. */
async function realOrder(): Promise<{ order: any; recipients: Recipients }> {
  const customer = await customerWithPhone(uniquePhone());
  const order = await placeOrder(demoKey('accountant'), {
    customerId: customer.id,
    marketerId: DEMO_MARKETER.id,
    totalAmount: 21_000,
    carDetails: { makeEn: 'Kia', modelEn: 'Sorento', year: 2022 },
  });
  return { order, recipients: recipientsFor(customer) };
}

const once = (phones: string[]) => Object.fromEntries(phones.map((p) => [p, 1]));
const stored = async (id: string): Promise<OutboxEvent> => (await getOutboxEvent(id))!;

describe('outbox consumer: retries deliver exactly once', () => {
  it('retries while the channel fails three times, then delivers one message to every recipient', async () => {
    // Arrange
    const { order, recipients } = await realOrder();
    const event = await writeOutboxEvent({ orderId: order.id, event: 'contract.signed' });
    let failuresLeft = 3;
    const channel = new RecordingChannel(() => (failuresLeft-- > 0 ? unavailable() : undefined));

    // Act
    const outcomes: Outcome[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) outcomes.push(await processEvent(event.id, deps(channel)));
    const again = await processEvent(event.id, deps(channel));

    // Assert
    expect(outcomes).toEqual(['retry', 'retry', 'retry', 'done']);
    expect(again).toBe('skipped');
    expect(channel.delivered()).toEqual(once(recipients.phones));
    expect(channel.sends.filter((s) => !s.ok)).toHaveLength(3);
    const done = await stored(event.id);
    expect(done).toMatchObject({ status: 'done', attempts: 4 });
    expect(Object.keys(done.deliveries).sort()).toEqual([...recipients.keys].sort());
    expect(Object.values(done.deliveries).sort()).toEqual(
      channel.sends
        .filter((s) => s.ok)
        .map((s) => s.messageId)
        .sort(),
    );
    for (const send of channel.sends.filter((s) => s.ok))
      expect(send.text).toContain(`#${order.orderNumber} (Kia Sorento 2022)`);
    console.info(
      `fails 3 times then succeeds: ${outcomes.join(' -> ')}; sends per recipient ${JSON.stringify(channel.attempted())}, successful ${JSON.stringify(channel.delivered())}`,
    );
  });

  it('after a failure part-way through, the retry sends only to the recipients not yet reached', async () => {
    // Arrange
    const { order, recipients } = await realOrder();
    const event = await writeOutboxEvent({ orderId: order.id, event: 'contract.signed' });
    let accountantFailuresLeft = 1;
    const channel = new RecordingChannel((to) =>
      to === DEMO_ACCOUNTANT.phone && accountantFailuresLeft-- > 0 ? unavailable() : undefined,
    );

    // Act
    const first = await processEvent(event.id, deps(channel));
    const afterFirst = await stored(event.id);
    const reachedFirst = channel.sends.filter((s) => s.ok).map((s) => s.to);
    const second = await processEvent(event.id, deps(channel));

    // Assert
    expect([first, second]).toEqual(['retry', 'done']);
    expect(reachedFirst).toEqual(expect.arrayContaining([order.customer.mobileNumber, DEMO_MARKETER.phone]));
    expect(Object.keys(afterFirst.deliveries).sort()).toEqual(
      reachedFirst.map((p) => recipients.byPhone.get(p)).sort(),
    );
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1, lastError: 'WhatsApp is down (test)' });
    const secondAttempt = channel.sends.slice(reachedFirst.length + 1);
    expect(secondAttempt.map((s) => s.to).filter((to) => reachedFirst.includes(to))).toEqual([]);
    expect(channel.delivered()).toEqual(once(recipients.phones));
    expect(channel.attempted()[DEMO_ACCOUNTANT.phone]).toBe(2);
    expect(Object.keys((await stored(event.id)).deliveries).sort()).toEqual([...recipients.keys].sort());
    console.info(
      `failure after ${reachedFirst.length} deliveries: ${first} -> ${second}; sends per recipient ${JSON.stringify(channel.attempted())}, successful ${JSON.stringify(channel.delivered())}`,
    );
  });

  it('lets only one of three consumers that race for the same event work on it', async () => {
    // Arrange
    const { order, recipients } = await realOrder();
    const event = await writeOutboxEvent({ orderId: order.id, event: 'contract.signed' });
    const channel = new RecordingChannel(undefined, 30);

    // Act
    const outcomes = await Promise.all([1, 2, 3].map(() => processEvent(event.id, deps(channel))));

    // Assert
    expect([...outcomes].sort()).toEqual(['done', 'skipped', 'skipped']);
    expect(channel.attempted()).toEqual(once(recipients.phones));
    expect(await stored(event.id)).toMatchObject({ status: 'done', attempts: 1 });
  });
});

describe('outbox consumer: parking and replay', () => {
  it('parks the event after the last attempt, lists it, and delivers it once after `outbox replay`', async () => {
    // Arrange
    const since = new Date().toISOString();
    const { order, recipients } = await realOrder();
    const event = await writeOutboxEvent({ orderId: order.id, event: 'contract.signed' });
    const channel = new RecordingChannel(() => unavailable());

    // Act: five attempts (OUTBOX_MAX_ATTEMPTS), every one refused by the channel
    const outcomes: Outcome[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) outcomes.push(await processEvent(event.id, deps(channel)));
    const parked = await stored(event.id);
    const listed = await parkedEvents(1000);
    const parkedCli = await cli(['outbox', 'parked', '--json']);
    const replayCli = await cli(['outbox', 'replay', event.id, '--json']);
    // The runner finds the replayed event due and delivers it through the local chat channel.
    const delivered = await waitFor(
      'the replayed event to be delivered',
      async () => {
        const current = await stored(event.id);
        return current.status === 'done' ? current : undefined;
      },
      RUNNER_WAIT_MS,
    );
    const replayDone = await cli(['outbox', 'replay', event.id]);

    // Assert
    expect(outcomes).toEqual(['retry', 'retry', 'retry', 'retry', 'parked']);
    expect(channel.delivered()).toEqual({});
    expect(parked).toMatchObject({
      status: 'parked',
      attempts: 5,
      lastError: 'WhatsApp is down (test)',
      deliveries: {},
    });
    expect(listed.map((e) => e.id)).toContain(event.id);
    expect(parkedCli.code, parkedCli.stderr).toBe(0);
    expect(JSON.parse(parkedCli.stdout)).toContainEqual(
      expect.objectContaining({
        id: event.id,
        status: 'parked',
        attempts: 5,
        orderId: order.id,
        event: 'contract.signed',
      }),
    );
    expect(replayCli.code, replayCli.stderr).toBe(0);
    expect(JSON.parse(replayCli.stdout)).toEqual({ replayed: event.id });
    // A fresh attempt budget: the one successful attempt after the replay.
    expect(delivered).toMatchObject({ status: 'done', attempts: 1 });
    expect(Object.keys(delivered.deliveries).sort()).toEqual([...recipients.keys].sort());
    for (const messageId of Object.values(delivered.deliveries)) expect(messageId).toMatch(/^local\./);
    expect((await parkedEvents(1000)).map((e) => e.id)).not.toContain(event.id);
    const signed = about(await messagesSince(since), order.orderNumber).filter((m) =>
      /contract (is )?signed/.test(m.text ?? ''),
    );
    expect(tally(signed.map((m) => m.to))).toEqual(once(recipients.phones));
    expect(replayDone.code).toBe(1);
    expect(replayDone.stderr).toContain(`No outbox event ${event.id} waiting to be replayed`);
    console.info(
      `parked after ${outcomes.length} attempts (${channel.sends.length} failed sends); after replay, local outbox messages per recipient ${JSON.stringify(tally(signed.map((m) => m.to)))}`,
    );
  }, 120_000);
});

describe('outbox consumer: events written before the queue of due events (GSI10)', () => {
  it('takes up an event due on GSI1, as the previous version wrote it, delivers it once and takes it off GSI1', async () => {
    // Arrange: the item as the previous version's outboxPutItem wrote it, due now on GSI1 and absent from the queue
    const since = new Date().toISOString();
    const { order, recipients } = await realOrder();
    const event = newOutboxEvent(
      { id: newId(), kind: 'notify', event: 'contract.signed', orderId: order.id, tenantId: GULF, payload: {} },
      since,
    );
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.outboxEvent(event.id),
          gsi1pk: 'OUTBOX#DUE',
          gsi1sk: `${since}#${event.id}`,
          entity: 'outboxEvent',
          ...event,
        },
      }),
    );

    // Act: the stack's runner finds it due and delivers it through the local chat channel
    const delivered = await waitFor(
      'the earlier event to be delivered',
      async () => {
        const current = await stored(event.id);
        return current.status === 'done' ? current : undefined;
      },
      RUNNER_WAIT_MS,
    );

    // Assert
    const item = (
      await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.outboxEvent(event.id), ConsistentRead: true }))
    ).Item!;
    expect(Object.keys(delivered.deliveries).sort()).toEqual([...recipients.keys].sort());
    expect(item).not.toHaveProperty('gsi1pk');
    expect(item).not.toHaveProperty('gsi10pk');
    const signed = about(await messagesSince(since), order.orderNumber).filter((m) =>
      /contract (is )?signed/.test(m.text ?? ''),
    );
    expect(tally(signed.map((m) => m.to))).toEqual(once(recipients.phones));
  });
});

describe('outbox consumer: a crash right after the change commits', () => {
  it('still delivers the messages of a change whose function never got further than the commit', async () => {
    // Arrange: what createOrder writes, committed in one transaction, and then nothing (the
    // function "crashed"): no consumer is called by this test.
    const customer = await customerWithPhone(uniquePhone(), 'Crash Customer');
    const now = new Date().toISOString();
    const order: OrderRecord = {
      id: newId(),
      // Far above the counter, so it cannot share a number with a real order of this run.
      orderNumber: 900_000_000 + Math.floor(Math.random() * 99_000_000),
      status: 'DepositSubmitted',
      version: 1,
      customerId: customer.id,
      marketerId: DEMO_MARKETER.id,
      tenantId: GULF,
      carDetails: { makeEn: 'Genesis', modelEn: 'GV80', year: 2023, customerNotificationsEnabled: true },
      totalAmount: 52_000,
      currency: 'USD',
      notes: null,
      inspectionDate: null,
      paidFromWallet: false,
      customer: { id: customer.id, name: customer.name, mobileNumber: customer.mobileNumber },
      marketer: { id: DEMO_MARKETER.id, name: 'Mina Park (demo marketer)', mobileNumber: DEMO_MARKETER.phone },
      createdByKeyId: 'test-crash',
      createdAt: now,
      updatedAt: now,
    };
    const event = newOutboxEvent(
      { id: newId(), kind: 'notify', event: 'order.created', orderId: order.id, tenantId: GULF, payload: {} },
      now,
    );
    const since = new Date().toISOString();

    // Act
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          putOrderItem(order),
          putHistoryItem({
            id: newId(),
            orderId: order.id,
            from: null,
            to: 'DepositSubmitted',
            by: 'test',
            role: 'accountant',
            at: now,
          }),
          outboxPutItem(event),
        ],
      }),
    );
    const delivered = await waitFor(
      'the local runner to deliver the committed event',
      async () => {
        const current = await getOutboxEvent(event.id);
        return current?.status === 'done' ? current : undefined;
      },
      RUNNER_WAIT_MS,
    );

    // Assert
    const expected = recipientsFor(customer);
    expect(delivered).toMatchObject({ status: 'done', attempts: 1 });
    expect(Object.keys(delivered.deliveries).sort()).toEqual([...expected.keys].sort());
    const listed = about(await listChatLog(1000), order.orderNumber);
    expect(tally(listed.map((m) => m.to))).toEqual(once(expected.phones));
    expect(listed.find((m) => m.to === customer.mobileNumber)?.text).toBe(
      `Hello Crash Customer, order #${order.orderNumber} (Genesis GV80 2023): we have received your order. Reply STOP to stop these messages.`,
    );
    expect(listed.find((m) => m.to === DEMO_OPERATIONS.phone)?.text).toBe(
      `Order #${order.orderNumber} (Genesis GV80 2023): new order placed; deposit to confirm.`,
    );
    expect((await messagesSince(since)).filter((m) => m.text?.includes(`#${order.orderNumber} `))).toHaveLength(
      expected.phones.length,
    );
  }, 120_000);
});

describe('outbox consumer: a recipient the channel refuses for good', () => {
  it('records the refused customer as failed:REJECTED, still messages the staff, and finishes the event', async () => {
    // Arrange: an order whose customer has the number the local chat channel refuses
    vi.stubEnv('CHAT_LOCAL_FAIL_NUMBERS', CHAT_FAIL_NUMBER);
    const now = new Date().toISOString();
    const customerId = newId();
    const orderNumber = 900_000_000 + Math.floor(Math.random() * 99_000_000);
    const orderId = newId();
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        // Only the order item itself (no list indexes): what the consumer reads.
        Item: {
          ...keys.order(orderId),
          entity: 'order',
          id: orderId,
          orderNumber,
          status: 'Cancelled',
          version: 2,
          customerId,
          tenantId: GULF,
          carDetails: { title: 'Hyundai Tucson 1.6T', customerNotificationsEnabled: true },
          customer: { id: customerId, name: 'Refused Customer', mobileNumber: CHAT_FAIL_NUMBER },
          marketer: { id: DEMO_MARKETER.id, name: 'Mina Park (demo marketer)', mobileNumber: DEMO_MARKETER.phone },
          createdAt: now,
          updatedAt: now,
        },
      }),
    );
    const event = await writeOutboxEvent({ orderId, event: 'order.cancelled' });

    // Act: the real (local) chat channel, as the consumer is configured by default
    const outcome = await processEvent(event.id);

    // Assert
    const expected = recipientsFor({ id: customerId, mobileNumber: CHAT_FAIL_NUMBER });
    const done = await stored(event.id);
    expect(outcome).toBe('done');
    expect(done.status).toBe('done');
    expect(done.deliveries[`customer:${customerId}`]).toBe('failed:REJECTED');
    expect(Object.keys(done.deliveries).sort()).toEqual([...expected.keys].sort());
    for (const key of expected.keys.filter((k) => !k.startsWith('customer:')))
      expect(done.deliveries[key], key).toMatch(/^local\./);
    const listed = about(await listChatLog(1000), orderNumber);
    expect(tally(listed.map((m) => m.to))).toEqual(once(expected.phones.filter((p) => p !== CHAT_FAIL_NUMBER)));
    expect(listed.every((m) => m.text === `Order #${orderNumber} (Hyundai Tucson 1.6T): order cancelled.`)).toBe(true);
  });
});

describe('outbox consumer: who hears of an event is decided when it happens', () => {
  const ops = () => demoKey('operations');

  it('messages the customer whose notifications were on at the event, though they were switched off before delivery', async () => {
    // Arrange
    const { order, recipients } = await realOrder();
    const event = await writeOutboxEvent({
      orderId: order.id,
      event: 'contract.signed',
      payload: { customerNotificationsEnabled: true },
    });
    const off = await api('PATCH', `/api/v1/orders/${order.id}/customer-notifications`, {
      key: ops(),
      body: { enabled: false, version: order.version },
    });
    expect(off.status, off.text).toBe(200);
    const channel = new RecordingChannel();

    // Act
    await processEvent(event.id, deps(channel));

    // Assert
    expect(channel.delivered()[recipients.phones[0]!]).toBe(1);
  });

  it('does not message the customer whose notifications were off at the event, though they were switched on before delivery', async () => {
    // Arrange
    const { order, recipients } = await realOrder();
    const event = await writeOutboxEvent({
      orderId: order.id,
      event: 'contract.signed',
      payload: { customerNotificationsEnabled: false },
    });
    const channel = new RecordingChannel();

    // Act
    await processEvent(event.id, deps(channel));

    // Assert
    expect(channel.delivered()[recipients.phones[0]!]).toBeUndefined();
    expect(channel.delivered()[DEMO_ACCOUNTANT.phone]).toBe(1);
  });

  it('messages the staff of the moment: not one registered after the event, still one deactivated after it', async () => {
    // Arrange
    const { order } = await realOrder();
    const leaver = await newStaffUser('accountant', GULF, { name: 'Leaves after the event' });
    const leaverPhone = (await api('GET', `/api/v1/users/${leaver}`, { key: demoKey('admin') })).body.data
      .mobileNumber as string;
    const event = await writeOutboxEvent({
      orderId: order.id,
      event: 'contract.signed',
      payload: { customerNotificationsEnabled: true },
    });
    const deactivated = await api('POST', `/api/v1/users/${leaver}/deactivate`, { key: demoKey('admin') });
    expect(deactivated.status, deactivated.text).toBe(200);
    const newcomer = await newStaffUser('accountant', GULF, { name: 'Joins after the event' });
    const newcomerPhone = (await api('GET', `/api/v1/users/${newcomer}`, { key: demoKey('admin') })).body.data
      .mobileNumber as string;
    const channel = new RecordingChannel();

    // Act
    await processEvent(event.id, deps(channel));

    // Assert
    expect(channel.delivered()[leaverPhone]).toBe(1);
    expect(channel.delivered()[newcomerPhone]).toBeUndefined();
    // Other test files count Gulf's staff messages: the newcomer leaves again.
    await api('POST', `/api/v1/users/${newcomer}/deactivate`, { key: demoKey('admin') });
  });
});

describe("outbox consumer: an order's messages go out in the order of its events", () => {
  const SEQUENCE: OrderEvent[] = [
    'deposit.confirmed',
    'inspection.scheduled',
    'inspection.completed',
    'contract.signed',
    'order.purchased',
    'order.shipped',
  ];

  it("delivers each recipient an order's messages in sequence while 3 consumers race over the events in random order, with failures", async () => {
    // Arrange: the order's own creation message (sequence 1) goes first, through the local runner.
    const { order } = await realOrder();
    await waitFor(
      'the order-created message',
      async () =>
        (await messagesTo(DEMO_MARKETER.phone)).some((m) => m.text?.includes(`#${order.orderNumber} `))
          ? true
          : undefined,
      RUNNER_WAIT_MS,
    );
    const events = [];
    for (const [i, event] of SEQUENCE.entries())
      events.push(
        await writeOutboxEvent({
          orderId: order.id,
          event,
          orderSeq: i + 2,
          payload: { customerNotificationsEnabled: true },
        }),
      );
    let sendIndex = 0;
    // Every fourth send fails (retryable), so attempts are retried out of order too.
    const channel = new RecordingChannel(() => (sendIndex++ % 4 === 3 ? unavailable() : undefined), 5);
    const pending = new Set(events.map((e) => e.id));

    // Act: three consumers, each taking the events in its own random order until all are done.
    const consumer = async () => {
      for (let round = 0; round < 200 && pending.size > 0; round += 1) {
        for (const id of [...pending].sort(() => Math.random() - 0.5)) {
          const current = await getOutboxEvent(id);
          if (current?.status === 'done') pending.delete(id);
          // A consumer given an event id works on it whatever its back-off (the sweeper honours that).
          else if (current?.status === 'pending') await processEvent(id, deps(channel));
        }
      }
    };
    await Promise.all([consumer(), consumer(), consumer()]);

    // Assert
    expect(pending.size).toBe(0);
    const phrases = SEQUENCE.map((event) =>
      notificationText(event, 'marketer', { orderNumber: order.orderNumber, car: 'Kia Sorento 2022' }, ''),
    );
    const toMarketer = channel.sends.filter((s) => s.ok && s.to === DEMO_MARKETER.phone).map((s) => s.text);
    expect(toMarketer).toEqual(phrases);
  }, 120_000);
});

describe('outbox consumer: a failed attempt is given back promptly', () => {
  it('gives the event back for its retry once the table answers again, instead of holding it for the lease', async () => {
    // Arrange: every send fails, and the first three writes recording the failure fail too (the table is briefly unreachable).
    const { order } = await realOrder();
    const event = await writeOutboxEvent({
      orderId: order.id,
      event: 'contract.signed',
      payload: { customerNotificationsEnabled: true },
    });
    let refusals = 3;
    const name = `outage-${newId()}`;
    ddb.middlewareStack.add(
      (next, context) => async (args) => {
        const input = (args as { input?: { Key?: { pk?: string }; UpdateExpression?: string } }).input;
        if (
          refusals > 0 &&
          String(context.commandName).startsWith('Update') &&
          input?.Key?.pk === keys.outboxEvent(event.id).pk &&
          input.UpdateExpression?.includes('lastError')
        ) {
          refusals -= 1;
          throw Object.assign(new Error('injected: DynamoDB unreachable'), {
            name: 'TimeoutError',
            code: 'ECONNRESET',
          });
        }
        return next(args);
      },
      { step: 'initialize', name },
    );

    // Act
    let outcome: Outcome;
    try {
      outcome = await processEvent(event.id, deps(new RecordingChannel(() => unavailable())));
    } finally {
      ddb.middlewareStack.remove(name);
    }

    // Assert
    const after = await stored(event.id);
    expect(refusals).toBe(0);
    expect(outcome).toBe('retry');
    expect(after).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/WhatsApp is down/),
    });
    expect(after.leaseUntil).toBeUndefined();
  });
});

describe("outbox consumer: the customer's messages carry the buyer's tracking link", () => {
  /** The token of a tracking link in a text: 32 base64url characters after /track/. */
  const TRACK = /\/track\/([A-Za-z0-9_-]{32})(?![A-Za-z0-9_-])/;

  it("shows the order's link in the customer's order-created message in the local chat log, and in no staff message", async () => {
    // Arrange: a real order over HTTP; the stack's local runner sends its order-created messages.
    const { order, recipients } = await realOrder();
    const customerPhone = recipients.phones[0]!;

    // Act
    const toCustomer = await waitFor(
      "the customer's order-created message",
      async () => (await listChatLog(50, customerPhone)).find((m) => m.text?.includes(`#${order.orderNumber} `)),
      RUNNER_WAIT_MS,
    );
    const toMarketer = await waitFor(
      "the marketer's order-created message",
      async () => about(await listChatLog(1000, DEMO_MARKETER.phone), order.orderNumber)[0],
      RUNNER_WAIT_MS,
    );
    const detail = await api('GET', `/api/v1/orders/${order.id}`, { key: demoKey('operations') });

    // Assert: the link is the order's (the detail's address follows the request's host, the
    // message's PUBLIC_API_URL, so only the tokens are compared).
    expect(toCustomer.template?.name).toBe('vpo_order_created_customer_link');
    const token = TRACK.exec(toCustomer.text ?? '')?.[1];
    expect(token, toCustomer.text).toBeDefined();
    expect(toCustomer.text).toContain(`Follow your order: `);
    expect(toCustomer.template?.parameters.at(-1)).toMatch(new RegExp(`^https?://[^ ]+/track/${token}$`));
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.data.trackingLink.url).toMatch(new RegExp(`/track/${token}$`));
    // The order was placed without a receipt: the staff template says so, and has no link variant.
    expect(toMarketer.template?.name).toBe('vpo_order_created_no_deposit_staff');
    expect(toMarketer.text).not.toMatch(/\/track\//);
  }, 120_000);
});
