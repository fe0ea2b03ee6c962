import { Box, Grid, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useMe } from '../auth/useMe.js';
import { Loading } from '../common/states.js';
import { BlockedOrders } from './BlockedOrders.js';
import { Deadlines } from './Deadlines.js';
import { FailingImports } from './FailingImports.js';
import { FailedMessages, FailingWebhooks } from './FailingWebhooks.js';
import { MyInspections } from './MyInspections.js';
import { OrdersByStatus } from './OrdersByStatus.js';
import { ReceiptsToConfirm } from './ReceiptsToConfirm.js';

/** What waits on the signed-in person, from the list endpoints their key may call. */
export function Today() {
  const translate = useTranslate();
  const { me, can, isPending } = useMe();
  if (isPending || !me) return <Loading />;
  const role = me.role;
  return (
    <Box sx={{ my: 2 }}>
      <Title title={translate('vpo.today.title')} />
      <Typography component="h1" variant="h5" gutterBottom>
        {translate('vpo.today.hello', { name: me.user?.name ?? translate(`vpo.role.${role}`) })}
      </Typography>
      <Grid container spacing={2}>
        {role === 'inspector' && can('GET /api/v1/inspections') && (
          <Grid size={{ xs: 12, md: 6 }}>
            <MyInspections />
          </Grid>
        )}
        {can('PATCH /api/v1/billing/{id}/confirm') && can('GET /api/v1/orders') && (
          <Grid size={{ xs: 12, md: 6 }}>
            <ReceiptsToConfirm />
          </Grid>
        )}
        {(role === 'operations' || role === 'admin' || role === 'inspector') && can('GET /api/v1/orders') && (
          <Grid size={{ xs: 12, md: 6 }}>
            <BlockedOrders />
          </Grid>
        )}
        {(role === 'operations' || role === 'admin') && can('GET /api/v1/orders') && (
          <Grid size={{ xs: 12, md: 6 }}>
            <FailingImports />
          </Grid>
        )}
        {can('GET /api/v1/export-deadlines') && (
          <Grid size={{ xs: 12, md: 6 }}>
            <Deadlines />
          </Grid>
        )}
        {can('GET /api/v1/webhook-endpoints') && (
          <Grid size={{ xs: 12, md: 6 }}>
            <FailingWebhooks />
          </Grid>
        )}
        {!can('GET /api/v1/webhook-endpoints') && can('GET /api/v1/notifications') && (
          <Grid size={{ xs: 12, md: 6 }}>
            <FailedMessages />
          </Grid>
        )}
        {can('GET /api/v1/orders') && (
          <Grid size={{ xs: 12 }}>
            <OrdersByStatus />
          </Grid>
        )}
      </Grid>
    </Box>
  );
}
