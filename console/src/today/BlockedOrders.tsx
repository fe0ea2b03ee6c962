import { useQuery } from '@tanstack/react-query';
import { type DataProvider, useDataProvider, useTranslate } from 'react-admin';
import { requirementText } from '../orders/StatusActions.js';
import { type Item, Section } from './Section.js';
import { useOrderPage } from './useOrders.js';
import type { OrdersActions } from '../orders/data.js';

/** Operations: the newest open orders whose next moves wait on a requirement, with what is missing (validate-transition). */
export function BlockedOrders() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & OrdersActions>();
  const orderPage = useOrderPage();
  const query = useQuery({
    queryKey: ['today', 'blocked'],
    queryFn: async (): Promise<Item[]> => {
      const open = (await orderPage(30)).filter((order) => !order.isTerminal).slice(0, 12);
      const verdicts = await Promise.all(
        open.map(async (order) => ({ order, verdict: await dataProvider.validate(order.id, order.status) })),
      );
      return verdicts
        .filter(({ verdict }) => verdict.blocked.length > 0)
        .map(({ order, verdict }) => ({
          key: order.id,
          to: `/orders/${order.id}/show`,
          primary: `#${order.orderNumber} · ${order.customer.name} · ${translate(`vpo.status.${order.status}`)}`,
          secondary: verdict.blocked
            .map((move) =>
              translate('vpo.orders.blockedBy', {
                status: translate(`vpo.status.${move.status}`),
                missing: move.missingRequirements
                  .map((requirement) => requirementText(requirement, translate))
                  .join('; '),
              }),
            )
            .join(' · '),
        }));
    },
  });
  return <Section title={translate('vpo.today.blocked')} help={translate('vpo.today.blockedHelp')} query={query} />;
}
