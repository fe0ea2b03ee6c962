/**
 * The records of messaging, webhooks, events, the catalogue, rate counters and export deadlines,
 * read back as the table returns them: items built by the store's own writers decode to what was
 * written (keys, `entity` and the TTL dropped), and a wrong attribute is refused by name.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import { Type } from '@sinclair/typebox';
import { afterAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { CarRecord as DomainCarRecord } from '../../lib/domain/car.js';
import type { DeadlineKind } from '../../lib/domain/export-steps.js';
import { newIntegratorEvent } from '../../lib/domain/integrator-events.js';
import type { DeliveryStatus, MessageOutcome } from '../../lib/domain/message-status.js';
import type { OrderEvent } from '../../lib/domain/notifications.js';
import { ExportDeadline } from '../../lib/schemas/export.js';
import { OrderNotification } from '../../lib/schemas/notifications.js';
import { WebhookDelivery } from '../../lib/schemas/webhook-endpoints.js';
import type { ChatTemplate } from '../../lib/text/chat-template.js';
import { chatMessagePutItem } from '../../lib/store/chat-messages.js';
import { decodeStoredEvent, eventPutItem } from '../../lib/store/events.js';
import { deadlineChanges } from '../../lib/store/export-deadlines.js';
import { itemOfConditionFailure } from '../../lib/store/expressions.js';
import * as keys from '../../lib/store/keys.js';
import { newOutboxEvent, outboxPutItem } from '../../lib/store/outbox.js';
import { CorruptRecordError } from '../../lib/store/record.js';
import { type CarRecord, carCodec, carReferenceCodec } from '../../lib/store/records/car.js';
import { cataloguePointerCodec } from '../../lib/store/records/catalogue-pointer.js';
import { type ChatLogEntry, chatLogEntryCodec } from '../../lib/store/records/chat-log-entry.js';
import {
  type ChatCallbackRecord,
  chatCallbackCodec,
  type ChatMessageRecord,
  chatMessageCodec,
} from '../../lib/store/records/chat-message.js';
import {
  ChatMessageRecord as ChatMessageSchema,
  ChatTemplateRecord,
} from '../../lib/store/records/chat-message.schema.js';
import { type DeadlineRecord, exportDeadlineCodec } from '../../lib/store/records/export-deadline.js';
import { DeadlineRecord as DeadlineSchema } from '../../lib/store/records/export-deadline.schema.js';
import { integratorEventCodec } from '../../lib/store/records/integrator-event.js';
import { type OutboxEvent, outboxCursorCodec, outboxEventCodec } from '../../lib/store/records/outbox-event.js';
import { rateCounterCodec } from '../../lib/store/records/rate-counter.js';
import { type DeliveryRecord, webhookDeliveryCodec } from '../../lib/store/records/webhook-delivery.js';
import { DeliveryAttempt } from '../../lib/store/records/webhook-delivery.schema.js';
import {
  webhookCursorCodec,
  webhookEndpointCodec,
  type WebhookEndpointRecord,
} from '../../lib/store/records/webhook-endpoint.js';
import { putEndpointItem } from '../../lib/store/webhook-endpoints.js';
import { generateCatalogue } from '../../scripts/demo-catalogue/generate.js';

// The writers name the table; the items are built here before any test runs.
vi.stubEnv('TABLE_NAME', 'records-messaging-test');
afterAll(() => {
  vi.unstubAllEnvs();
});

const at = '2026-11-26T08:00:00.000Z';
const ttl = Math.floor(Date.parse(at) / 1000) + 35 * 86_400;
/** What a Put of the store's writers puts. */
const putOf = (item: { Put?: { Item?: Record<string, unknown> } }): Record<string, unknown> => item.Put!.Item!;
interface Decoder {
  decode(item: Record<string, unknown>): unknown;
}
const refusal = (codec: Decoder, item: Record<string, unknown>): unknown => {
  try {
    codec.decode(item);
  } catch (error) {
    return error;
  }
  return undefined;
};

const outboxEvent = (): OutboxEvent =>
  newOutboxEvent(
    {
      id: 'ev1',
      kind: 'notify',
      event: 'order.shipped',
      orderId: 'o1',
      tenantId: 't1',
      orderSeq: 3,
      payload: { customerNotificationsEnabled: true },
    },
    at,
  );

const chatMessage: ChatMessageRecord = {
  messageId: 'wamid.HBgM',
  orderId: 'o1',
  tenantId: 't1',
  eventId: 'ev1',
  event: 'order.shipped',
  audience: 'customer',
  recipientName: 'Ahmed Said',
  to: '+971501234567',
  template: {
    name: 'order_shipped_customer',
    language: 'ar',
    parameters: ['Ahmed Said', '1042', 'Hyundai Sonata 2021'],
  },
  text: 'Hello Ahmed Said, order #1042 (Hyundai Sonata 2021): your car is on its way.',
  outcome: 'accepted',
  statuses: { sent: at, read: at },
  error: { code: 131026, title: 'Message undeliverable' },
  createdAt: at,
};

const endpoint: WebhookEndpointRecord = {
  id: 'wh1',
  tenantId: 't1',
  url: 'https://example.com/hooks/orders',
  eventTypes: ['order.created', 'order.status_changed'],
  enabled: true,
  secrets: [
    { secret: 'whsec_old', createdAt: at, expiresAt: '2026-11-27T08:00:00.000Z' },
    { secret: 'whsec_new', createdAt: at },
  ],
  consecutiveFailures: 0,
  createdAt: at,
  createdBy: 'admin1',
  updatedAt: at,
  version: 2,
};

const delivery: DeliveryRecord = {
  endpointId: 'wh1',
  eventId: 'evt_abc',
  eventType: 'order.created',
  eventSk: `${at}#evt_abc`,
  tenantId: 't1',
  lane: 'order:o1',
  body: '{"id":"evt_abc"}',
  status: 'failed',
  attempts: 2,
  nextAttemptAt: at,
  attemptLog: [
    { at, latencyMs: 10_001, error: 'no answer within 10 s' },
    { at, statusCode: 503, latencyMs: 41, response: 'Service Unavailable', replay: true },
  ],
  replayed: true,
  createdAt: at,
  updatedAt: at,
  failedAt: at,
};

const [car] = generateCatalogue({ count: 1, seed: 7, imageBaseUrl: 's3://bucket/demo' }) as [DomainCarRecord];

describe('records read back as the store wrote them', () => {
  it('an outbox event, as put and as a consumer leased it, and its order cursor', () => {
    const event = outboxEvent();
    expect(outboxEventCodec.decode(putOf(outboxPutItem(event)))).toEqual(event);
    const leased = {
      ...putOf(outboxPutItem(event)),
      leaseUntil: Date.parse(at) + 300_000,
      leaseToken: 'tok',
      attempts: 1,
      deliveries: { 'customer:c1': 'sending' },
    };
    expect(outboxEventCodec.decode(leased)).toMatchObject({
      leaseUntil: Date.parse(at) + 300_000,
      leaseToken: 'tok',
      deliveries: { 'customer:c1': 'sending' },
    });
    expect(outboxCursorCodec.decode({ ...keys.outboxOrderCursor('o1'), delivered: 2 })).toEqual({ delivered: 2 });
  });

  it('a chat message, a callback with its statuses (TTL dropped) and a chat log entry', () => {
    expect(chatMessageCodec.decode(putOf(chatMessagePutItem(chatMessage)))).toEqual(chatMessage);
    const callback = {
      ...keys.chatCallback('ev1.customer:c1'),
      entity: 'chatCallback',
      messageId: 'wamid.HBgM',
      status_delivered: at,
      expiresAt: ttl,
    };
    expect(chatCallbackCodec.decode(callback)).toEqual({ messageId: 'wamid.HBgM', status_delivered: at });
    const entry: ChatLogEntry = {
      messageId: 'local.x1',
      to: '+971501234567',
      text: 'Hello',
      template: chatMessage.template!,
      callbackData: 'ev1.c1',
      createdAt: at,
    };
    expect(chatLogEntryCodec.decode({ ...keys.chatLogEntry(at, 'x1'), entity: 'chatLog', ...entry })).toEqual(entry);
  });

  it("a webhook endpoint, its deleted tombstone (the table's TTL is not its secrets' expiry), its cursor and a delivery", () => {
    expect(webhookEndpointCodec.decode(putOf(putEndpointItem(endpoint)))).toEqual(endpoint);
    const tombstone = { ...endpoint, enabled: false, secrets: [], deletedAt: at, deletedBy: 'admin1', version: 3 };
    expect(
      webhookEndpointCodec.decode({
        ...keys.webhookEndpoint('wh1'),
        entity: 'webhookEndpoint',
        ...tombstone,
        expiresAt: ttl,
      }),
    ).toEqual(tombstone);
    const cursor = {
      ...keys.webhookCursor('wh1'),
      safe: `${at}#evt_abc`,
      seen: ['evt_abd'],
      leaseUntil: 1_700_000_000_000,
      leaseToken: 'tok',
    };
    expect(webhookCursorCodec.decode(cursor)).toEqual({
      safe: `${at}#evt_abc`,
      seen: ['evt_abd'],
      leaseUntil: 1_700_000_000_000,
      leaseToken: 'tok',
    });
    // A worker asked the holder to look again after the endpoint (and its cursor) went.
    expect(webhookCursorCodec.decode({ ...keys.webhookCursor('wh1'), rerun: true })).toEqual({ rerun: true });
    const stored = {
      ...keys.webhookDelivery('wh1', 'evt_abc'),
      gsi2pk: keys.webhookDeliveries('wh1'),
      entity: 'webhookDelivery',
      ...delivery,
      expiresAt: ttl,
    };
    expect(webhookDeliveryCodec.decode(stored)).toEqual(delivery);
  });

  it("an integrator event of the feed, as the change's transaction put it, its body deflated and read back byte for byte", () => {
    const order = {
      id: 'o1',
      status: 'Shipped',
      carDetails: { makeEn: 'Hyundai', modelEn: 'Palisade', year: 2021 },
      notes: 'Deliver to Doha. '.repeat(40),
    };
    const event = newIntegratorEvent('order.created', 't1', { type: 'order', id: 'o1' }, order, {}, at);
    const item = putOf(eventPutItem(event, 'order:o1'));
    expect(item.body).toBeUndefined();
    expect((item.bodyDeflated as Uint8Array).length).toBeLessThan(JSON.stringify(event).length / 2);
    const { sk: _sk, ...read } = decodeStoredEvent(item);
    expect(read).toEqual({
      id: event.id,
      type: 'order.created',
      timestamp: at,
      tenantId: 't1',
      lane: 'order:o1',
      body: JSON.stringify(event),
    });
  });

  it('an integrator event written before bodies were deflated, with its body as a string', () => {
    const event = newIntegratorEvent('order.created', 't1', { type: 'order', id: 'o1' }, { id: 'o1' }, {}, at);
    const { bodyDeflated: _deflated, ...item }: Record<string, unknown> = {
      ...putOf(eventPutItem(event, 'order:o1')),
      body: JSON.stringify(event),
    };
    expect(integratorEventCodec.decode(item)).toEqual(expect.objectContaining({ body: JSON.stringify(event) }));
    expect(decodeStoredEvent(item).body).toBe(JSON.stringify(event));
  });

  it('a demo car with every field, its reference and the catalogue pointer', () => {
    expect(carCodec.decode({ ...keys.car(car.id), entity: 'car', ...car })).toEqual(car);
    const reference = { provider: car.provider, advertisementNumber: car.advertisementNumber, carId: car.id };
    expect(
      carReferenceCodec.decode({
        ...keys.carReference(car.provider, car.advertisementNumber),
        entity: 'carReference',
        ...reference,
      }),
    ).toEqual(reference);
    const pointer = { version: 'v1', objectKey: 'catalogue/v1.bin', count: 1, createdAt: at };
    expect(
      cataloguePointerCodec.decode({ ...keys.cataloguePointer(), entity: 'cataloguePointer', ...pointer }),
    ).toEqual(pointer);
  });

  it('a rate counter (TTL dropped) and an export deadline as the order change put it', () => {
    const counter = {
      ...keys.rateQuota('k1', '2026-11-26'),
      dayCount: 7,
      windowSecond: 1_764_144_000,
      inSecond: 2,
      expiresAt: 1_764_316_800,
    };
    expect(rateCounterCodec.decode(counter)).toEqual({ dayCount: 7, windowSecond: 1_764_144_000, inSecond: 2 });
    const [put] = deadlineChanges(
      { id: 'o1', orderNumber: 1042, tenantId: 't1', car: 'Hyundai Sonata 2021' },
      [],
      [{ kind: 'load-by', due: '2026-12-20' }],
    );
    const expected: DeadlineRecord = {
      kind: 'load-by',
      due: '2026-12-20',
      orderId: 'o1',
      orderNumber: 1042,
      tenantId: 't1',
      car: 'Hyundai Sonata 2021',
    };
    expect(exportDeadlineCodec.decode(putOf(put!))).toEqual(expected);
  });

  it('the item a refused conditional write returned, decoded by the codec given', () => {
    const item = putOf(putEndpointItem(endpoint));
    expect(
      itemOfConditionFailure({ Item: marshall(item, { removeUndefinedValues: true }) }, webhookEndpointCodec.decode),
    ).toEqual(endpoint);
    expect(itemOfConditionFailure({}, webhookEndpointCodec.decode)).toBeUndefined();
    const corrupt = marshall({ ...item, version: '2' });
    expect(() => itemOfConditionFailure({ Item: corrupt }, webhookEndpointCodec.decode)).toThrow(CorruptRecordError);
  });
});

describe('a stored item that does not have its record shape', () => {
  const event = putOf(outboxPutItem(outboxEvent()));
  const message = putOf(chatMessagePutItem(chatMessage));
  const stored = putOf(putEndpointItem(endpoint));
  const storedDelivery = { ...keys.webhookDelivery('wh1', 'evt_abc'), ...delivery };
  const storedCar = { ...keys.car(car.id), entity: 'car', ...car };
  const counter = { ...keys.rateQuota('k1', '2026-11-26'), dayCount: 7, windowSecond: 1_764_144_000, inSecond: 2 };
  const deadline = {
    ...keys.exportDeadline('t1', '2026-12-20', 'o1', 'load-by'),
    kind: 'load-by',
    due: '2026-12-20',
    orderId: 'o1',
    orderNumber: 1042,
  };

  it.each<[string, Decoder, Record<string, unknown>, string, string]>([
    ['an outbox status outside its set', outboxEventCodec, { ...event, status: 'sent' }, 'outbox event', '/status'],
    [
      'an outbox order event outside its set',
      outboxEventCodec,
      { ...event, event: 'order.teleported' },
      'outbox event',
      '/event',
    ],
    [
      'a delivery noted as a number',
      outboxEventCodec,
      { ...event, deliveries: { 'customer:c1': 7 } },
      'outbox event',
      '/deliveries/customer:c1',
    ],
    [
      'an order cursor as text',
      outboxCursorCodec,
      { ...keys.outboxOrderCursor('o1'), delivered: '2' },
      'outbox cursor',
      '/delivered',
    ],
    [
      'a status time as a number',
      chatMessageCodec,
      { ...message, statuses: { read: 1 } },
      'chat message',
      '/statuses/read',
    ],
    ['an outcome outside its set', chatMessageCodec, { ...message, outcome: 'sent' }, 'chat message', '/outcome'],
    [
      'a callback without its message id',
      chatCallbackCodec,
      { ...keys.chatCallback('cb'), status_sent: at },
      'chat callback',
      '/messageId',
    ],
    [
      'an event type no endpoint can hear',
      webhookEndpointCodec,
      { ...stored, eventTypes: ['order.deleted'] },
      'webhook endpoint',
      '/eventTypes/0',
    ],
    [
      'a secret without its value',
      webhookEndpointCodec,
      { ...stored, secrets: [{ createdAt: at }] },
      'webhook endpoint',
      '/secrets/0/secret',
    ],
    [
      'an attempt latency as text',
      webhookDeliveryCodec,
      { ...storedDelivery, attemptLog: [{ at, latencyMs: '41' }] },
      'webhook delivery',
      '/attemptLog/0/latencyMs',
    ],
    ['a fuel type outside the catalogue', carCodec, { ...storedCar, fuelType: 'Petrol' }, 'car', '/fuelType'],
    ['a car id that is not whole', carCodec, { ...storedCar, id: 1.5 }, 'car', '/id'],
    ['a day count as text', rateCounterCodec, { ...counter, dayCount: '7' }, 'rate counter', '/dayCount'],
    [
      'a deadline kind outside its set',
      exportDeadlineCodec,
      { ...deadline, kind: 'sail-by' },
      'export deadline',
      '/kind',
    ],
  ])('is refused with %s, naming the record, its key and the attribute', (_, codec, item, entity, path) => {
    const error = refusal(codec, item);
    expect(error).toBeInstanceOf(CorruptRecordError);
    expect(error).toMatchObject({ entity, key: `${String(item.pk)} ${String(item.sk)}`, path });
    expect((error as Error).message).toContain(path);
  });
});

describe('the record types', () => {
  it('are the types the rest of the code was written against', () => {
    expectTypeOf<CarRecord>().toEqualTypeOf<DomainCarRecord>();
    expectTypeOf<NonNullable<ChatMessageRecord['template']>>().toEqualTypeOf<ChatTemplate>();
    expectTypeOf<NonNullable<ChatLogEntry['template']>>().toEqualTypeOf<ChatTemplate>();
    expectTypeOf<ChatMessageRecord['outcome']>().toEqualTypeOf<MessageOutcome>();
    expectTypeOf<ChatMessageRecord['statuses']>().toEqualTypeOf<Partial<Record<DeliveryStatus, string>>>();
    expectTypeOf<keyof ChatCallbackRecord>().toEqualTypeOf<'messageId' | `status_${DeliveryStatus}`>();
    expectTypeOf<OutboxEvent['event']>().toEqualTypeOf<OrderEvent | undefined>();
    expectTypeOf<DeadlineRecord['kind']>().toEqualTypeOf<DeadlineKind>();
  });
});

/** A schema as JSON, without the words (descriptions, titles, examples) the API documents it with. */
const shapeOf = (schema: unknown): unknown =>
  JSON.parse(
    JSON.stringify(schema, (key, value: unknown) =>
      ['description', 'title', 'examples'].includes(key) && typeof value !== 'object' ? undefined : value,
    ),
  );

describe('the parts of a record the API shows as they are stored', () => {
  it('have the shape of their API schema, written in the record so that reading it loads no route', () => {
    expect(shapeOf(DeliveryAttempt)).toEqual(shapeOf(WebhookDelivery.properties.attemptLog.items));
    expect(shapeOf(ChatTemplateRecord)).toEqual(shapeOf(OrderNotification.properties.template));
    expect(shapeOf(ChatMessageSchema.properties.error)).toEqual(shapeOf(OrderNotification.properties.error));
    const { tenantId: _tenant, car: _car, ...shown } = DeadlineSchema.properties;
    expect(shapeOf(Type.Object(shown))).toEqual(shapeOf(ExportDeadline));
  });
});
