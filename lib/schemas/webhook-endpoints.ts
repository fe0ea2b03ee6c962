import * as Type from '@sinclair/typebox';
import { EVENT_TYPES } from '../domain/integrator-events.js';
import { DateTime, Id, IdParams } from './common.js';
import { defineRoute } from './route.js';

const EventType = Type.Union(EVENT_TYPES.map((t) => Type.Literal(t)));
// An http(s) URL by form, checked with the rest of the body; the use case then asks more of it (https and a public host in AWS).
const EndpointUrl = Type.String({
  format: 'uri',
  pattern: '^https?://',
  minLength: 1,
  maxLength: 2048,
  description: 'where events are POSTed: https in AWS (a public host); http and localhost too on the local stack',
  examples: ['https://example.com/hooks/orders'],
});
// One list of the values an item may take, '*' among them, so a wrong one is told them all in one sentence.
const EventTypes = Type.Array(Type.Union([...EVENT_TYPES.map((t) => Type.Literal(t)), Type.Literal('*')]), {
  maxItems: EVENT_TYPES.length,
  uniqueItems: true,
  description: 'the event types it receives; empty, left out or ["*"]: every type (answered as [])',
});

export const WebhookEndpoint = Type.Object(
  {
    id: Type.String(),
    tenantId: Type.Optional(Type.String()),
    url: Type.String(),
    description: Type.Optional(Type.String()),
    eventTypes: Type.Array(EventType),
    enabled: Type.Boolean(),
    disabledAt: Type.Optional(DateTime),
    disabledReason: Type.Optional(
      Type.Union([Type.Literal('failing'), Type.Literal('manual')], {
        description: '`failing`: the service disabled it after it failed every attempt for the documented time',
      }),
    ),
    failingSince: Type.Optional(Type.String({ description: 'the first failed attempt since the last delivered one' })),
    consecutiveFailures: Type.Integer(),
    lastSuccessAt: Type.Optional(Type.String()),
    lastFailureAt: Type.Optional(Type.String()),
    secretPrefix: Type.String({
      description:
        'the start of the current signing secret, to tell secrets apart; the secret itself is shown only when created or rotated',
    }),
    previousSecretExpiresAt: Type.Optional(
      Type.String({ description: 'after a rotation, deliveries are signed with the old secret too until then' }),
    ),
    deletedAt: Type.Optional(DateTime),
    createdAt: DateTime,
    updatedAt: DateTime,
    version: Type.Integer(),
  },
  { title: 'WebhookEndpoint' },
);

const WithSecret = Type.Object({
  secret: Type.String({
    description:
      'the signing secret (`whsec_...`): shown this once. Verify deliveries with any Standard Webhooks library.',
  }),
  endpoint: WebhookEndpoint,
});

const Attempt = Type.Object({
  at: Type.String(),
  statusCode: Type.Optional(Type.Integer({ description: "the receiver's answer; absent when it never answered" })),
  latencyMs: Type.Integer(),
  error: Type.Optional(Type.String()),
  response: Type.Optional(Type.String({ description: "the start of the receiver's answer" })),
  replay: Type.Optional(Type.Boolean()),
});

export const WebhookDelivery = Type.Object(
  {
    id: Type.String({ description: 'the event id (the `webhook-id` header)' }),
    endpointId: Type.String(),
    eventType: Type.String(),
    eventTimestamp: Type.String(),
    status: Type.Union(
      [
        Type.Literal('pending'),
        Type.Literal('retrying'),
        Type.Literal('delivered'),
        Type.Literal('failed'),
        Type.Literal('cancelled'),
      ],
      {
        description:
          '`pending`: not attempted yet (due, or waiting behind an earlier event of its resource). `retrying`: attempted and failed; tried again at `nextAttemptAt` (`lastError` says why it failed). `delivered`: a 2xx answer. `failed`: every attempt failed (about 27.6 hours of retries); replay it when the receiver is fixed. `cancelled`: the endpoint was deleted before it was delivered.',
      },
    ),
    attempts: Type.Integer({ description: 'attempts in the current round (a replay starts a new one)' }),
    nextAttemptAt: Type.Optional(
      Type.String({
        description:
          'when pending or retrying: when it is tried next (absent while the endpoint is disabled: its deliveries wait until it is enabled again)',
      }),
    ),
    lastError: Type.Optional(
      Type.String({
        description:
          'when retrying or failed: why the last attempt failed (`HTTP 503`, `no answer within 10 s`, a connection error...)',
      }),
    ),
    deliveredAt: Type.Optional(Type.String()),
    failedAt: Type.Optional(Type.String()),
    replayed: Type.Optional(Type.Boolean()),
    attemptLog: Type.Array(Attempt, { description: 'every attempt, oldest first (the last 50)' }),
    payload: Type.Optional(Type.Unknown({ description: 'the exact body sent (on the single-delivery read)' })),
  },
  { title: 'WebhookDelivery' },
);

const DeliveryParams = Type.Object(
  {
    id: Id,
    deliveryId: Type.String({
      minLength: 1,
      maxLength: 80,
      pattern: '^evt_[a-z0-9]+$',
      description: 'the event id',
      examples: ['evt_k3x9w2ab7c1d5e8f0g4h6j2m'],
    }),
  },
  { additionalProperties: false },
);
const base = { folder: 'webhook-endpoints', tag: 'Webhooks', roles: [] } as const;

export const createWebhookEndpoint = defineRoute({
  ...base,
  id: 'createWebhookEndpoint',
  errors: ['INVALID_STATE'],
  method: 'POST',
  path: '/api/v1/webhook-endpoints',
  summary: 'Register a URL to receive signed events (admin); the signing secret is shown once',
  description:
    "Deliveries follow the Standard Webhooks specification: headers `webhook-id` (the event id), `webhook-timestamp` and `webhook-signature` (HMAC-SHA256 of `id.timestamp.body` with the secret). Events from the moment of creation on are delivered; each resource's in order; a failed attempt is retried over about 27.6 hours. At most 20 endpoints per tenant (deleted ones do not count).",
  status: 201,
  body: Type.Object(
    {
      url: EndpointUrl,
      eventTypes: Type.Optional(EventTypes),
      description: Type.Optional(Type.String({ maxLength: 500, examples: ['Order updates for the ERP'] })),
      tenantId: Type.Optional(Id),
    },
    { additionalProperties: false },
  ),
  response: WithSecret,
});

export const listWebhookEndpoints = defineRoute({
  ...base,
  id: 'listWebhookEndpoints',
  method: 'GET',
  path: '/api/v1/webhook-endpoints',
  summary: "Your tenant's webhook endpoints, with their health (admin)",
  status: 200,
  query: Type.Partial(Type.Object({ tenantId: Id }), { additionalProperties: false }),
  response: Type.Array(WebhookEndpoint),
});

export const getWebhookEndpoint = defineRoute({
  ...base,
  id: 'getWebhookEndpoint',
  errors: ['NOT_FOUND'],
  method: 'GET',
  path: '/api/v1/webhook-endpoints/{id}',
  summary: 'One webhook endpoint and its health (admin)',
  status: 200,
  params: IdParams,
  response: WebhookEndpoint,
});

export const updateWebhookEndpoint = defineRoute({
  ...base,
  id: 'updateWebhookEndpoint',
  errors: ['NOT_FOUND', 'VERSION_CONFLICT'],
  method: 'PATCH',
  path: '/api/v1/webhook-endpoints/{id}',
  summary: 'Change the URL, event types or description, or disable and enable the endpoint (admin)',
  description:
    '`enabled: false` stops deliveries at once; events that happen meanwhile wait in its queue (30 days) and go out in order when it is enabled again. Enabling an endpoint the service disabled resets its failure count; its waiting deliveries are due at once.',
  status: 200,
  params: IdParams,
  body: Type.Object(
    {
      url: Type.Optional(EndpointUrl),
      eventTypes: Type.Optional(EventTypes),
      description: Type.Optional(Type.String({ maxLength: 500, examples: ['Order updates for the ERP'] })),
      enabled: Type.Optional(Type.Boolean()),
      version: Type.Optional(
        Type.Integer({ minimum: 1, description: 'the version read: refused (409) if another change came first' }),
      ),
    },
    { additionalProperties: false, minProperties: 1 },
  ),
  response: WebhookEndpoint,
});

export const deleteWebhookEndpoint = defineRoute({
  ...base,
  id: 'deleteWebhookEndpoint',
  errors: ['NOT_FOUND', 'VERSION_CONFLICT'],
  method: 'DELETE',
  path: '/api/v1/webhook-endpoints/{id}',
  summary:
    'Delete a webhook endpoint (admin): it receives nothing more and no longer counts towards the 20 a tenant may have',
  description:
    'Its deliveries not yet made are cancelled (an attempt under way may still finish). Its delivery log stays readable at `GET /webhook-endpoints/{id}/deliveries` for the 30 days deliveries are kept; the audit trail records the deletion. Answers the endpoint as it was, with `deletedAt`. Deleting it again: 404.',
  status: 200,
  params: IdParams,
  response: WebhookEndpoint,
});

export const rotateWebhookSecret = defineRoute({
  ...base,
  id: 'rotateWebhookSecret',
  errors: ['NOT_FOUND'],
  bodyOptional: true,
  method: 'POST',
  path: '/api/v1/webhook-endpoints/{id}/rotate-secret',
  summary: 'A new signing secret (admin); the old one keeps signing too for a grace period (default 24 hours)',
  description:
    'During the grace period every delivery carries two signatures in `webhook-signature`, one per secret, so the receiver can switch at its own pace.',
  status: 201,
  params: IdParams,
  body: Type.Object(
    { graceSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 7 * 86_400 })) },
    { additionalProperties: false },
  ),
  response: WithSecret,
});

export const testWebhookEndpoint = defineRoute({
  ...base,
  id: 'testWebhookEndpoint',
  errors: ['NOT_FOUND'],
  bodyOptional: true,
  method: 'POST',
  path: '/api/v1/webhook-endpoints/{id}/test',
  summary: 'Send a signed `webhook.test` event now and answer how the endpoint replied (admin)',
  description:
    'One attempt, made while you wait, recorded in the delivery log; a failed test is not retried. Works on a disabled endpoint too, to check a fix before enabling it.',
  status: 200,
  params: IdParams,
  body: Type.Object({}, { additionalProperties: false }),
  response: WebhookDelivery,
});

export const listWebhookDeliveries = defineRoute({
  ...base,
  id: 'listWebhookDeliveries',
  errors: ['NOT_FOUND'],
  method: 'GET',
  path: '/api/v1/webhook-endpoints/{id}/deliveries',
  summary: "The endpoint's deliveries, newest first, with every attempt (admin)",
  description:
    "`status=failed` lists only those given up, newest failure first; `status=retrying` only those failing and still being retried, newest event first. `since` keeps those after an instant (the event time; the failure time with status=failed). Paged by cursor (a page may hold fewer than `limit`). A deleted endpoint's deliveries stay readable here (for the 30 days they are kept).",
  status: 200,
  cursorList: true,
  params: IdParams,
  query: Type.Object(
    {
      status: Type.Optional(Type.Union([Type.Literal('failed'), Type.Literal('retrying')])),
      since: Type.Optional(DateTime),
      limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
      cursor: Type.Optional(Type.String({ maxLength: 2000 })),
    },
    { additionalProperties: false },
  ),
  response: Type.Array(WebhookDelivery),
});

export const getWebhookDelivery = defineRoute({
  ...base,
  id: 'getWebhookDelivery',
  errors: ['NOT_FOUND'],
  method: 'GET',
  path: '/api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}',
  summary: 'One delivery: its attempts (status code, latency, error) and the exact payload (admin)',
  description: "A deleted endpoint's deliveries stay readable (for the 30 days they are kept).",
  status: 200,
  params: DeliveryParams,
  response: WebhookDelivery,
});

export const replayWebhookDelivery = defineRoute({
  ...base,
  id: 'replayWebhookDelivery',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  bodyOptional: true,
  method: 'POST',
  path: '/api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/replay',
  summary: 'Deliver one event again, with the same webhook-id (admin)',
  description:
    'For a delivered or failed delivery: it is due at once, with a fresh round of retries, on its own (later events of its resource may already have been delivered). For a retrying one (its receiver fixed): due at once with a fresh round, still ahead of the later events of its resource, which keep following it. One not tried yet (pending) answers 409 INVALID_STATE: it goes out in its turn.',
  status: 200,
  params: DeliveryParams,
  body: Type.Object({}, { additionalProperties: false }),
  response: WebhookDelivery,
});

export const replayFailedWebhooks = defineRoute({
  ...base,
  id: 'replayFailedWebhooks',
  errors: ['NOT_FOUND'],
  method: 'POST',
  path: '/api/v1/webhook-endpoints/{id}/replay',
  summary: 'Deliver again every delivery that failed since an instant (admin)',
  status: 200,
  params: IdParams,
  body: Type.Object({ since: DateTime }, { additionalProperties: false }),
  response: Type.Object({ replayed: Type.Integer({ description: 'how many deliveries are due again' }) }),
});
