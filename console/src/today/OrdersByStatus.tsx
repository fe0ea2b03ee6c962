import { Chip, Stack } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { ORDER_STATUSES } from '../api/enums';
import type { Order } from '../api/types';
import { ErrorState, Loading } from '../common/states';
import { Panel } from '../orders/panels/Panel';

const SAMPLE = 100;

/** How the newest orders spread over the statuses (one page of 100), each a link to the filtered list. */
export function OrdersByStatus() {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useGetList<Order>('orders', {
    pagination: { page: 1, perPage: SAMPLE },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  const counts = new Map<string, number>();
  for (const order of data ?? []) counts.set(order.status, (counts.get(order.status) ?? 0) + 1);
  return (
    <Panel title={translate('vpo.today.byStatus', { count: SAMPLE })}>
      {isPending ? (
        <Loading />
      ) : error ? (
        <ErrorState error={error} retry={refetch} />
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {ORDER_STATUSES.filter((status) => counts.has(status)).map((status) => (
            <Chip
              key={status}
              clickable
              component={Link}
              to={`/orders?filter=${encodeURIComponent(JSON.stringify({ status }))}`}
              label={`${translate(`vpo.status.${status}`)}: ${counts.get(status)}`}
            />
          ))}
        </Stack>
      )}
    </Panel>
  );
}
