import { Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import {
  BooleanInput,
  Create,
  DataTable,
  DeleteButton,
  Edit,
  List,
  type RaRecord,
  SaveButton,
  SelectArrayInput,
  TextInput,
  Title,
  Toolbar,
  TopToolbar,
  SimpleForm,
  SimpleList,
  useGetManyReference,
  useGetOne,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useParams } from 'react-router';
import { EVENT_TYPES } from '../api/enums.js';
import type { WebhookDelivery, WebhookEndpoint } from '../api/types.js';
import { useMe } from '../auth/useMe.js';
import { ActionDialog, useDialog } from '../common/ActionDialog.js';
import { When } from '../common/format.js';
import { IsoDateTimeInput } from '../common/inputs.js';
import { QueryState } from '../common/states.js';
import { useAction } from '../common/useAction.js';
import { Facts, Panel } from '../common/Panel.js';
import { CreatedOnce } from '../api-keys/ApiKeys.js';
import { CreateAction } from '../common/CreateAction.js';
import { ListEmpty } from '../common/ListEmpty.js';
import { ListError } from '../common/ListError.js';
import { ListBody } from '../common/ListBody.js';
import { ListHeading } from '../common/ListHeading.js';
import type { WebhooksActions } from './data.js';

const eventChoices = EVENT_TYPES.map((type) => ({ id: type, name: type }));

function health(endpoint: WebhookEndpoint, translate: (key: string, options?: object) => string) {
  if (!endpoint.enabled)
    return (
      <Chip
        size="small"
        variant="outlined"
        label={`${translate('vpo.admin.disabled')}${endpoint.disabledReason ? `: ${endpoint.disabledReason}` : ''}`}
      />
    );
  if (endpoint.consecutiveFailures > 0)
    return <Chip size="small" color="error" variant="outlined" label={String(endpoint.consecutiveFailures)} />;
  return <Chip size="small" color="success" variant="outlined" label={translate('vpo.admin.active')} />;
}

/** Webhook endpoints of the tenant (admin), with their health. */
export function WebhookList() {
  const translate = useTranslate();
  return (
    <>
      <ListHeading />
      <List
        actions={
          <TopToolbar>
            <CreateAction label="vpo.admin.newEndpoint" />
          </TopToolbar>
        }
        pagination={false}
        exporter={false}
        empty={<ListEmpty />}
        error={<ListError />}
        storeKey={false}
      >
        <ListBody
          phone={
            <SimpleList<WebhookEndpoint>
              rowClick="show"
              primaryText={(endpoint) => (
                <Box component="span" sx={{ wordBreak: 'break-all' }}>
                  {endpoint.url}
                </Box>
              )}
              secondaryText={(endpoint) => endpoint.description ?? ''}
              tertiaryText={(endpoint) => health(endpoint, translate)}
            />
          }
        >
          <DataTable rowClick="show" bulkActionButtons={false}>
            <DataTable.Col source="url" disableSort />
            <DataTable.Col source="description" disableSort />
            <DataTable.Col
              source="consecutiveFailures"
              disableSort
              render={(endpoint: WebhookEndpoint) => health(endpoint, translate)}
            />
            <DataTable.Col
              source="lastSuccessAt"
              disableSort
              render={(endpoint: WebhookEndpoint) => <When iso={endpoint.lastSuccessAt} />}
            />
            <DataTable.Col
              source="lastFailureAt"
              disableSort
              render={(endpoint: WebhookEndpoint) => <When iso={endpoint.lastFailureAt} />}
            />
          </DataTable>
        </ListBody>
      </List>
    </>
  );
}

export function WebhookCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const [secret, setSecret] = useState<string>();
  if (secret)
    return (
      <CreatedOnce
        title={translate('vpo.admin.newEndpoint')}
        secret={secret}
        label={translate('vpo.admin.secretShownOnce')}
        another={translate('vpo.admin.addAnother')}
        onAnother={() => setSecret(undefined)}
        back={translate('vpo.admin.backToEndpoints')}
        backHref="#/webhook-endpoints"
      />
    );
  return (
    <Create
      title={translate('vpo.admin.newEndpoint')}
      redirect={false}
      // Taking over the save's success (to show the secret) also takes over react-admin's message: said here.
      mutationOptions={{
        onSuccess: (data: RaRecord) => {
          notify('resources.webhook-endpoints.notifications.created', { type: 'info' });
          setSecret(String(data.secret ?? ''));
        },
      }}
    >
      <SimpleForm>
        <TextInput source="url" type="url" fullWidth />
        <TextInput source="description" fullWidth />
        <SelectArrayInput source="eventTypes" choices={eventChoices} fullWidth />
      </SimpleForm>
    </Create>
  );
}

export function WebhookEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <SimpleForm
        toolbar={
          <Toolbar sx={{ justifyContent: 'space-between' }}>
            <SaveButton />
            <DeleteButton mutationMode="pessimistic" />
          </Toolbar>
        }
      >
        <TextInput source="url" type="url" fullWidth />
        <TextInput source="description" fullWidth />
        <SelectArrayInput source="eventTypes" choices={eventChoices} fullWidth />
        <BooleanInput source="enabled" />
      </SimpleForm>
    </Edit>
  );
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const translate = useTranslate();
  const { can } = useMe();
  const { run, busy } = useAction<WebhooksActions>();
  const deliveries = useGetManyReference<WebhookDelivery>('deliveries', {
    target: 'endpointId',
    id: endpoint.id,
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'eventTimestamp', order: 'DESC' },
  });
  const field = (name: string) => translate(`vpo.admin.delivery.${name}`);
  return (
    <QueryState query={deliveries}>
      {(data) => (
        <Table size="small" aria-label={translate('vpo.admin.deliveries')}>
          <TableHead>
            <TableRow>
              <TableCell>{field('eventTimestamp')}</TableCell>
              <TableCell>{field('eventType')}</TableCell>
              <TableCell>{field('status')}</TableCell>
              <TableCell>{field('attempts')}</TableCell>
              <TableCell>{field('lastError')}</TableCell>
              <TableCell>{translate('vpo.common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((delivery) => (
              <TableRow key={delivery.id}>
                <TableCell>
                  <When iso={delivery.eventTimestamp} />
                </TableCell>
                <TableCell>{delivery.eventType}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={
                      delivery.status === 'delivered' ? 'success' : delivery.status === 'failed' ? 'error' : 'default'
                    }
                    label={delivery.status}
                  />
                </TableCell>
                <TableCell>{delivery.attempts}</TableCell>
                <TableCell sx={{ maxWidth: 280, wordBreak: 'break-word' }}>{delivery.lastError ?? '—'}</TableCell>
                <TableCell>
                  {can('POST /api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/replay') &&
                    delivery.status !== 'pending' && (
                      <Button
                        size="small"
                        disabled={busy}
                        onClick={() =>
                          run((dp) => dp.replayDelivery(endpoint.id, delivery.id), {
                            success: translate('vpo.admin.replayed', { smart_count: 1 }),
                          })
                        }
                      >
                        {translate('vpo.admin.replay')}
                      </Button>
                    )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </QueryState>
  );
}

/** An endpoint: its state, a test event, replay since a moment, and the delivery log. */
export function WebhookShow() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { can } = useMe();
  const replay = useDialog();
  const { run, busy, dataProvider } = useAction<WebhooksActions>();
  const notify = useNotify();
  const say = (text: string) => notify(text, { type: 'info', messageArgs: { _: text } });
  const read = useGetOne<WebhookEndpoint>('webhook-endpoints', { id });
  return (
    <QueryState query={read}>
      {(endpoint) => (
        <Box sx={{ my: 2 }}>
          <Title title={endpoint.url} />
          <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
            <Typography component="h1" variant="h5" sx={{ wordBreak: 'break-all' }}>
              {endpoint.url}
            </Typography>
            <Stack direction="row" sx={{ gap: 1 }}>
              <Button href={`#/webhook-endpoints/${endpoint.id}`}>{translate('ra.action.edit')}</Button>
              {can('POST /api/v1/webhook-endpoints/{id}/test') && (
                <Button
                  variant="outlined"
                  disabled={busy}
                  onClick={() =>
                    run((dp) => dp.testWebhook(endpoint.id), {
                      onSuccess: (delivery) => say(translate('vpo.admin.tested', { status: delivery.status })),
                    })
                  }
                >
                  {translate('vpo.admin.test')}
                </Button>
              )}
              {can('POST /api/v1/webhook-endpoints/{id}/replay') && (
                <Button variant="outlined" onClick={replay.show}>
                  {translate('vpo.admin.replaySince')}
                </Button>
              )}
            </Stack>
          </Stack>
          <Stack spacing={2}>
            <Panel title={translate('resources.webhook-endpoints.name', { smart_count: 1 })}>
              <Facts
                items={[
                  [translate('resources.webhook-endpoints.fields.description'), endpoint.description ?? '—'],
                  [translate('resources.webhook-endpoints.fields.eventTypes'), endpoint.eventTypes.join(', ') || '*'],
                  [translate('resources.webhook-endpoints.fields.enabled'), health(endpoint, translate)],
                  [
                    translate('resources.webhook-endpoints.fields.lastSuccessAt'),
                    <When key="s" iso={endpoint.lastSuccessAt} />,
                  ],
                  [
                    translate('resources.webhook-endpoints.fields.lastFailureAt'),
                    <When key="f" iso={endpoint.lastFailureAt} />,
                  ],
                ]}
              />
            </Panel>
            <Panel title={translate('vpo.admin.deliveries')}>
              <Deliveries endpoint={endpoint} />
            </Panel>
          </Stack>
          <ActionDialog<{ since: string }>
            open={replay.open}
            onClose={replay.hide}
            title={translate('vpo.admin.replaySince')}
            submit={(values) => dataProvider.replaySince(endpoint.id, values.since)}
            onDone={(result) =>
              say(translate('vpo.admin.replayed', { smart_count: (result as { replayed: number }).replayed }))
            }
          >
            <IsoDateTimeInput source="since" label="vpo.admin.replaySince" fullWidth />
          </ActionDialog>
        </Box>
      )}
    </QueryState>
  );
}
