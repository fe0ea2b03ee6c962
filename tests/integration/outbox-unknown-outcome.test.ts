/**
 * A message goes out, then the table goes away before its id is recorded, for longer than the
 * consumer keeps trying (20 s; 1 s here). The next attempt never sends it again; WhatsApp's report
 * of it (a status webhook echoing the callback data the message was sent with) names it, whether
 * the report comes before that attempt or after it: a delivered message does not stay `unknown`.
 *
 * The outage is injected into this process's DynamoDB client; the records live in a table of the
 * test's own (tests/support/outage.ts).
 */
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/domain/ids.js';
import { PLATFORM_SCOPE } from '../../lib/domain/scope.js';
import type { ChatChannel, ChatMessage } from '../../lib/notify/message.js';
import { listOrderMessages } from '../../lib/store/chat-messages.js';
import { ddb } from '../../lib/store/client.js';
import * as keys from '../../lib/store/keys.js';
import type { OrderRecord } from '../../lib/store/orders.js';
import { getOutboxEvent, newOutboxEvent, type OutboxEvent, outboxPutItem } from '../../lib/store/outbox.js';
import { receiveWhatsAppWebhook } from '../../lib/use-cases/whatsapp-webhook.js';
import { processEvent } from '../../lib/use-cases/outbox/process-event.js';
import { statusPayload } from '../../scripts/local/whatsapp-webhook.js';
import { uniquePhone } from '../support/http.js';
import { outageSwitch, useOwnTable } from '../support/outage.js';
import { sleep } from '../support/outbox.js';

process.env.OUTBOX_PERSIST_MS = '1000';
process.env.OUTBOX_RETRY_BASE_MS = '50';
process.env.LOG_LEVEL = 'error'; // the failed attempt below is expected

const TENANT = 'unknowntenant00000000001';
const noCopies = async (): Promise<string> => {
  throw new Error('notification events copy no images');
};
const OUTAGE_MS = 1_200;
useOwnTable('unknown-outcome');

async function seedOrder(): Promise<OrderRecord> {
  const now = new Date().toISOString();
  const order: OrderRecord = {
    id: newId(),
    orderNumber: 7001,
    status: 'DepositConfirmed',
    version: 2,
    customerId: newId(),
    tenantId: TENANT,
    carDetails: { makeEn: 'Kia', modelEn: 'Carnival', year: 2023 },
    totalAmount: 30_000,
    currency: 'USD',
    notes: null,
    inspectionDate: null,
    paidFromWallet: false,
    customer: { id: 'unknowncustomer000000001', name: 'Huda Saleh', mobileNumber: uniquePhone() },
    createdByKeyId: 'test',
    createdAt: now,
    updatedAt: now,
  };
  await ddb.send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: { ...keys.order(order.id), entity: 'order', ...order } }));
  return order;
}

/** The channel takes every message; the first one it takes, the table goes away for OUTAGE_MS. */
function channelThatLosesTheTable(outage: ReturnType<typeof outageSwitch>) {
  const sent: Array<ChatMessage & { messageId: string }> = [];
  const channel: ChatChannel = {
    async send(message) {
      const messageId = `wamid.test.${newId()}`;
      sent.push({ ...message, messageId });
      if (sent.length === 1) {
        // Down for OUTAGE_MS by the clock, not by a timer: a loaded machine that runs the timer
        // late would otherwise keep the table away past the consumer's retries of the failure too.
        const until = Date.now() + OUTAGE_MS;
        Object.defineProperty(outage.state, 'down', { get: () => Date.now() < until, set: () => undefined, configurable: true, enumerable: true });
      }
      return { messageId };
    },
  };
  return { channel, sent };
}

/** Attempts the event until it is done, as the sweeper would (the first attempt fails in the outage). */
async function deliverUntilDone(eventId: string, channel: ChatChannel): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const event = await getOutboxEvent(eventId).catch(() => undefined);
    if (event?.status === 'done') return;
    if (event && Date.parse(event.nextAttemptAt) <= Date.now()) await processEvent(eventId, { channel, copy: noCopies }, event).catch(() => undefined);
    await sleep(200);
  }
  throw new Error(`event ${eventId} not done`);
}

/** The order's deposit notification, as the change that confirmed the deposit put it in the outbox. */
async function seedDepositEvent(order: OrderRecord): Promise<OutboxEvent> {
  const event = newOutboxEvent(
    {
      id: newId(),
      kind: 'notify',
      event: 'deposit.confirmed',
      orderId: order.id,
      tenantId: TENANT,
      orderSeq: 1,
      payload: { customerNotificationsEnabled: true },
    },
    new Date().toISOString(),
  );
  await ddb.send(new TransactWriteCommand({ TransactItems: [outboxPutItem(event)] }));
  return event;
}

async function firstAttempt(): Promise<{
  order: OrderRecord;
  eventId: string;
  channel: ChatChannel;
  sent: Array<ChatMessage & { messageId: string }>;
  outage: ReturnType<typeof outageSwitch>;
}> {
  const order = await seedOrder();
  const event = await seedDepositEvent(order);
  const outage = outageSwitch();
  const { channel, sent } = channelThatLosesTheTable(outage);
  // The send answers, then recording it fails for longer than the consumer keeps trying.
  expect(await processEvent(event.id, { channel, copy: noCopies })).toBe('retry');
  outage.remove();
  return { order, eventId: event.id, channel, sent, outage };
}

const reportDelivered = (message: ChatMessage & { messageId: string }) =>
  receiveWhatsAppWebhook(statusPayload(message.messageId, 'delivered', { to: message.to, callbackData: message.callbackData }));

describe('a message whose id the table never got', () => {
  it('is listed delivered, not unknown, when WhatsApp reports it before the event is taken up again', async () => {
    // Arrange
    const { order, eventId, channel, sent, outage } = await firstAttempt();
    expect(outage.state.refused).toBeGreaterThan(0);
    expect(sent).toHaveLength(1);

    // Act
    const receipt = await reportDelivered(sent[0]!);
    await deliverUntilDone(eventId, channel);

    // Assert
    expect(receipt).toMatchObject({ statuses: 1, unknownStatuses: 0 });
    expect(sent.filter((m) => m.to === order.customer.mobileNumber)).toHaveLength(1);
    const messages = await listOrderMessages(PLATFORM_SCOPE, order.id);
    const toCustomer = messages.filter((m) => m.to === order.customer.mobileNumber);
    expect(toCustomer).toEqual([
      expect.objectContaining({
        messageId: sent[0]!.messageId,
        outcome: 'accepted',
        statuses: { delivered: expect.any(String) },
        text: expect.stringContaining('#7001'),
      }),
    ]);
    expect(messages.some((m) => m.outcome === 'unknown')).toBe(false);
  });

  it('is put right from unknown to delivered when WhatsApp reports it after the event was taken up again', async () => {
    // Arrange: the next attempt lists it unknown (nothing reported yet), and sends it no second time
    const { order, eventId, channel, sent } = await firstAttempt();
    await deliverUntilDone(eventId, channel);
    const before = (await listOrderMessages(PLATFORM_SCOPE, order.id)).filter((m) => m.to === order.customer.mobileNumber);
    expect(before).toEqual([expect.objectContaining({ outcome: 'unknown', reason: expect.stringContaining('not sent again') })]);

    // Act
    await reportDelivered(sent[0]!);
    const read = await receiveWhatsAppWebhook(statusPayload(sent[0]!.messageId, 'read', { to: sent[0]!.to, callbackData: sent[0]!.callbackData }));

    // Assert
    expect(sent.filter((m) => m.to === order.customer.mobileNumber)).toHaveLength(1);
    expect(read).toMatchObject({ statuses: 1, unknownStatuses: 0 });
    const after = (await listOrderMessages(PLATFORM_SCOPE, order.id)).filter((m) => m.to === order.customer.mobileNumber);
    expect(after).toEqual([
      expect.objectContaining({ messageId: sent[0]!.messageId, outcome: 'accepted', statuses: { delivered: expect.any(String), read: expect.any(String) } }),
    ]);
    expect(after[0]!.reason).toBeUndefined();
  });
});

describe("a message whose record was written, but not the event's note of it", () => {
  it('keeps its own id on the next attempt: neither sent again nor listed unknown, with nothing reported by WhatsApp', async () => {
    // Arrange: once the first message's record is written, the event's own writes fail for OUTAGE_MS
    const order = await seedOrder();
    const event = await seedDepositEvent(order);
    let until = 0;
    const name = `event-writes-down-${newId()}`;
    ddb.middlewareStack.add(
      (next, context) => async (args) => {
        const input = JSON.stringify(args.input);
        if (Date.now() < until && context.commandName === 'UpdateItemCommand' && /"pk":(\{"S":)?"OUTBOX#/.test(input)) {
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8100 (injected outage)'), {
            name: 'TimeoutError',
            code: 'ECONNREFUSED',
            $metadata: {},
          });
        }
        const result = await next(args);
        if (until === 0 && context.commandName === 'PutItemCommand' && /"entity":(\{"S":)?"chatMessage"/.test(input)) until = Date.now() + OUTAGE_MS;
        return result;
      },
      { step: 'initialize', name },
    );
    const sent: Array<ChatMessage & { messageId: string }> = [];
    const channel: ChatChannel = {
      async send(message) {
        const messageId = `wamid.test.${newId()}`;
        sent.push({ ...message, messageId });
        return { messageId };
      },
    };

    // Act
    try {
      expect(await processEvent(event.id, { channel, copy: noCopies })).toBe('retry');
    } finally {
      ddb.middlewareStack.remove(name);
    }
    expect(until).toBeGreaterThan(0);
    await deliverUntilDone(event.id, channel);

    // Assert
    const toCustomer = sent.filter((m) => m.to === order.customer.mobileNumber);
    expect(toCustomer).toHaveLength(1);
    const messages = await listOrderMessages(PLATFORM_SCOPE, order.id);
    expect(messages.filter((m) => m.to === order.customer.mobileNumber)).toEqual([
      expect.objectContaining({ messageId: toCustomer[0]!.messageId, outcome: 'accepted' }),
    ]);
    expect(messages.some((m) => m.outcome === 'unknown')).toBe(false);
    const done = await getOutboxEvent(event.id);
    expect(done?.status).toBe('done');
    expect(Object.values(done?.deliveries ?? {})).toContain(toCustomer[0]!.messageId);
  });
});
