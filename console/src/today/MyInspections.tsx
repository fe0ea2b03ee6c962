import { useGetList, useTranslate } from 'react-admin';
import type { AgendaInspection } from '../api/types.js';
import { useFormat } from '../common/format.js';
import { type Item, Section } from './Section.js';

/** Inspector: the inspections assigned to them that are still to do, by date (their agenda, one read). */
export function MyInspections() {
  const translate = useTranslate();
  const format = useFormat();
  const agenda = useGetList<AgendaInspection>('inspections', {
    filter: { open: true },
    pagination: { page: 1, perPage: 50 },
  });
  const items: Item[] | undefined = agenda.data?.map((inspection) => ({
    key: inspection.id,
    to: `/orders/${inspection.orderId}/show`,
    primary: [
      inspection.orderNumber !== undefined && `#${inspection.orderNumber}`,
      inspection.customerName,
      translate(`vpo.inspections.status.${inspection.status}`),
    ]
      .filter(Boolean)
      .join(' · '),
    secondary: inspection.inspectionDate ? format.dateTime(inspection.inspectionDate) : translate('vpo.today.undated'),
  }));
  return (
    <Section
      title={translate('vpo.today.myInspections')}
      help={translate('vpo.today.myInspectionsHelp')}
      query={{ ...agenda, data: items }}
    />
  );
}
