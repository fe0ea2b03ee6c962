import { Chip, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type DataProvider, useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { ORDER_STATUSES } from '../api/enums.js';
import { ErrorState, Loading } from '../common/states.js';
import { Panel } from '../common/Panel.js';
import type { OrdersActions } from '../orders/data.js';

/** How all the orders in the key's scope spread over the statuses (one read of the counts), each a link to the filtered list. */
export function OrdersByStatus() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & OrdersActions>();
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['today', 'order-counts'],
    queryFn: () => dataProvider.orderCounts(),
  });
  return (
    <Panel title={translate('vpo.today.byStatus')}>
      {isPending ? (
        <Loading />
      ) : error ? (
        <ErrorState error={error} retry={() => void refetch()} />
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {ORDER_STATUSES.filter((status) => (data?.counts[status] ?? 0) > 0).map((status) => (
            <Chip
              key={status}
              clickable
              component={Link}
              to={`/orders?filter=${encodeURIComponent(JSON.stringify({ status }))}`}
              label={`${translate(`vpo.status.${status}`)}: ${data?.counts[status]}`}
            />
          ))}
        </Stack>
      )}
    </Panel>
  );
}
