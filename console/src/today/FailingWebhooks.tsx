import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetList, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../api/dataProvider';
import type { OrderNotification, WebhookEndpoint } from '../api/types';
import { useFormat } from '../common/format';
import { type Item, Section } from './Section';
import { useOrderPage } from './useOrders';

/** Admin: webhook endpoints that fail, and chat messages that failed on the newest orders. */
export function FailingWebhooks() {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const orderPage = useOrderPage();
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
  const messages = useQuery({
    queryKey: ['today', 'failed-messages'],
    queryFn: async (): Promise<Item[]> => {
      const orders = await orderPage(10);
      const lists = await Promise.all(
        orders.map(async (order) => {
          const { data } = await dataProvider.getManyReference<OrderNotification & { id: string }>('notifications', {
            target: 'orderId',
            id: order.id,
            pagination: { page: 1, perPage: 100 },
            sort: { field: 'createdAt', order: 'DESC' },
            filter: {},
          });
          return data
            .filter((message) => message.status === 'failed')
            .map((message) => ({
              key: message.messageId,
              to: `/orders/${order.id}/show`,
              primary: `#${order.orderNumber} · ${message.template?.name ?? message.event} → ${message.recipientName ?? message.to}`,
              secondary: `${format.dateTime(message.createdAt)} · ${message.error?.title ?? message.reason ?? ''}`,
            }));
        }),
      );
      return lists.flat();
    },
  });
  return (
    <>
      <Section title={translate('vpo.today.failingWebhooks')} query={{ ...endpoints, data: failing }} />
      <div style={{ height: 16 }} />
      <Section title={translate('vpo.today.failedMessages')} query={messages} />
    </>
  );
}
