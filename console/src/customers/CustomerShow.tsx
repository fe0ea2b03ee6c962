import { useWatch } from 'react-hook-form';
import { Box, Button, Grid, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import {
  NumberInput,
  RadioButtonGroupInput,
  required,
  SelectInput,
  TextInput,
  Title,
  useGetList,
  useGetManyReference,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router';
import { MOVEMENT_TYPES } from '../api/enums.js';
import type { BodyOf, Customer, Order, WalletTransaction } from '../api/types.js';
import { useMe } from '../auth/useMe.js';
import { ActionDialog, useDialog } from '../common/ActionDialog.js';
import { Money, When } from '../common/format.js';
import { QueryState } from '../common/states.js';
import { useAction } from '../common/useAction.js';
import { countryCodeOf } from '../import-rules/countries.js';
import { useDestination, useForCustomer } from '../import-rules/for-customer.js';
import { carTitle } from '../orders/OrderList.js';
import { Facts, Panel } from '../common/Panel.js';
import { StatusChip } from '../orders/StatusChip.js';
import type { CustomersActions } from './data.js';

const PER_PAGE = 20;

function Ledger({ customer }: { customer: Customer }) {
  const translate = useTranslate();
  const [page, setPage] = useState(1);
  const ledger = useGetManyReference<WalletTransaction>('wallet-transactions', {
    target: 'walletId',
    id: customer.walletId,
    pagination: { page, perPage: PER_PAGE },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  return (
    <QueryState query={ledger}>
      {(data) => (
        <>
          <Table size="small" aria-label={translate('vpo.customers.ledger')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.customers.fields.createdAt')}</TableCell>
                <TableCell>{translate('vpo.billing.type')}</TableCell>
                <TableCell>{translate('vpo.billing.description')}</TableCell>
                <TableCell>{translate('vpo.customers.delta')}</TableCell>
                <TableCell>{translate('vpo.customers.balanceAfter')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell>
                    <When iso={entry.createdAt} />
                  </TableCell>
                  <TableCell>{translate(`vpo.customers.movementType.${entry.type}`)}</TableCell>
                  <TableCell>{entry.description}</TableCell>
                  <TableCell>
                    <Money amount={entry.delta} currency={entry.currency} />
                  </TableCell>
                  <TableCell>
                    <Money amount={entry.balanceAfter} currency={entry.currency} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Stack
            direction="row"
            sx={{ justifyContent: 'flex-end', alignItems: 'center', gap: 1 }}
            component="nav"
            aria-label={translate('vpo.customers.ledger')}
          >
            <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {translate('ra.navigation.previous')}
            </Button>
            <Typography variant="body2">{translate('ra.navigation.current_page', { page })}</Typography>
            <Button size="small" disabled={page * PER_PAGE >= (ledger.total ?? 0)} onClick={() => setPage(page + 1)}>
              {translate('ra.navigation.next')}
            </Button>
          </Stack>
        </>
      )}
    </QueryState>
  );
}

function CustomerOrders({ customer }: { customer: Customer }) {
  const translate = useTranslate();
  const orders = useGetList<Order>('orders', {
    filter: { customerId: customer.id },
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  return (
    <QueryState query={orders}>
      {(data) => (
        <Table size="small" aria-label={translate('vpo.customers.orders')}>
          <TableBody>
            {data.map((order) => (
              <TableRow key={order.id} hover>
                <TableCell>
                  <Link to={`/orders/${order.id}/show`}>
                    {translate('vpo.orders.title', { number: order.orderNumber })}
                  </Link>
                </TableCell>
                <TableCell>
                  <StatusChip status={order.status} />
                </TableCell>
                <TableCell>{carTitle(order)}</TableCell>
                <TableCell>
                  <Money amount={order.totalAmount} currency={order.currency} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </QueryState>
  );
}

type Movement = BodyOf<'/api/v1/wallets/{id}/transactions', 'post'>;

/**
 * The currencies a movement of this wallet may be in. The API's type takes any ISO 4217 code, but
 * a wallet holds one currency and refuses any other (422 WALLET_CURRENCY_MISMATCH, nothing is
 * converted): the one GET /customers/{id} gives as walletCurrency.
 */
const movementCurrencies = (customer: Customer): Movement['currency'][] => [customer.walletCurrency];

/** A customer: contact, wallet balance and ledger, orders, and "new order". */
export function CustomerShow() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { can } = useMe();
  const movement = useDialog();
  const { dataProvider } = useAction<CustomersActions>();
  const read = useGetOne<Customer>('customers', { id, meta: { detail: true } });
  return (
    <QueryState query={read}>
      {(customer) => (
        <Box sx={{ my: 2 }}>
          <Title title={customer.name} />
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}
          >
            <Typography component="h1" variant="h5">
              {customer.name}
            </Typography>
            {can('POST /api/v1/orders') && (
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                {can('GET /api/v1/cars') && <ChooseCar customer={customer} />}
                <Button
                  variant="contained"
                  component={Link}
                  to="/orders/create"
                  state={{
                    record: {
                      customerId: customer.id,
                      currency: customer.walletCurrency,
                      ...(countryCodeOf(customer.country)
                        ? { destinationCountry: countryCodeOf(customer.country) }
                        : {}),
                    },
                  }}
                >
                  {translate('vpo.customers.newOrder')}
                </Button>
              </Stack>
            )}
          </Stack>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Panel title={translate('resources.customers.name', { smart_count: 1 })}>
                <Facts
                  items={[
                    [translate('resources.customers.fields.mobileNumber'), <bdi key="m">{customer.mobileNumber}</bdi>],
                    [translate('resources.customers.fields.email'), customer.email ?? '—'],
                    [translate('resources.customers.fields.idNumber'), customer.idNumber ?? '—'],
                    [translate('resources.customers.fields.country'), customer.country ?? '—'],
                    [translate('resources.customers.fields.address'), customer.address ?? '—'],
                    [translate('resources.customers.fields.language'), customer.language ?? '—'],
                  ]}
                />
              </Panel>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Panel
                title={translate('vpo.customers.wallet')}
                actions={
                  can('POST /api/v1/wallets/{id}/transactions') && (
                    <Button variant="outlined" onClick={movement.show}>
                      {translate('vpo.customers.movement')}
                    </Button>
                  )
                }
              >
                <Typography variant="h4" component="p" aria-label={translate('vpo.customers.balance')}>
                  <Money amount={customer.walletBalance} currency={customer.walletCurrency} />
                </Typography>
              </Panel>
            </Grid>
            <Grid size={{ xs: 12 }}>
              <Panel title={translate('vpo.customers.orders')}>
                <CustomerOrders customer={customer} />
              </Panel>
            </Grid>
            {can('GET /api/v1/wallets/{id}/transactions') && (
              <Grid size={{ xs: 12 }}>
                <Panel title={translate('vpo.customers.ledger')}>
                  <Ledger customer={customer} />
                </Panel>
              </Grid>
            )}
          </Grid>
          <ActionDialog<Movement>
            open={movement.open}
            onClose={movement.hide}
            title={translate('vpo.customers.movement')}
            defaultValues={{ type: 'credit', currency: customer.walletCurrency }}
            // A direction belongs to an adjustment only (the API refuses it on other types): one picked
            // before switching to another type is not sent.
            submit={({ direction, ...values }) =>
              dataProvider.walletTransaction(
                customer.walletId,
                values.type === 'adjustment' ? { ...values, direction } : values,
              )
            }
            success={translate('vpo.customers.recorded')}
          >
            <SelectInput
              source="type"
              label="vpo.billing.type"
              choices={MOVEMENT_TYPES.map((type) => ({
                id: type,
                name: translate(`vpo.customers.movementType.${type}`),
              }))}
              fullWidth
            />
            <AdjustmentDirection />
            <NumberInput source="amount" label="vpo.billing.amount" fullWidth />
            <SelectInput
              source="currency"
              label="vpo.billing.currency"
              choices={movementCurrencies(customer).map((code) => ({ id: code, name: code }))}
              validate={required()}
              helperText={translate('vpo.customers.walletCurrency', { currency: customer.walletCurrency })}
              fullWidth
            />
            <TextInput source="description" label="vpo.billing.description" fullWidth />
          </ActionDialog>
        </Box>
      )}
    </QueryState>
  );
}

/**
 * Opens the catalogue to pick a car for this customer: it starts from the cars their country's
 * import rules let in (when their country is a 2-letter code), and the order made from a car's
 * page is for them.
 */
function ChooseCar({ customer }: { customer: Customer }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [, setForCustomer] = useForCustomer();
  const [, setDestination] = useDestination();
  const choose = () => {
    const country = countryCodeOf(customer.country);
    setForCustomer({
      id: customer.id,
      name: customer.name,
      currency: customer.walletCurrency,
      ...(country ? { country } : {}),
    });
    setDestination(country ?? '');
    navigate('/cars');
  };
  return (
    <Button variant="outlined" onClick={choose}>
      {translate('vpo.importRules.chooseCar')}
    </Button>
  );
}

/** Which way an adjustment moves the balance: asked for adjustments only, the one type that takes it. */
function AdjustmentDirection() {
  const translate = useTranslate();
  const type = useWatch({ name: 'type' });
  if (type !== 'adjustment') return null;
  return (
    <RadioButtonGroupInput
      source="direction"
      label="vpo.customers.direction"
      choices={[
        { id: 'increase', name: translate('vpo.customers.increase') },
        { id: 'decrease', name: translate('vpo.customers.decrease') },
      ]}
    />
  );
}
