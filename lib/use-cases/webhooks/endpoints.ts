import type { Static } from '@sinclair/typebox';
import { webhookAllowLocalUrls } from '../../config.js';
import type { Caller } from '../../domain/caller.js';
import { AppError, invalidField, versionConflict } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import { type EventType, newIntegratorEvent, TEST_EVENT_TYPE } from '../../domain/integrator-events.js';
import { actorOf, scopeOf } from '../../domain/scope.js';
import { isDelivered, MAX_ENDPOINTS_PER_TENANT, webhookUrlProblem } from '../../domain/webhook-rules.js';
import { newWebhookSecret, sendWebhook, type SendWebhook } from '../../notify/webhook-sender.js';
import type {
  createWebhookEndpoint as CreateRoute,
  updateWebhookEndpoint as UpdateRoute,
  WebhookEndpoint,
} from '../../schemas/webhook-endpoints.js';
import { queueDelivery, type DeliveryRecord } from '../../store/webhook-deliveries.js';
import {
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  putEndpointItem,
  replaceEndpoint,
  type WebhookEndpointRecord,
} from '../../store/webhook-endpoints.js';
import { transact } from '../../store/transact.js';
import { auditItem } from '../shared/audit-item.js';
import { owningTenant } from '../shared/tenancy.js';
import { signingSecrets } from './deliver.js';
import { attemptOf, deliveryView, type DeliveryView } from './delivery-view.js';
import { endpointInScope } from './endpoint-in-scope.js';

type CreateBody = Static<NonNullable<(typeof CreateRoute)['body']>>;
type UpdateBody = Static<NonNullable<(typeof UpdateRoute)['body']>>;
export type EndpointView = Static<typeof WebhookEndpoint>;

const DEFAULT_GRACE_SECONDS = 24 * 3_600;

function endpointView(endpoint: WebhookEndpointRecord, nowMs = Date.now()): EndpointView {
  const { secrets, ...rest } = endpoint;
  const current = secrets[secrets.length - 1]!;
  const previous = secrets.slice(0, -1).filter((s) => s.expiresAt !== undefined && Date.parse(s.expiresAt) > nowMs);
  return {
    ...rest,
    secretPrefix: current.secret.slice(0, 12),
    ...(previous.length > 0 ? { previousSecretExpiresAt: previous[previous.length - 1]!.expiresAt } : {}),
  };
}

function checkUrl(url: string): void {
  const problem = webhookUrlProblem(url, webhookAllowLocalUrls());
  if (problem) throw invalidField('url', problem);
}

/** `*` among the types means every type, which an endpoint holds as no types listed (as the API answers it). */
const everyTypeAsEmpty = (types: ReadonlyArray<EventType | '*'>): EventType[] =>
  types.includes('*') ? [] : (types as EventType[]);

export async function createWebhookEndpoint(
  caller: Caller,
  body: CreateBody,
): Promise<{ secret: string; endpoint: EndpointView }> {
  checkUrl(body.url);
  const tenantId = owningTenant(caller, body.tenantId);
  if ((await listEndpoints(tenantId)).length >= MAX_ENDPOINTS_PER_TENANT) {
    throw new AppError(
      'INVALID_STATE',
      `A tenant has at most ${MAX_ENDPOINTS_PER_TENANT} webhook endpoints (disabled ones included); delete one (DELETE /webhook-endpoints/{id}) or subscribe an existing one to more event types`,
    );
  }
  const now = new Date().toISOString();
  const secret = newWebhookSecret();
  const endpoint: WebhookEndpointRecord = {
    id: newId(),
    ...(tenantId === undefined ? {} : { tenantId }),
    url: body.url,
    ...(body.description ? { description: body.description } : {}),
    eventTypes: everyTypeAsEmpty(body.eventTypes ?? []),
    enabled: true,
    secrets: [{ secret, createdAt: now }],
    consecutiveFailures: 0,
    createdAt: now,
    createdBy: actorOf(caller),
    updatedAt: now,
    version: 1,
  };
  const view = endpointView(endpoint);
  await transact([
    putEndpointItem(endpoint),
    auditItem(
      caller,
      { entity: 'webhookEndpoint', entityId: endpoint.id, tenantId, action: 'created', after: view },
      now,
    ),
  ]);
  return { secret, endpoint: view };
}

export async function listWebhookEndpoints(caller: Caller, tenantId: string | undefined): Promise<EndpointView[]> {
  return (await listEndpoints(owningTenant(caller, tenantId))).map((endpoint) => endpointView(endpoint));
}

export async function getWebhookEndpoint(caller: Caller, id: string): Promise<EndpointView> {
  return endpointView(await endpointInScope(caller, id));
}

/** Writes a changed endpoint at the version read, with its audit record. */
async function saveEndpoint(
  caller: Caller,
  before: WebhookEndpointRecord,
  after: WebhookEndpointRecord,
  action: string,
): Promise<void> {
  const saved = await replaceEndpoint(before, after, [
    auditItem(
      caller,
      {
        entity: 'webhookEndpoint',
        entityId: before.id,
        tenantId: before.tenantId,
        action,
        before: endpointView(before),
        after: endpointView(after),
      },
      after.updatedAt,
    ),
  ]);
  if (!saved)
    throw versionConflict(
      (await getEndpoint(scopeOf(caller), before.id))?.version ?? before.version,
      'webhook endpoint',
    );
}

export async function updateWebhookEndpoint(caller: Caller, id: string, body: UpdateBody): Promise<EndpointView> {
  if (body.url !== undefined) checkUrl(body.url);
  const endpoint = await endpointInScope(caller, id);
  if (body.version !== undefined && body.version !== endpoint.version)
    throw versionConflict(endpoint.version, 'webhook endpoint');
  const now = new Date().toISOString();
  const next: WebhookEndpointRecord = {
    ...endpoint,
    ...(body.url !== undefined ? { url: body.url } : {}),
    ...(body.eventTypes !== undefined ? { eventTypes: everyTypeAsEmpty(body.eventTypes) } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    updatedAt: now,
    version: endpoint.version + 1,
  };
  if (body.enabled === false && endpoint.enabled)
    Object.assign(next, { enabled: false, disabledAt: now, disabledReason: 'manual' });
  if (body.enabled === true && !endpoint.enabled) {
    // A fresh start: the failures that disabled it are history (the attempt log keeps them).
    next.enabled = true;
    delete next.disabledAt;
    delete next.disabledReason;
    delete next.failingSince;
    next.consecutiveFailures = 0;
  }
  const action =
    body.enabled === false && endpoint.enabled
      ? 'disabled'
      : body.enabled === true && !endpoint.enabled
        ? 'enabled'
        : 'updated';
  await saveEndpoint(caller, endpoint, next, action);
  return endpointView(next);
}

/**
 * Deletes the endpoint: it leaves the tenant's list (and the limit's count) and receives nothing
 * more, its queued deliveries show `cancelled`, and its record stays without its secrets so its
 * delivery log stays readable until the deliveries expire. Answers it as it was, with `deletedAt`.
 */
export async function deleteWebhookEndpoint(caller: Caller, id: string): Promise<EndpointView> {
  // A change (or the service disabling it) between the read and the write: read it again and delete that.
  for (let attempt = 1; ; attempt += 1) {
    const endpoint = await endpointInScope(caller, id);
    const now = new Date().toISOString();
    const tombstone: WebhookEndpointRecord = {
      ...endpoint,
      enabled: false,
      secrets: [],
      deletedAt: now,
      deletedBy: actorOf(caller),
      updatedAt: now,
      version: endpoint.version + 1,
    };
    const before = endpointView(endpoint);
    const after: EndpointView = {
      ...before,
      enabled: false,
      deletedAt: now,
      updatedAt: now,
      version: tombstone.version,
    };
    const audit = auditItem(
      caller,
      {
        entity: 'webhookEndpoint',
        entityId: endpoint.id,
        tenantId: endpoint.tenantId,
        action: 'deleted',
        before,
        after,
      },
      now,
    );
    if (await deleteEndpoint(endpoint, tombstone, [audit])) return after;
    if (attempt === 3) throw versionConflict((await endpointInScope(caller, id)).version, 'webhook endpoint');
  }
}

export async function rotateWebhookSecret(
  caller: Caller,
  id: string,
  graceSeconds = DEFAULT_GRACE_SECONDS,
): Promise<{ secret: string; endpoint: EndpointView }> {
  const endpoint = await endpointInScope(caller, id);
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const secret = newWebhookSecret();
  const until = new Date(nowMs + graceSeconds * 1000).toISOString();
  // The current secret signs beside the new one until the grace period ends; older ones are dropped.
  const current = endpoint.secrets[endpoint.secrets.length - 1]!;
  const next: WebhookEndpointRecord = {
    ...endpoint,
    secrets: [...(graceSeconds > 0 ? [{ ...current, expiresAt: until }] : []), { secret, createdAt: now }],
    updatedAt: now,
    version: endpoint.version + 1,
  };
  await saveEndpoint(caller, endpoint, next, 'secret.rotated');
  return { secret, endpoint: endpointView(next) };
}

/** One signed `webhook.test` delivery, attempted while the caller waits and logged like any other. */
export async function testWebhookEndpoint(
  caller: Caller,
  id: string,
  send: SendWebhook = sendWebhook,
): Promise<DeliveryView> {
  const endpoint = await endpointInScope(caller, id);
  const now = new Date().toISOString();
  const event = newIntegratorEvent(
    TEST_EVENT_TYPE,
    endpoint.tenantId,
    { type: 'webhook_endpoint', id: endpoint.id },
    { id: endpoint.id, url: endpoint.url },
    { message: 'A test event: your endpoint receives and verifies signed deliveries.' },
    now,
  );
  const body = JSON.stringify(event);
  const answer = await send({ url: endpoint.url, id: event.id, body, secrets: signingSecrets(endpoint) });
  const at = new Date().toISOString();
  const delivered = isDelivered(answer.statusCode);
  // Recorded once, with its one attempt: never queued, so never retried, and not among the failed to replay.
  const record: DeliveryRecord = {
    endpointId: endpoint.id,
    eventId: event.id,
    eventType: event.type,
    eventSk: `${now}#${event.id}`,
    ...(endpoint.tenantId === undefined ? {} : { tenantId: endpoint.tenantId }),
    lane: `test:${event.id}`,
    body,
    status: delivered ? 'delivered' : 'failed',
    attempts: 1,
    nextAttemptAt: now,
    attemptLog: [attemptOf(answer, at)],
    createdAt: now,
    updatedAt: at,
    ...(delivered ? { deliveredAt: at } : { failedAt: at }),
  };
  await queueDelivery(record);
  return deliveryView(record, endpoint, true);
}
