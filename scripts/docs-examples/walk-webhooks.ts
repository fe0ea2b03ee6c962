import { call, until } from './recorder.js';
import type { Keys } from './walk-data.js';

/** The tenant's systems hear of changes: one receiver that answers, one that is down. */
export async function createEndpoints(
  keys: Keys,
  receiverUrl: string,
): Promise<{ endpointId: string; downId: string }> {
  const { admin } = keys;
  const hook = await call('createWebhookEndpoint', {
    key: admin,
    body: {
      url: `${receiverUrl}/ok`,
      eventTypes: ['order.created', 'order.status_changed', 'contract.signed'],
      description: 'ERP order sync',
    },
    note: 'the secret is shown in this answer only',
  });
  const endpointId = hook.body.data.endpoint.id as string;
  const down = await call('createWebhookEndpoint', {
    key: admin,
    body: {
      url: `${receiverUrl}/down`,
      eventTypes: ['order.created', 'order.status_changed'],
      description: 'staging receiver',
    },
    skip: true,
  });
  const downId = down.body.data.endpoint.id as string;
  return { endpointId, downId };
}

/** Webhooks: the receiver that answers, then the one that is down (retrying, then failed), replayed. */
export async function webhooks(keys: Keys, endpointId: string, downId: string, startedAt: number): Promise<void> {
  const { admin } = keys;
  await call('listWebhookEndpoints', { key: admin });
  await call('getWebhookEndpoint', { key: admin, path: { id: endpointId } });
  await call('updateWebhookEndpoint', {
    key: admin,
    path: { id: endpointId },
    body: { eventTypes: ['order.created', 'order.status_changed', 'contract.signed', 'billing_entry.confirmed'] },
  });
  await call('updateWebhookEndpoint', {
    key: admin,
    path: { id: endpointId },
    body: { description: 'ERP order and billing sync', version: 1 },
    expect: 409,
    note: 'body.version is no longer current: the endpoint changed since it was read',
  });
  await call('testWebhookEndpoint', { key: admin, path: { id: endpointId }, body: {} });
  const deliveries = await until('a delivery to the receiver', async () => {
    const listed = await call('listWebhookDeliveries', {
      key: admin,
      path: { id: endpointId },
      query: { limit: 2 },
      skip: true,
    });
    return listed.body.data.length > 0 ? listed.body.data : undefined;
  });
  await call('getWebhookDelivery', {
    key: admin,
    path: { id: endpointId, deliveryId: deliveries[0].eventId ?? deliveries[0].id },
  });
  await call('listWebhookDeliveries', {
    key: admin,
    path: { id: downId },
    query: { status: 'retrying', limit: 1 },
    note: 'a delivery the receiver refused: retried at nextAttemptAt',
  });
  const failed = await until(
    'a failed delivery',
    async () => {
      const listed = await call('listWebhookDeliveries', {
        key: admin,
        path: { id: downId },
        query: { status: 'failed', limit: 1 },
        skip: true,
      });
      return listed.body.data[0];
    },
    120_000,
  );
  await call('getWebhookDelivery', {
    key: admin,
    path: { id: downId, deliveryId: failed.eventId ?? failed.id },
    keep: true,
    note: 'a delivery that failed every attempt',
  });
  await call('replayWebhookDelivery', {
    key: admin,
    path: { id: downId, deliveryId: failed.eventId ?? failed.id },
    body: {},
  });
  await call('replayWebhookDelivery', {
    key: admin,
    path: { id: downId, deliveryId: failed.eventId ?? failed.id },
    body: {},
    expect: 409,
    note: 'the delivery is being tried again already',
  });
  await call('replayFailedWebhooks', {
    key: admin,
    path: { id: downId },
    body: { since: new Date(startedAt - 60_000).toISOString() },
  });
  await call('rotateWebhookSecret', { key: admin, path: { id: endpointId }, body: { graceSeconds: 3600 } });
  await call('deleteWebhookEndpoint', { key: admin, path: { id: downId } });
}
