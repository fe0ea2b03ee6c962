import type { ReactNode } from 'react';
import { Box, Card, CardContent, Grid, LinearProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router';
import type { OrderDetail } from '../api/types.js';
import { useMe } from '../auth/useMe.js';
import { Money, When } from '../common/format.js';
import { QueryState } from '../common/states.js';
import { ConflictProvider } from './conflict.js';
import { carTitle } from './OrderList.js';
import { BillingPanel } from './billing/BillingPanel.js';
import { ContractsPanel } from './contracts/ContractsPanel.js';
import { CustomsPanel } from './customs/CustomsPanel.js';
import { DocumentsPanel } from './documents/DocumentsPanel.js';
import { ExportPanel } from './export/ExportPanel.js';
import { ImportChecksPanel } from './import-checks/ImportChecksPanel.js';
import { InspectionsPanel } from './inspections/InspectionsPanel.js';
import { Facts, Panel } from '../common/Panel.js';
import { ShipmentPanel } from './shipment/ShipmentPanel.js';
import { TimelinePanel } from './timeline/TimelinePanel.js';
import { TrackingLinkPanel } from './tracking/TrackingLinkPanel.js';
import { StatusActions } from './StatusActions.js';
import { StatusChip } from './StatusChip.js';

function Header({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const progress = Math.max(order.progress, 0);
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography component="h1" variant="h5">
            {translate('vpo.orders.title', { number: order.orderNumber })}
          </Typography>
          <StatusChip status={order.status} />
          <Typography variant="body2" color="text.secondary">
            {translate('vpo.common.version', { version: order.version })}
          </Typography>
        </Stack>
        <Box sx={{ mt: 2 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            color={order.status === 'Cancelled' ? 'error' : 'primary'}
            aria-label={translate('resources.orders.fields.progress')}
            sx={{ height: 8, borderRadius: 4 }}
          />
          <Typography variant="caption">{progress}%</Typography>
        </Box>
        <Box sx={{ mt: 2 }}>
          <StatusActions order={order} />
        </Box>
      </CardContent>
    </Card>
  );
}

function Summary({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { can } = useMe();
  const money = order.financialSummary;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title={translate('vpo.orders.financial')}>
          <Facts
            items={[
              [translate('vpo.orders.total'), <Money key="t" amount={order.totalAmount} currency={order.currency} />],
              [
                translate('vpo.orders.deposit'),
                <Money key="d" amount={money.depositAmount} currency={money.depositCurrency} />,
              ],
              [
                translate('vpo.orders.confirmed'),
                <Money key="c" amount={money.totalConfirmed} currency={order.currency} />,
              ],
              [
                translate('vpo.orders.remaining'),
                <Money key="r" amount={money.remainingAmount} currency={money.remainingCurrency} />,
              ],
              // Receipts in another currency: shown as received, never converted into the totals above.
              ...(money.otherCurrencies ?? []).flatMap((other) => [
                ...(other.totalConfirmed > 0
                  ? [
                      [
                        translate('vpo.orders.otherConfirmed', { currency: other.currency }),
                        <Money key={`oc-${other.currency}`} amount={other.totalConfirmed} currency={other.currency} />,
                      ] as [string, ReactNode],
                    ]
                  : []),
                ...(other.awaitingConfirmation > 0
                  ? [
                      [
                        translate('vpo.orders.otherAwaiting', { currency: other.currency }),
                        <Money
                          key={`oa-${other.currency}`}
                          amount={other.awaitingConfirmation}
                          currency={other.currency}
                        />,
                      ] as [string, ReactNode],
                    ]
                  : []),
              ]),
              ...(order.paidFromWallet
                ? [[translate('vpo.orders.paidFromWallet'), translate('vpo.common.yes')] as [string, string]]
                : []),
            ]}
          />
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title={translate('vpo.orders.car')}>
          <Facts
            items={[
              [
                translate('resources.orders.fields.customer'),
                can('GET /api/v1/customers/{id}') ? (
                  <MuiLink key="customer" component={Link} to={`/customers/${order.customerId}/show`}>
                    {order.customer.name}
                  </MuiLink>
                ) : (
                  order.customer.name
                ),
              ],
              [translate('resources.orders.fields.marketer'), order.marketer?.name ?? '—'],
              [translate('resources.orders.fields.car'), carTitle(order)],
              [translate('resources.orders.fields.inspectionDate'), <When key="i" iso={order.inspectionDate} />],
              [translate('resources.orders.fields.createdAt'), <When key="c" iso={order.createdAt} />],
              [translate('resources.orders.fields.notes'), order.notes ?? '—'],
            ]}
          />
        </Panel>
      </Grid>
    </Grid>
  );
}

/** The order page: where it stands, what can be done next, and every panel of its work. */
export function OrderShow() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  // Its own cache entry (meta): react-admin fills the plain one with the row of a list, not the detail.
  const read = useGetOne<OrderDetail>('orders', { id, meta: { detail: true } });
  return (
    <QueryState query={read}>
      {(order) => (
        <ConflictProvider order={order}>
          <Title title={translate('vpo.orders.title', { number: order.orderNumber })} />
          <Stack spacing={2} sx={{ my: 2 }}>
            <Header order={order} />
            <Summary order={order} />
            <ImportChecksPanel order={order} />
            <TrackingLinkPanel order={order} />
            <BillingPanel order={order} />
            <InspectionsPanel order={order} />
            <ContractsPanel order={order} />
            <CustomsPanel order={order} />
            <ExportPanel order={order} />
            <ShipmentPanel order={order} />
            <DocumentsPanel order={order} />
            <TimelinePanel order={order} />
          </Stack>
        </ConflictProvider>
      )}
    </QueryState>
  );
}
