import {
  Alert,
  Box,
  List as MuiList,
  ListItem,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import {
  DataTable,
  List,
  Pagination,
  SearchInput,
  SimpleList,
  Title,
  TopToolbar,
  useGetList,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router';
import type { CustomerSummary } from '../api/types.js';
import { useMe } from '../auth/useMe.js';
import { When } from '../common/format.js';
import { Loading, QueryState } from '../common/states.js';
import { CreateAction } from '../common/CreateAction.js';
import { ListEmpty } from '../common/ListEmpty.js';
import { ListError } from '../common/ListError.js';
import { ListBody } from '../common/ListBody.js';
import { ListHeading } from '../common/ListHeading.js';

function Actions() {
  return (
    <TopToolbar>
      <CreateAction resource="customers" />
    </TopToolbar>
  );
}

/** Customers by name (prefix) or phone, a page at a time (GET /customers). */
function CustomerPages() {
  const translate = useTranslate();
  return (
    <>
      <ListHeading />
      <List
        filters={[
          <SearchInput
            key="q"
            source="q"
            alwaysOn
            placeholder={translate('resources.customers.fields.q')}
            slotProps={{ htmlInput: { 'aria-label': translate('resources.customers.fields.q') } }}
          />,
        ]}
        actions={<Actions />}
        pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />}
        perPage={20}
        sort={{ field: 'name', order: 'ASC' }}
        exporter={false}
        empty={<ListEmpty />}
        error={<ListError />}
        storeKey={false}
      >
        <ListBody
          phone={
            <SimpleList<CustomerSummary>
              rowClick="show"
              primaryText={(customer) => customer.name}
              secondaryText={(customer) => (
                <>
                  <bdi>{customer.mobileNumber}</bdi>
                  {customer.country ? ` · ${customer.country}` : ''}
                </>
              )}
              tertiaryText={(customer) => <When iso={customer.createdAt} day />}
            />
          }
        >
          <DataTable rowClick="show" bulkActionButtons={false}>
            <DataTable.Col source="name" disableSort />
            <DataTable.Col
              source="mobileNumber"
              disableSort
              render={(customer: CustomerSummary) => <bdi>{customer.mobileNumber}</bdi>}
            />
            <DataTable.Col source="country" disableSort />
            <DataTable.Col source="language" disableSort />
            <DataTable.Col
              source="createdAt"
              disableSort
              render={(customer: CustomerSummary) => <When iso={customer.createdAt} day />}
            />
          </DataTable>
        </ListBody>
      </List>
    </>
  );
}

/** Where the key may not list customers: the exact phone search every staff key has. */
function PhoneSearch() {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [phone, setPhone] = useState('');
  const matches = useGetList<{ id: string; name: string; mobileNumber?: string }>(
    'customer-matches',
    { filter: { phone }, pagination: { page: 1, perPage: 100 } },
    { enabled: phone !== '' },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPhone(text.trim());
  };
  return (
    <Box sx={{ my: 2 }}>
      <Title title={translate('resources.customers.name', { smart_count: 2 })} />
      <Typography component="h1" variant="h5" gutterBottom>
        {translate('resources.customers.name', { smart_count: 2 })}
      </Typography>
      <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          id="customer-phone"
          label={translate('resources.customers.fields.mobileNumber')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          helperText={translate('vpo.customers.searchFallback')}
        />
      </Box>
      <Actions />
      {phone !== '' && (
        <QueryState
          query={matches}
          empty={
            <Alert severity="info">
              {translate('ra.navigation.no_results', {
                name: translate('resources.customers.name', { smart_count: 2 }),
              })}
            </Alert>
          }
        >
          {(data) => (
            <MuiList>
              {data.map((match) => (
                <ListItem key={match.id} disablePadding>
                  <ListItemButton component={Link} to={`/customers/${match.id}/show`}>
                    <ListItemText primary={match.name} secondary={match.mobileNumber} />
                  </ListItemButton>
                </ListItem>
              ))}
            </MuiList>
          )}
        </QueryState>
      )}
    </Box>
  );
}

export function CustomerList() {
  const { can, isPending } = useMe();
  if (isPending) return <Loading />;
  return can('GET /api/v1/customers') ? <CustomerPages /> : <PhoneSearch />;
}
