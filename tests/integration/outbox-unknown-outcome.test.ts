/**
 * A message goes out, then the table goes away before its id is recorded, for longer than the
 * consumer keeps trying (20 s; 1 s here). The next attempt never sends it again; WhatsApp's report
 * of it (a status webhook echoing the callback data the message was sent with) names it, whether
 * the report comes before that attempt or after it: a delivered message does not stay `unknown`.
 *
 * The outage is injected into this process's DynamoDB client and lasts until the consumer gives
 * up the write it was refused (told by its next write, not by the clock: a loaded machine runs the
 * consumer's retry timers late); the records live in a table of the test's own (tests/support/outage.ts).
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
import { useOwnTable } from '../support/outage.js';
import { sleep } from '../support/outbox.js';

process.env.OUTBOX_PERSIST_MS = '1000';
process.env.OUTBOX_RETRY_BASE_MS = '50';
process.env.LOG_LEVEL = 'error'; // the failed attempt below is expected

const TENANT = 'unknowntenant00000000001';
const noCopies = async (): Promise<string> => {
  throw new Error('notification events copy no images');
};
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
  await ddb.send(
    new PutCommand({ TableName: process.env.TABLE_NAME, Item: { ...keys.order(order.id), entity: 'order', ...order } }),
  );
  return order;
}

/** The item and change a write is about: the same write tried again has the same one. */
function writeOf(command: string, input: Record<string, unknown>): string {
  const item = input.Item as Record<string, unknown> | undefined;
  return JSON.stringify([
    command,
    input.Key ?? (item ? [item.pk, item.sk] : input.TransactItems),
    input.UpdateExpression,
  ]);
}

/**
 * Takes the table away (`start()`) until the consumer gives up the write it was refused: every
 * call `refuses` picks fails while it is that write tried again (untilTableAnswers retries it for
 * OUTBOX_PERSIST_MS), and the consumer's next, different write (its attempt recorded as failed)
 * finds the table back. An outage longer than the consumer keeps trying, however late its timers run.
 */
function outageUntilGivenUp(refuses: (command: string, input: Record<string, unknown>) => boolean = () => true) {
  const state = { down: false, refused: 0, write: undefined as string | undefined };
  const name = `outage-until-given-up-${newId()}`;
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName);
      const input = args.input as Record<string, unknown>;
      if (state.down && refuses(command, input)) {
        const write = writeOf(command, input);
        if (state.write === undefined || state.write === write) {
          state.write = write;
          state.refused += 1;
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8100 (injected outage)'), {
            name: 'TimeoutError',
            code: 'ECONNREFUSED',
            $metadata: {},
          });
        }
        state.down = false;
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  return {
    state,
    start: () => {
      state.down = true;
    },
    remove: () => ddb.middlewareStack.remove(name),
  };
}

/** The channel takes every message; the first one it takes, the table goes away until the consumer gives up recording it. */
function channelThatLosesTheTable(outage: ReturnType<typeof outageUntilGivenUp>) {
  const sent: Array<ChatMessage & { messageId: string }> = [];
  const channel: ChatChannel = {
    async send(message) {
      const messageId = `wamid.test.${newId()}`;
      sent.push({ ...message, messageId });
      if (sent.length === 1) outage.start();
      return { messageId };
    },
  };
  return { channel, sent };
}

/** Attempts the event until it is done, each attempt when the event says it is due, as the sweeper would. */
async function deliverUntilDone(eventId: string, channel: ChatChannel): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const event = await getOutboxEvent(eventId);
    if (event?.status === 'done') return;
    if (event?.status !== 'pending') break;
    await sleep(Math.max(0, Date.parse(event.nextAttemptAt) - Date.now()));
    await processEvent(eventId, { channel, copy: noCopies }, event).catch(() => undefined);
  }
  const event = await getOutboxEvent(eventId);
  if (event?.status !== 'done') throw new Error(`event ${eventId} not done: ${JSON.stringify(event)}`);
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
  outage: ReturnType<typeof outageUntilGivenUp>;
}> {
  const order = await seedOrder();
  const event = await seedDepositEvent(order);
  const outage = outageUntilGivenUp();
  const { channel, sent } = channelThatLosesTheTable(outage);
  // The send answers, then recording it fails for longer than the consumer keeps trying.
  try {
    expect(await processEvent(event.id, { channel, copy: noCopies })).toBe('retry');
  } finally {
    outage.remove();
  }
  return { order, eventId: event.id, channel, sent, outage };
}

const reportDelivered = (message: ChatMessage & { messageId: string }) =>
  receiveWhatsAppWebhook(
    statusPayload(message.messageId, 'delivered', { to: message.to, callbackData: message.callbackData }),
  );

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
    const before = (await listOrderMessages(PLATFORM_SCOPE, order.id)).filter(
      (m) => m.to === order.customer.mobileNumber,
    );
    expect(before).toEqual([
      expect.objectContaining({ outcome: 'unknown', reason: expect.stringContaining('not sent again') }),
    ]);

    // Act
    await reportDelivered(sent[0]!);
    const read = await receiveWhatsAppWebhook(
      statusPayload(sent[0]!.messageId, 'read', { to: sent[0]!.to, callbackData: sent[0]!.callbackData }),
    );

    // Assert
    expect(sent.filter((m) => m.to === order.customer.mobileNumber)).toHaveLength(1);
    expect(read).toMatchObject({ statuses: 1, unknownStatuses: 0 });
    const after = (await listOrderMessages(PLATFORM_SCOPE, order.id)).filter(
      (m) => m.to === order.customer.mobileNumber,
    );
    expect(after).toEqual([
      expect.objectContaining({
        messageId: sent[0]!.messageId,
        outcome: 'accepted',
        statuses: { delivered: expect.any(String), read: expect.any(String) },
      }),
    ]);
    expect(after[0]!.reason).toBeUndefined();
  });
});

describe("a message whose record was written, but not the event's note of it", () => {
  it('keeps its own id on the next attempt: neither sent again nor listed unknown, with nothing reported by WhatsApp', async () => {
    // Arrange: from the send on, the event's own writes fail (the message's record, an item of its own,
    // is written) until the consumer gives up completing the event
    const order = await seedOrder();
    const event = await seedDepositEvent(order);
    const outage = outageUntilGivenUp(
      (command, input) => command === 'UpdateItemCommand' && /"pk":(\{"S":)?"OUTBOX#/.test(JSON.stringify(input)),
    );
    const sent: Array<ChatMessage & { messageId: string }> = [];
    const channel: ChatChannel = {
      async send(message) {
        const messageId = `wamid.test.${newId()}`;
        sent.push({ ...message, messageId });
        outage.start();
        return { messageId };
      },
    };

    // Act
    try {
      expect(await processEvent(event.id, { channel, copy: noCopies })).toBe('retry');
    } finally {
      outage.remove();
    }
    expect(outage.state.refused).toBeGreaterThan(0);
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
