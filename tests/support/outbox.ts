import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { tableName } from '../../lib/config.js';
import { newId } from '../../lib/domain/ids.js';
import type { ChatChannel, ChatMessage } from '../../lib/notify/message.js';
import { renderMessage } from '../../lib/notify/templates.js';
import { renderTemplate, type ChatLanguage } from '../../lib/text/chat-template.js';
import { chatTemplate } from '../../lib/text/chat-templates.js';
import { notificationTemplate, type Audience } from '../../lib/domain/notifications.js';
import type { ChatLogEntry } from '../../lib/store/chat-log.js';
import * as keys from '../../lib/store/keys.js';
import type { OrderEvent } from '../../lib/domain/notifications.js';
import { newOutboxEvent, outboxPutItem, type OutboxEvent } from '../../lib/store/outbox.js';
import { ddb } from '../../lib/store/client.js';
import { api, demoKey } from './http.js';

/** Helpers for the outbox tests: injected events, a recording chat channel, the CLI, polling. */

export const GULF = 'demotenantgulfmotors0001';
export const DEMO_MARKETER = { id: 'demousermarketer00000001', phone: '+971501110001' };
export const DEMO_ACCOUNTANT = { id: 'demouseraccountant000001', phone: '+971501110002' };
export const DEMO_OPERATIONS = { id: 'demouseroperations000001', phone: '+971501110003' };

/** A due time no consumer reaches during a test run: the local runner never picks such an event up. */
const FAR_FUTURE = '2999-01-01T00:00:00.000Z';

/** How long to wait for the local runner: it may be behind a burst of other tests' events. */
export const RUNNER_WAIT_MS = 60_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns something other than undefined; fails with `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 15_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/**
 * Polls `count` until it reaches `target`; fails with `what` and the count reached when it has not
 * grown for `stallMs`. For a backlog on a shared machine: the question is whether work goes on
 * and ends, not how fast.
 */
export async function waitForCount(
  what: string,
  count: () => number,
  target: number,
  stallMs = 60_000,
  intervalMs = 250,
): Promise<void> {
  let last = count();
  let movedAt = Date.now();
  for (;;) {
    const now = count();
    if (now >= target) return;
    if (now > last) [last, movedAt] = [now, Date.now()];
    if (Date.now() - movedAt > stallMs) throw new Error(`${what}: ${now} of ${target}, none more for ${stallMs} ms`);
    await sleep(intervalMs);
  }
}

/**
 * Writes an outbox event the way the services do (outboxPutItem in a transaction), with
 * `nextAttemptAt` as given: FAR_FUTURE keeps the local runner away so a test drives processEvent itself.
 */
export async function writeOutboxEvent(input: {
  orderId: string;
  event?: OrderEvent;
  kind?: OutboxEvent['kind'];
  payload?: Record<string, unknown>;
  nextAttemptAt?: string;
  orderSeq?: number;
}): Promise<OutboxEvent> {
  const event: OutboxEvent = {
    ...newOutboxEvent(
      {
        id: newId(),
        kind: input.kind ?? 'notify',
        event: input.event,
        orderId: input.orderId,
        tenantId: GULF,
        payload: input.payload ?? {},
        ...(input.orderSeq === undefined ? {} : { orderSeq: input.orderSeq }),
      },
      new Date().toISOString(),
    ),
    nextAttemptAt: input.nextAttemptAt ?? FAR_FUTURE,
  };
  await ddb.send(new TransactWriteCommand({ TransactItems: [outboxPutItem(event)] }));
  return event;
}

export interface Send {
  to: string;
  text: string;
  ok: boolean;
  messageId?: string;
}

/**
 * A chat channel that records every send and fails the ones `shouldFail` picks (as the real
 * channels do: by throwing). `sends` is the full log, failed and successful, in order.
 */
export class RecordingChannel implements ChatChannel {
  readonly sends: Send[] = [];
  private count = 0;

  constructor(
    private readonly shouldFail: (to: string, sendIndex: number) => Error | undefined = () => undefined,
    private readonly delayMs = 0,
  ) {}

  async send(message: ChatMessage): Promise<{ messageId: string }> {
    const index = this.count++;
    const rendering = renderMessage(message);
    const text =
      'text' in rendering ? rendering.text : `unknown template ${'template' in message ? message.template.name : ''}`;
    if (this.delayMs > 0) await sleep(this.delayMs);
    const error = this.shouldFail(message.to, index);
    if (error) {
      this.sends.push({ to: message.to, text, ok: false });
      throw error;
    }
    const messageId = `fake.${newId()}`;
    this.sends.push({ to: message.to, text, ok: true, messageId });
    return { messageId };
  }

  /** Successful sends per phone number. */
  delivered(): Record<string, number> {
    return tally(this.sends.filter((s) => s.ok).map((s) => s.to));
  }

  /** Every send per phone number, failed ones included. */
  attempted(): Record<string, number> {
    return tally(this.sends.map((s) => s.to));
  }
}

/** The text a notification's recipient reads (its template rendered), for comparing with what was sent. */
export function notificationText(
  event: OrderEvent,
  audience: Audience,
  order: { orderNumber: number; car: string; paidFromWallet?: boolean },
  name: string,
  language: ChatLanguage = 'en',
): string {
  const { key, parameters } = notificationTemplate(event, audience, order, name);
  const text = renderTemplate(chatTemplate(key)!, language, parameters);
  if (text === undefined) throw new Error(`template ${key} does not take ${parameters.length} parameters`);
  return text;
}

export const tally = (values: string[]): Record<string, number> =>
  values.reduce<Record<string, number>>((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});

/** A Gulf customer with a phone number the test knows. */
export async function customerWithPhone(
  phone: string,
  name = 'Outbox Customer',
): Promise<{ id: string; name: string; mobileNumber: string }> {
  const res = await api('POST', '/api/v1/customers', {
    key: demoKey('integrator'),
    body: { name, mobileNumber: phone },
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.data.id, name, mobileNumber: phone };
}

/**
 * Every chat message recorded since `since` (ISO time), oldest first: the same partition
 * listChatLog reads, but paged to the end, so a busy test run cannot push messages off the page.
 */
export async function messagesSince(since: string): Promise<ChatLogEntry[]> {
  const out: ChatLogEntry[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk >= :since',
        ExpressionAttributeValues: { ':pk': keys.chatLogPartition, ':since': since },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? [])
      out.push({
        messageId: String(item.messageId),
        to: String(item.to),
        text: item.text as string | undefined,
        createdAt: String(item.createdAt),
      });
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Messages about one order: the texts name it as "#<orderNumber> ". */
export const about = (messages: ChatLogEntry[], orderNumber: number) =>
  messages.filter((m) => m.text?.includes(`#${orderNumber} `));
