import { useGetList, useTranslate } from 'react-admin';
import type { Order } from '../api/types.js';
import { useCountry } from '../import-rules/countries.js';
import { type Item, Section } from './Section.js';

const SHOWN = 20;

/**
 * Operations: the open orders whose car the import rules in force now refuse (a rule changed
 * since they were made) and no admin overrode, each a link to its order. The API judges them.
 */
export function FailingImports() {
  const translate = useTranslate();
  const country = useCountry();
  const failing = useGetList<Order>('orders', {
    filter: { importCheck: 'failing' },
    pagination: { page: 1, perPage: SHOWN },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  const items: Item[] | undefined = failing.data?.map((order) => ({
    key: order.id,
    to: `/orders/${order.id}/show`,
    primary: `#${order.orderNumber} · ${order.customer.name}`,
    secondary: [
      translate('vpo.importRules.failingItem', { country: country(order.destinationCountry ?? '') }),
      translate(`vpo.status.${order.status}`),
    ].join(' · '),
  }));
  const more = (failing.total ?? 0) - (failing.data?.length ?? 0);
  if (items && more > 0)
    items.push({ key: 'more', primary: translate('vpo.importRules.failingMore', { smart_count: more }) });
  return (
    <Section
      title={translate('vpo.importRules.failing')}
      help={translate('vpo.importRules.failingHelp')}
      query={{ ...failing, data: items }}
    />
  );
}
