import { envNumber } from '../../config.js';
import { nextFeedPage } from '../../domain/event-feed.js';
import { DISABLE_AFTER_MS, isDelivered, nextRetryDelayMs, shouldDisable } from '../../domain/webhook-rules.js';
import { describeError, log } from '../../logger.js';
import { recordEvent } from '../../metrics.js';
import { sendWebhook, type SendWebhook, type WebhookAnswer } from '../../notify/webhook-sender.js';
import { readEventsAfter, settleMs, type StoredEvent } from '../../store/events.js';
import {
  pendingDeliveries,
  queueDelivery,
  recordAttempt,
  type AttemptOutcome,
  type DeliveryRecord,
} from '../../store/webhook-deliveries.js';
import {
  disableFailingEndpoint,
  getEndpoint,
  leaseEndpoint,
  listAllEndpoints,
  listEndpoints,
  recordEndpointFailure,
  recordEndpointSuccess,
  releaseEndpoint,
  saveEndpointCursor,
  type EndpointCursor,
  type WebhookEndpointRecord,
} from '../../store/webhook-endpoints.js';
import { PLATFORM_SCOPE } from '../../domain/scope.js';
import { untilTableAnswers } from '../shared/until-table-answers.js';
import { attemptOf } from './delivery-view.js';
import { endpointDisabledAlert } from './endpoint-alert.js';
import { eventBodyForIntegrators } from '../shared/event-items.js';

/** How many of one endpoint's resources are delivered to at once (each resource's events one by one). */
const PARALLEL_LANES = 8;
/** Events read from the feed per pass, and deliveries taken from the queue. */
const READ_PER_PASS = 2_000;
const QUEUE_PER_PASS = 500;
/** The feed positions an endpoint remembers beyond its safe point (its cursor is one item, well under 400 KB). */
const MAX_SEEN = 5_000;
/** Passes one worker makes while other workers keep asking for a look. */
const MAX_PASSES = 20;
/** A pass starts no attempt after this (each takes at most 10 s), so it ends well within its lease. */
const PASS_BUDGET_MS = 60_000;
/** During a pass the endpoint is read again at most this often, so a deletion, a disabling or a new URL takes effect within it. */
const RECHECK_MS = 1_000;

export interface PassCounts {
  queued: number;
  delivered: number;
  retry: number;
  failed: number;
}

const retryScale = (): number => envNumber('WEBHOOK_RETRY_SCALE', 1);
const disableAfterMs = (): number => envNumber('WEBHOOK_DISABLE_AFTER_MS', DISABLE_AFTER_MS);

/** The secrets that sign now: the current one, and a rotated-out one during its grace period. */
export const signingSecrets = (endpoint: WebhookEndpointRecord, nowMs = Date.now()): string[] =>
  endpoint.secrets.filter((s) => s.expiresAt === undefined || Date.parse(s.expiresAt) > nowMs).map((s) => s.secret);

const subscribes = (endpoint: Pick<WebhookEndpointRecord, 'eventTypes'>, type: string): boolean =>
  endpoint.eventTypes.length === 0 || (endpoint.eventTypes as readonly string[]).includes(type);

/**
 * Reads the tenant's feed from where the endpoint got to and queues a delivery for each new
 * event it subscribes to. Every event is read once: the cursor remembers what it has seen.
 */
async function intake(
  endpoint: WebhookEndpointRecord,
  cursor: EndpointCursor,
): Promise<{ cursor: EndpointCursor; queued: number }> {
  const nowMs = Date.now();
  const { events, exhausted } = await readEventsAfter(endpoint.tenantId, cursor.safe, READ_PER_PASS);
  const horizon = new Date(nowMs - settleMs()).toISOString();
  const step = nextFeedPage<StoredEvent>(cursor, events, {
    limit: READ_PER_PASS,
    horizon,
    exhausted,
    maxSeen: MAX_SEEN,
  });
  let queued = 0;
  const now = new Date(nowMs).toISOString();
  const wanted = step.page.filter((event) => subscribes(endpoint, event.type));
  for (let i = 0; i < wanted.length; i += 25) {
    const outcomes = await Promise.all(
      wanted.slice(i, i + 25).map((event) =>
        queueDelivery({
          endpointId: endpoint.id,
          eventId: event.id,
          eventType: event.type,
          eventSk: event.sk,
          ...(event.tenantId === undefined ? {} : { tenantId: event.tenantId }),
          lane: event.lane,
          body: event.body,
          status: 'pending',
          attempts: 0,
          nextAttemptAt: now,
          attemptLog: [],
          createdAt: event.timestamp,
          updatedAt: now,
        }),
      ),
    );
    queued += outcomes.filter(Boolean).length;
  }
  return { cursor: { ...step.cursor, leaseToken: cursor.leaseToken }, queued };
}

/** What one attempt's answer means for the delivery. */
function outcomeOf(delivery: DeliveryRecord, answer: WebhookAnswer, nowMs: number): AttemptOutcome {
  if (isDelivered(answer.statusCode)) return { kind: 'delivered' };
  const delay = nextRetryDelayMs(delivery.attempts + 1, retryScale());
  return delay === undefined
    ? { kind: 'failed' }
    : { kind: 'retry', nextAttemptAt: new Date(nowMs + delay).toISOString() };
}

/** One attempt at one delivery, recorded with its outcome, and the endpoint's health after it. */
async function attempt(
  endpoint: WebhookEndpointRecord,
  delivery: DeliveryRecord,
  send: SendWebhook,
  replay: boolean,
): Promise<AttemptOutcome> {
  const answer = await send({
    url: endpoint.url,
    id: delivery.eventId,
    body: eventBodyForIntegrators(delivery.body),
    secrets: signingSecrets(endpoint),
  });
  const nowMs = Date.now();
  const at = new Date(nowMs).toISOString();
  const record = attemptOf(answer, at, replay);
  const outcome = outcomeOf(delivery, answer, nowMs);
  // Recorded as soon as the table answers: a sent delivery is not sent again after a short outage.
  await untilTableAnswers(() => recordAttempt(delivery, record, outcome));
  recordEvent(
    outcome.kind === 'delivered'
      ? 'WebhooksDelivered'
      : outcome.kind === 'failed'
        ? 'WebhooksFailed'
        : 'WebhookAttemptsFailed',
  );
  if (outcome.kind === 'delivered') {
    if (
      endpoint.failingSince !== undefined ||
      endpoint.consecutiveFailures > 0 ||
      !endpoint.lastSuccessAt ||
      nowMs - Date.parse(endpoint.lastSuccessAt) > 60_000
    ) {
      await recordEndpointSuccess(endpoint.id, at);
      endpoint.failingSince = undefined;
      endpoint.consecutiveFailures = 0;
      endpoint.lastSuccessAt = at;
    }
    return outcome;
  }
  // A receiver refusing is the integrator's to fix (their delivery log shows it); a delivery given up is ours to see.
  (outcome.kind === 'failed' ? log.warn : log.info)('webhook attempt failed', {
    endpointId: endpoint.id,
    eventId: delivery.eventId,
    statusCode: answer.statusCode,
    error: answer.error,
    outcome: outcome.kind,
  });
  const now = await untilTableAnswers(() => recordEndpointFailure(endpoint.id, at));
  if (now) Object.assign(endpoint, { failingSince: now.failingSince, consecutiveFailures: now.consecutiveFailures });
  if (now?.enabled && shouldDisable(now.failingSince, nowMs, disableAfterMs())) {
    const disabled = await disableFailingEndpoint(endpoint.id, at, [endpointDisabledAlert(now, at)]);
    if (disabled) {
      endpoint.enabled = false;
      log.warn('webhook endpoint disabled: failing too long', {
        endpointId: endpoint.id,
        failingSince: now.failingSince,
      });
      recordEvent('WebhookEndpointsDisabled');
    }
  }
  return outcome;
}

/**
 * Delivers what is due, each resource's events in order: a resource's next event waits until
 * the one before it is delivered or given up. Different resources go in parallel. A replayed
 * delivery goes on its own.
 */
async function deliverQueue(endpoint: WebhookEndpointRecord, send: SendWebhook, counts: PassCounts): Promise<void> {
  const deadline = Date.now() + PASS_BUDGET_MS;
  const queue = await pendingDeliveries(endpoint.id, QUEUE_PER_PASS);
  const lanes = new Map<string, DeliveryRecord[]>();
  for (const delivery of queue) {
    const lane = delivery.replayed ? `replay:${delivery.eventId}` : delivery.lane;
    lanes.set(lane, [...(lanes.get(lane) ?? []), delivery]);
  }
  const work = [...lanes.values()];
  let checkedAt = Date.now();
  let checking: Promise<void> | undefined;
  const recheck = async (): Promise<void> => {
    if (Date.now() - checkedAt < RECHECK_MS) return;
    checking ??= getEndpoint(PLATFORM_SCOPE, endpoint.id)
      .then((now) => {
        if (!now || now.deletedAt !== undefined || !now.enabled) endpoint.enabled = false;
        else Object.assign(endpoint, { url: now.url, secrets: now.secrets });
      })
      .finally(() => {
        checkedAt = Date.now();
        checking = undefined;
      });
    await checking;
  };
  const runLane = async (deliveries: DeliveryRecord[]) => {
    for (const delivery of deliveries) {
      await recheck();
      if (!endpoint.enabled || Date.now() > deadline) return;
      if (Date.parse(delivery.nextAttemptAt) > Date.now()) return;
      const outcome = await attempt(endpoint, delivery, send, delivery.replayed === true);
      counts[outcome.kind] += 1;
      if (outcome.kind === 'retry') return;
    }
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_LANES, work.length) }, async () => {
      while (next < work.length) await runLane(work[next++]!);
    }),
  );
}

/**
 * One endpoint's work, by whichever worker gets its lease: read new events into its queue,
 * deliver what is due, and look again while other workers asked it to. A worker that finds the
 * endpoint taken leaves the work to the one holding it.
 */
export async function runEndpoint(endpointId: string, send: SendWebhook = sendWebhook): Promise<PassCounts | 'busy'> {
  const counts: PassCounts = { queued: 0, delivered: 0, retry: 0, failed: 0 };
  const first = await getEndpoint(PLATFORM_SCOPE, endpointId);
  // A deleted endpoint is taken up by no worker: what it had queued stays as it is (shown as cancelled).
  if (!first || first.deletedAt !== undefined) return counts;
  let cursor = await leaseEndpoint(endpointId, first.createdAt);
  if (!cursor) return 'busy';
  const token = cursor.leaseToken!;
  try {
    for (let pass = 0; pass < MAX_PASSES; pass += 1) {
      const endpoint = pass === 0 ? first : await getEndpoint(PLATFORM_SCOPE, endpointId);
      if (!endpoint || endpoint.deletedAt !== undefined) return counts;
      const read = await intake(endpoint, cursor);
      cursor = read.cursor;
      counts.queued += read.queued;
      if (!(await saveEndpointCursor(endpointId, cursor))) return counts;
      if (endpoint.enabled) await deliverQueue(endpoint, send, counts);
      const released = await releaseEndpoint(endpointId, token);
      if (released !== 'again') return counts;
    }
    await releaseEndpoint(endpointId, token);
    return counts;
  } catch (error) {
    // Given back as soon as the table answers again (else the lease runs out by itself), so the next run goes on.
    log.error('webhook endpoint pass failed', { endpointId, ...describeError(error) });
    await untilTableAnswers(() => releaseEndpoint(endpointId, token)).catch(() => undefined);
    throw error;
  }
}

/** Every endpoint of a tenant (the stream trigger: the tenant has new events). */
export async function runTenant(tenantId: string | undefined, send?: SendWebhook): Promise<void> {
  const endpoints = await listEndpoints(tenantId);
  await Promise.all(endpoints.map((endpoint) => runEndpoint(endpoint.id, send)));
}

/** Every endpoint of every tenant: retries whose time has come, and anything a trigger missed. */
export async function sweepWebhooks(send?: SendWebhook): Promise<PassCounts> {
  const total: PassCounts = { queued: 0, delivered: 0, retry: 0, failed: 0 };
  const endpoints = await listAllEndpoints();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(4, endpoints.length) }, async () => {
      while (next < endpoints.length) {
        const endpoint = endpoints[next++]!;
        try {
          const counts = await runEndpoint(endpoint.id, send);
          if (counts !== 'busy')
            for (const key of Object.keys(total) as Array<keyof PassCounts>) total[key] += counts[key];
        } catch {
          // logged by runEndpoint; the other endpoints go on
        }
      }
    }),
  );
  return total;
}
