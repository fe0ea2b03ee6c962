import { Chip, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { api, call } from '../api/client';
import { ORDER_STATUSES } from '../api/enums';
import { ErrorState, Loading } from '../common/states';
import { Panel } from '../orders/panels/Panel';

/** How all the orders in the key's scope spread over the statuses (one read of the counts), each a link to the filtered list. */
export function OrdersByStatus() {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['today', 'order-counts'],
    queryFn: async () => (await call(api().GET('/api/v1/orders/counts'))).body.data,
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
