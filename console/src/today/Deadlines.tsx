import { useGetList, useTranslate } from 'react-admin';
import type { ExportDeadline } from '../api/types.js';
import { useFormat } from '../common/format.js';
import { dayAfter } from '../i18n/format.js';
import { type Item, Section } from './Section.js';

/** Export deadlines due in the next 14 days, soonest first (GET /export-deadlines). */
export function Deadlines() {
  const translate = useTranslate();
  const format = useFormat();
  const query = useGetList<ExportDeadline & { id: string }>('export-deadlines', {
    filter: { before: dayAfter(new Date(), 14) },
    pagination: { page: 1, perPage: 100 },
  });
  const items: Item[] | undefined = query.data?.map((deadline) => ({
    key: deadline.id,
    to: `/orders/${deadline.orderId}/show`,
    primary: `#${deadline.orderNumber} · ${translate(`vpo.today.kind.${deadline.kind}`)}`,
    secondary: translate('vpo.today.due', { date: format.day(deadline.due) }),
  }));
  return <Section title={translate('vpo.today.deadlines')} query={{ ...query, data: items }} />;
}
