import * as Type from '@sinclair/typebox';
import { CursorQuery, DateTime, Id, IdParams } from './common.js';
import { defineRoute } from './route.js';

const Status = Type.Union(
  ['accepted', 'sent', 'delivered', 'read', 'failed', 'skipped', 'unknown'].map((s) => Type.Literal(s)),
  {
    description:
      'accepted: WhatsApp took it; sent, delivered, read, failed: what WhatsApp reported last; skipped: not sent (the customer replied STOP); unknown: a consumer stopped between sending and recording it, and it was not sent again',
  },
);

export const OrderNotification = Type.Object(
  {
    messageId: Type.String({ description: "WhatsApp's message id (for skipped and refused messages, one of ours)" }),
    event: Type.String({
      description: 'the order event (e.g. order.shipped), or contract.ready for the contract itself',
    }),
    audience: Type.String({ description: 'customer, marketer, accountant or operations' }),
    recipientName: Type.Optional(Type.String()),
    to: Type.String({ description: 'E.164' }),
    template: Type.Optional(
      Type.Object({ name: Type.String(), language: Type.String(), parameters: Type.Array(Type.String()) }),
    ),
    text: Type.Optional(Type.String({ description: 'the text the recipient reads' })),
    status: Status,
    statusAt: Type.Optional(DateTime),
    statuses: Type.Object(
      {
        sent: Type.Optional(DateTime),
        delivered: Type.Optional(DateTime),
        read: Type.Optional(DateTime),
        failed: Type.Optional(DateTime),
      },
      { description: 'when WhatsApp reported each status' },
    ),
    reason: Type.Optional(Type.String({ description: 'why it was not sent' })),
    error: Type.Optional(
      Type.Object({
        code: Type.Optional(Type.Number({ description: "Meta's error code, e.g. 131026" })),
        title: Type.Optional(Type.String()),
      }),
    ),
    createdAt: DateTime,
  },
  { title: 'OrderNotification' },
);

export const listOrderNotifications = defineRoute({
  id: 'listOrderNotifications',
  errors: ['NOT_FOUND'],
  folder: 'orders',
  method: 'GET',
  path: '/api/v1/orders/{id}/notifications',
  tag: 'Orders',
  summary: "The order's chat messages, oldest first, each with its delivery status",
  description:
    "Every message sent about the order (to the customer and to staff) in the order of the events that caused them, with the template, the language, the text the recipient reads and what WhatsApp reported (sent, delivered, read, failed with Meta's error code). Customers who replied STOP appear as skipped. Anyone who may see the order may call it.",
  status: 200,
  params: IdParams,
  response: Type.Array(OrderNotification),
});

export const listNotifications = defineRoute({
  id: 'listNotifications',
  folder: 'orders',
  method: 'GET',
  path: '/api/v1/notifications',
  tag: 'Orders',
  summary: "The tenant's failed chat messages across its orders, newest first (operations, admin)",
  description:
    "Every message about the tenant's orders whose status is failed: refused by the chat channel, or reported failed by WhatsApp and delivered to none of the person's devices. A message delivered after all leaves the list at once. Each is shown as on GET /orders/{id}/notifications, with its orderId and orderNumber. Each page is one read of the list, whatever the tenant's history: pass meta.nextCursor as cursor for the next page. Platform keys read the messages of no tenant's orders, or of the tenant named by tenantId.",
  status: 200,
  roles: ['operations'],
  cursorList: true,
  query: Type.Object(
    {
      status: Type.Literal('failed', { description: 'the failed messages (the only list kept)' }),
      ...CursorQuery('eyJnc2kyc2siOiIyMDI2LTExLTI2VDA5OjMwOjAwLjAwMFojd2FtaWQuSEJnTE1qRTRNVEV4TVRFeE1URT0ifQ'),
      tenantId: Type.Optional(Id),
    },
    { additionalProperties: false },
  ),
  response: Type.Array(
    Type.Composite(
      [
        Type.Object({
          orderId: Type.String(),
          orderNumber: Type.Optional(
            Type.Integer({ description: "the order's number (absent only if the order is gone)", examples: [1042] }),
          ),
        }),
        OrderNotification,
      ],
      { title: 'FailedNotification' },
    ),
  ),
});
