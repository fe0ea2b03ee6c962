import { Alert, Box, Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type DataProvider, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { IsoDateTimeInput } from '../common/inputs.js';
import type { OrderDetail, OrderStatus, Requirement } from '../api/types.js';
import { useMe } from '../auth/useMe.js';
import { ActionDialog } from '../common/ActionDialog.js';
import { ErrorState, Loading } from '../common/states.js';
import { useConflictHandler } from './conflict.js';
import type { OrdersActions } from './data.js';

/**
 * The moves the signed-in person can make now, as buttons, and the ones waiting on a
 * requirement, disabled, with what they wait for: both from POST /orders/{id}/validate-transition
 * (`reachableNow`, `blocked`). Nothing here knows the lifecycle.
 */
/** A requirement in the person's language when the console knows its code, else in the API's words. */
export function requirementText(
  requirement: Requirement,
  translate: (key: string, options?: object) => string,
): string {
  return translate(`vpo.requirement.${requirement.code}`, { _: requirement.message });
}

export function StatusActions({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & OrdersActions>();
  const { can } = useMe();
  const onConflict = useConflictHandler();
  const [target, setTarget] = useState<OrderStatus>();
  const verdict = useQuery({
    queryKey: ['orders', 'validate', order.id, order.version],
    queryFn: () => dataProvider.validate(order.id, order.status),
  });

  if (verdict.isPending) return <Loading />;
  if (verdict.error) return <ErrorState error={verdict.error} retry={() => verdict.refetch()} />;
  const { reachableNow, blocked } = verdict.data;
  // A move waiting only on a field of its own request (the API says type "field") can be made by giving it.
  const byField = blocked
    .filter((move) => move.missingRequirements.every((requirement) => requirement.type === 'field'))
    .map((move) => move.status);
  const waiting = blocked.filter((move) => !byField.includes(move.status));
  const mayMove = can('PATCH /api/v1/orders/{id}/status');
  const status = (value: string) => translate(`vpo.status.${value}`);

  return (
    <Box component="section" aria-labelledby="moves-title">
      <Typography id="moves-title" component="h2" variant="h6" gutterBottom>
        {translate('vpo.orders.moves')}
      </Typography>
      {reachableNow.length === 0 && blocked.length === 0 && (
        <Typography variant="body2">{translate('vpo.orders.movesNone')}</Typography>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {mayMove &&
          [...reachableNow, ...byField].map((next) => (
            <Button
              key={next}
              variant={next === 'Cancelled' ? 'outlined' : 'contained'}
              color={next === 'Cancelled' ? 'error' : 'primary'}
              onClick={() => setTarget(next)}
            >
              {translate('vpo.orders.moveTo', { status: status(next) })}
            </Button>
          ))}
        {(mayMove ? waiting : blocked).map((move) => (
          <Button key={move.status} variant="outlined" disabled aria-describedby={`blocked-${move.status}`}>
            {translate('vpo.orders.moveTo', { status: status(move.status) })}
          </Button>
        ))}
      </Stack>
      {blocked.length > 0 && (
        <List dense>
          {blocked.map((move) => (
            <ListItem key={move.status} id={`blocked-${move.status}`} disableGutters>
              <ListItemText
                primary={translate('vpo.orders.blockedBy', {
                  status: status(move.status),
                  missing: move.missingRequirements
                    .map((requirement) => requirementText(requirement, translate))
                    .join('; '),
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
      {!mayMove && reachableNow.length > 0 && <Alert severity="info">{translate('vpo.orders.movesNone')}</Alert>}
      {target && (
        <ActionDialog<{ note?: string; inspectionDate?: string }>
          open
          title={translate('vpo.orders.moveConfirm', { number: order.orderNumber, status: status(target) })}
          saveLabel="vpo.common.done"
          onClose={() => setTarget(undefined)}
          submit={(values) =>
            dataProvider.changeStatus(order.id, order.version, {
              status: target,
              note: values.note,
              inspectionDate: values.inspectionDate,
            })
          }
          success={translate('vpo.orders.moved', { status: status(target) })}
          onError={onConflict}
        >
          {byField.includes(target) && (
            <IsoDateTimeInput source="inspectionDate" label="resources.orders.fields.inspectionDate" fullWidth />
          )}
          <TextInput source="note" label="vpo.orders.moveNote" fullWidth multiline />
        </ActionDialog>
      )}
    </Box>
  );
}
