import { useGetList, useTranslate } from 'react-admin';
import type { DataOf, WebhookEndpoint } from '../api/types.js';
import { useMe } from '../auth/useMe.js';
import { useFormat } from '../common/format.js';
import { type Item, Section } from './Section.js';

/** A failed chat message as GET /notifications lists it (with its order), and react-admin's id. */
type FailedMessage = DataOf<'/api/v1/notifications', 'get'>[number] & { id: string };

/** Admin: webhook endpoints that fail, and the tenant's chat messages that failed. */
export function FailingWebhooks() {
  const translate = useTranslate();
  const format = useFormat();
  const { can } = useMe();
  const endpoints = useGetList<WebhookEndpoint>('webhook-endpoints', { pagination: { page: 1, perPage: 100 } });
  const failing: Item[] | undefined = endpoints.data
    ?.filter((endpoint) => endpoint.consecutiveFailures > 0 || endpoint.disabledReason === 'failing')
    .map((endpoint) => ({
      key: endpoint.id,
      to: `/webhook-endpoints/${endpoint.id}/show`,
      primary: endpoint.url,
      secondary: endpoint.failingSince
        ? translate('vpo.admin.failing', { date: format.dateTime(endpoint.failingSince) })
        : endpoint.lastFailureAt && format.dateTime(endpoint.lastFailureAt),
    }));
  return (
    <>
      <Section title={translate('vpo.today.failingWebhooks')} query={{ ...endpoints, data: failing }} />
      {can('GET /api/v1/notifications') && (
        <>
          <div style={{ height: 16 }} />
          <FailedMessages />
        </>
      )}
    </>
  );
}

/** The tenant's chat messages that failed, newest first, each a link to its order (admin, operations). */
export function FailedMessages() {
  const translate = useTranslate();
  const format = useFormat();
  // The tenant's failed messages across its orders, newest first: one read.
  const messages = useGetList<FailedMessage>('notifications', { pagination: { page: 1, perPage: 20 } });
  const items: Item[] | undefined = messages.data?.map((message) => ({
    key: message.messageId,
    to: `/orders/${message.orderId}/show`,
    primary: `${message.orderNumber !== undefined ? `#${message.orderNumber} · ` : ''}${message.template?.name ?? message.event} → ${message.recipientName ?? message.to}`,
    secondary: `${format.dateTime(message.createdAt)} · ${message.error?.title ?? message.reason ?? ''}`,
  }));
  return <Section title={translate('vpo.today.failedMessages')} query={{ ...messages, data: items }} />;
}
