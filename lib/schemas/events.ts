import type { TSchema } from '@sinclair/typebox';
import * as Type from '@sinclair/typebox';
import { EVENT_TYPES, RESOURCE_TYPES, TEST_EVENT_TYPE, type EventType } from '../domain/integrator-events.js';
import { BillingEntry } from './billing.js';
import { Id } from './common.js';
import { Inspection } from './inspections.js';
import { Order } from './orders.js';
import { defineRoute } from './route.js';
import { Contract } from './contracts.js';
import { ORDER_STATUSES } from '../domain/order-lifecycle.js';
import { Wallet, WalletTransaction } from './wallets.js';
import { CarDetail } from './cars.js';

const Instant = Type.String({ format: 'date-time' });
const OrderStatusValue = Type.Union(ORDER_STATUSES.map((s) => Type.Literal(s)));

/** An event's envelope with its `data`: the same for a webhook body and a feed entry. */
const eventOf = (
  type: string,
  description: string,
  object: TSchema,
  facts: Record<string, TSchema> = {},
  title?: string,
) =>
  Type.Object(
    {
      id: Type.String({
        description:
          'The event id, also the `webhook-id` header: the same on every attempt and replay. Drop an id you have already handled.',
        examples: ['evt_k3x9w2ab7c1d5e8f0g4h6j2m'],
      }),
      type: Type.Literal(type),
      timestamp: Instant,
      tenantId: Type.Optional(Type.String({ examples: ['demotenantgulfmotors0001'] })),
      resource: Type.Object(
        {
          type: Type.Union(RESOURCE_TYPES.map((t) => Type.Literal(t))),
          id: Type.String({ examples: ['m2x8q4r7t1v5w9y3z6a0b2c4'] }),
        },
        { description: "What the event is about: one resource's events arrive in the order they happened." },
      ),
      data: Type.Object({ object, ...facts }),
    },
    { description, ...(title ? { title } : {}) },
  );

const OrderId = { orderId: Type.String({ description: 'the order it belongs to' }) };
const Move = { from: Type.String(), to: Type.String() };

/** Every event's payload, by type: what the OpenAPI document's `webhooks` section shows. */
export const EVENT_PAYLOADS: Record<EventType, TSchema> = {
  'order.created': eventOf(
    'order.created',
    'An order was placed (POST /orders). `data.object`: the order as GET /orders/{id} returns it.',
    Order,
  ),
  'order.status_changed': eventOf('order.status_changed', 'An order moved to another status.', Order, {
    from: OrderStatusValue,
    to: OrderStatusValue,
    version: Type.Integer({ description: "the order's version after the move" }),
  }),
  'order.updated': eventOf('order.updated', "An order's customs data or customer-notification flag changed.", Order, {
    fields: Type.Array(Type.String(), {
      description: 'the fields that changed, e.g. customsInvoice, customsDocuments, carDetails',
    }),
    version: Type.Integer(),
  }),
  'order.pictures_archived': eventOf(
    'order.pictures_archived',
    "The car's pictures were copied into the archive (`data.object.imageArchive`).",
    Order,
  ),
  'order.pictures_archive_failed': eventOf(
    'order.pictures_archive_failed',
    "The car's pictures could not be archived after every retry (`data.object.imageArchive.reason`).",
    Order,
  ),
  'contract.sent': eventOf('contract.sent', 'A sales contract was sent to the customer.', Contract, OrderId),
  'contract.signed': eventOf('contract.signed', 'A sales contract was signed.', Contract, OrderId),
  'billing_entry.created': eventOf(
    'billing_entry.created',
    'A receipt or invoice was recorded on an order (a deposit receipt given with a new order too).',
    BillingEntry,
    OrderId,
  ),
  'billing_entry.confirmed': eventOf(
    'billing_entry.confirmed',
    'A receipt or invoice was confirmed.',
    BillingEntry,
    OrderId,
  ),
  'inspection.created': eventOf('inspection.created', 'An inspection was created for an order.', Inspection, OrderId),
  'inspection.status_changed': eventOf(
    'inspection.status_changed',
    'An inspection moved (photos or notes alone are no event).',
    Inspection,
    {
      ...OrderId,
      ...Move,
    },
  ),
  'wallet.transaction_created': eventOf(
    'wallet.transaction_created',
    "Money moved in a customer's wallet: a deposit, a payment for an order, a refund or an adjustment.",
    WalletTransaction,
    { wallet: Wallet },
  ),
  'car.removed': eventOf(
    'car.removed',
    "A car you have an open order on left its provider's list (sold at auction or withdrawn), as a feed said. `data.object`: the car as GET /cars/{id} returns it.",
    CarDetail,
    {
      orderIds: Type.Array(Type.String(), { description: 'your open orders on the car' }),
      availability: Type.Union([Type.Literal('sold'), Type.Literal('withdrawn')]),
    },
  ),
  'car.repriced': eventOf(
    'car.repriced',
    "A car you have an open order on changed price in its provider's feed (10,000 KRW units).",
    CarDetail,
    {
      orderIds: Type.Array(Type.String(), { description: 'your open orders on the car' }),
      from: Type.Number(),
      to: Type.Number(),
    },
  ),
};

export const TEST_EVENT_PAYLOAD = eventOf(
  TEST_EVENT_TYPE,
  'Sent by POST /webhook-endpoints/{id}/test only.',
  Type.Object({ id: Type.String(), url: Type.String() }),
  { message: Type.String() },
);

/** Any event of the feed. */
export const IntegratorEvent = Type.Object(
  {
    id: Type.String(),
    type: Type.Union(EVENT_TYPES.map((t) => Type.Literal(t))),
    timestamp: Instant,
    tenantId: Type.Optional(Type.String()),
    resource: Type.Object({ type: Type.Union(RESOURCE_TYPES.map((t) => Type.Literal(t))), id: Type.String() }),
    data: Type.Object(
      { object: Type.Object({}, { additionalProperties: true }) },
      {
        additionalProperties: true,
        description: "the resource as its GET returns it, and the type's facts: see the `webhooks` section",
      },
    ),
  },
  { title: 'Event' },
);

const EventTypes = Type.String({
  description: `comma-separated event types, e.g. order.created,order.status_changed (${EVENT_TYPES.length} types: see the webhooks section)`,
  maxLength: 1000,
});

export const listEvents = defineRoute({
  id: 'listEvents',
  folder: 'events',
  method: 'GET',
  path: '/api/v1/events',
  tag: 'Events',
  summary: "Your tenant's events in order, for integrators who cannot receive webhooks",
  description:
    "The same events webhooks deliver, kept 30 days. Start without `after` (the oldest event still kept), then pass `meta.nextCursor` as `after`; an empty page means you are up to date: ask again later with the same cursor. Each event is returned once per cursor chain, none skipped: one resource's events in the order they happened; events of different resources that happen within a few seconds of each other may come in either order. An event comes as soon as it is visible, except during a burst, when the newest ones may wait up to 30 seconds (the time a write may take to commit) so that the cursor stays short (a few hundred characters). The cursor is always given, on the last page too, and never expires while its events are kept. With `types`, a request reads past events of other types until its page is full or it reaches the newest, so a short page means up to date there too (only after 2,000 events of other types in a row can a page come back short with more to follow).",
  status: 200,
  roles: ['integrator'],
  cursorList: 'feed',
  query: Type.Object(
    {
      after: Type.Optional(Type.String({ maxLength: 6000, description: 'meta.nextCursor of the previous page' })),
      limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
      types: Type.Optional(EventTypes),
      tenantId: Type.Optional(Id),
    },
    { additionalProperties: false },
  ),
  response: Type.Array(IntegratorEvent),
});
