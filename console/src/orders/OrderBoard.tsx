import { Box, Card, CardActionArea, CardContent, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import { Title, useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { ORDER_STATUSES } from '../api/enums.js';
import type { Order, OrderStatus } from '../api/types.js';
import { Money } from '../common/format.js';
import { QueryState } from '../common/states.js';
import { carTitle } from './OrderList.js';

const PER_COLUMN = 10;

function Column({ status }: { status: OrderStatus }) {
  const translate = useTranslate();
  const orders = useGetList<Order>('orders', {
    filter: { status },
    pagination: { page: 1, perPage: PER_COLUMN },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  const headingId = `board-${status}`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ minWidth: 230, maxWidth: 260, p: 1, bgcolor: 'grey.50', flexShrink: 0 }}
    >
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {translate(`vpo.status.${status}`)}
      </Typography>
      <QueryState query={orders}>
        {(data) => (
          <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.map((order) => (
              <li key={order.id}>
                <Card variant="outlined">
                  <CardActionArea component={Link} to={`/orders/${order.id}/show`}>
                    <CardContent sx={{ p: 1, '&:last-child': { pb: 1 } }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        #{order.orderNumber} · {order.customer.name}
                      </Typography>
                      <Typography variant="caption" component="p">
                        {carTitle(order)}
                      </Typography>
                      <Typography variant="caption">
                        <Money amount={order.totalAmount} currency={order.currency} />
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </li>
            ))}
          </Stack>
        )}
      </QueryState>
      {orders.pageInfo?.hasNextPage && (
        <MuiLink
          component={Link}
          to={`/orders?filter=${encodeURIComponent(JSON.stringify({ status }))}`}
          sx={{ display: 'block', mt: 1 }}
        >
          {translate('vpo.orders.boardMore')}
        </MuiLink>
      )}
    </Paper>
  );
}

/** The orders by status, one column each (the newest of each, one page read per column). */
export function OrderBoard() {
  const translate = useTranslate();
  return (
    <Box sx={{ my: 2 }}>
      <Title title={translate('vpo.orders.board')} />
      <Typography component="h1" variant="h5" gutterBottom>
        {translate('vpo.orders.board')}
      </Typography>
      <Box
        sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 2 }}
        tabIndex={0}
        role="region"
        aria-label={translate('vpo.orders.board')}
      >
        {ORDER_STATUSES.map((status) => (
          <Column key={status} status={status} />
        ))}
      </Box>
    </Box>
  );
}
