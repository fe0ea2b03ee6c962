import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../api/dataProvider';
import { requirementText } from '../orders/StatusActions';
import { type Item, Section } from './Section';
import { useOrderPage } from './useOrders';

/** Operations: the newest open orders whose next moves wait on a requirement, with what is missing (validate-transition). */
export function BlockedOrders() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const orderPage = useOrderPage();
  const query = useQuery({
    queryKey: ['today', 'blocked'],
    queryFn: async (): Promise<Item[]> => {
      const open = (await orderPage(30)).filter((order) => !order.isTerminal).slice(0, 12);
      const verdicts = await Promise.all(open.map(async (order) => ({ order, verdict: await dataProvider.validate(order.id, order.status) })));
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
                missing: move.missingRequirements.map((requirement) => requirementText(requirement, translate)).join('; '),
              }),
            )
            .join(' · '),
        }));
    },
  });
  return <Section title={translate('vpo.today.blocked')} help={translate('vpo.today.blockedHelp')} query={query} />;
}
