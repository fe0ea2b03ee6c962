import { LOCAL_WHATSAPP, signatureOf, statusPayload } from '../local/whatsapp-webhook.js';
import { call, type Json, until } from './recorder.js';
import type { Keys } from './walk-data.js';

/** The order as it ends, and what was sent about it: its chat messages, and WhatsApp's reports of them. */
export async function deliveredOrder(keys: Keys, orderId: string, startedAt: number): Promise<void> {
  const { operations, integrator } = keys;
  // The order as it ends, and what was sent about it.
  await call('getOrder', {
    key: integrator,
    path: { id: orderId },
    note: 'a delivered order with its financial summary, signed contract and inspection',
  });
  await call('replaceTrackingLink', {
    key: operations,
    path: { id: orderId },
    note: "a new link for the buyer's page of a delivered order: the old one stops working, and this one ends 90 days after the delivery",
  });
  await call('listOrders', {
    key: integrator,
    query: { limit: 1 },
    note: 'the first page; pass meta.nextCursor as cursor for the next',
  });
  await call('countOrders', { key: operations, note: "how many of the tenant's orders are in each status" });
  const notifications = await until('the chat messages of the order', async () => {
    const listed = await call('listOrderNotifications', { key: integrator, path: { id: orderId }, skip: true });
    return listed.body.data.length > 3 ? listed.body.data : undefined;
  });
  const sent = notifications.find((n: Json) => n.audience === 'customer') ?? notifications[0];
  const delivered = JSON.stringify(
    statusPayload(sent.messageId, 'delivered', { to: sent.to, at: new Date(startedAt + 60_000) }),
  );
  await call('receiveWhatsAppWebhook', {
    rawBody: delivered,
    headers: {
      'Content-Type': 'application/json',
      'X-Hub-Signature-256': signatureOf(delivered, LOCAL_WHATSAPP.appSecret),
    },
    note: 'a delivery status for one of our messages',
  });
  await call('receiveWhatsAppWebhook', {
    rawBody: delivered,
    headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': 'sha256=0000' },
    expect: 401,
    note: 'the signature does not match the app secret',
  });
  await call('listOrderNotifications', { key: integrator, path: { id: orderId } });
  const staffMessage = notifications.find((n: Json) => n.audience !== 'customer') ?? notifications[1];
  const failedReport = JSON.stringify(
    statusPayload(staffMessage.messageId, 'failed', {
      to: staffMessage.to,
      at: new Date(startedAt + 90_000),
      errorCode: 131026,
      errorTitle: 'Message undeliverable',
    }),
  );
  await call('receiveWhatsAppWebhook', {
    rawBody: failedReport,
    headers: {
      'Content-Type': 'application/json',
      'X-Hub-Signature-256': signatureOf(failedReport, LOCAL_WHATSAPP.appSecret),
    },
    skip: true,
  });
  await call('listNotifications', {
    key: operations,
    query: { status: 'failed', limit: 20 },
    note: "the tenant's failed chat messages, newest first",
  });
}
