import { Alert, Box, Button, Link as MuiLink, Typography } from '@mui/material';
import { TextInput, useGetList, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import type { OrderDetail } from '../../api/types.js';
import { useMe } from '../../auth/useMe.js';
import { ActionDialog, useDialog } from '../../common/ActionDialog.js';
import { When } from '../../common/format.js';
import { Facts, Panel } from '../../common/Panel.js';
import { useAction } from '../../common/useAction.js';
import { countryCodeOf, useCountry } from '../../import-rules/countries.js';
import { ImportCheckView, ImportRefusal, importRefusalOf } from '../../import-rules/ImportCheckView.js';
import { useConflictHandler } from '../conflict.js';
import type { OrdersActions } from '../data.js';

/**
 * Who overrode the rules, by name where the key may read the staff (the order keeps their id);
 * else by their role, as only an admin may override.
 */
function OverriddenBy({ id }: { id: string }) {
  const translate = useTranslate();
  const { me, can } = useMe();
  const users = useGetList<{ id: string; name: string }>(
    'users',
    { pagination: { page: 1, perPage: 100 } },
    { enabled: can('GET /api/v1/users') },
  );
  const name = (me?.user?.id === id ? me.user.name : undefined) ?? users.data?.find((user) => user.id === id)?.name;
  return <span title={id}>{name ?? translate('vpo.role.admin')}</span>;
}

type DestinationForm = { destinationCountry: string; overrideReason?: string };

/**
 * Where the order's car goes and what its import rules say of it now, as the API judged it (the
 * rules in force, counted from the day of the order); an admin's override with its reason, who
 * and when; and a change of destination, refused readably when the country refuses the car.
 */
export function ImportChecksPanel({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const country = useCountry();
  const { me, can } = useMe();
  const change = useDialog();
  const notify = useNotify();
  const { dataProvider } = useAction<OrdersActions>();
  const onConflict = useConflictHandler();
  const t = (key: string, options?: object) => translate(`vpo.importRules.check.${key}`, options);
  const override = order.importRuleOverride;
  const checks = order.importChecks;

  return (
    <Panel
      title={t('title')}
      actions={
        can('PATCH /api/v1/orders/{id}/destination') &&
        !order.isTerminal && (
          <Button variant="outlined" onClick={change.show}>
            {translate('vpo.importRules.change.action')}
          </Button>
        )
      }
    >
      <Facts items={[[t('destination'), order.destinationCountry ? country(order.destinationCountry) : '—']]} />
      <Box sx={{ mt: 1 }}>
        {checks ? <ImportCheckView check={checks} /> : <Typography variant="body2">{t('noDestination')}</Typography>}
      </Box>
      {override && (
        <Alert severity="warning" sx={{ mt: 1 }} role="note" aria-label={t('override')}>
          <strong>{t('override')}</strong> — {t('overrideNote')}
          <Box sx={{ mt: 1 }}>
            <Facts
              items={[
                [t('overrideReason'), <bdi key="r">{override.reason}</bdi>],
                [t('overrideBy'), <OverriddenBy key="b" id={override.by} />],
                [t('overrideAt'), <When key="a" iso={override.at} />],
              ]}
            />
          </Box>
        </Alert>
      )}
      {can('GET /api/v1/import-rules') && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          <MuiLink component={Link} to="/import-rules">
            {translate('vpo.importRules.seeRules')}
          </MuiLink>
        </Typography>
      )}
      <ActionDialog<DestinationForm>
        open={change.open}
        onClose={change.hide}
        title={translate('vpo.importRules.change.title', { number: order.orderNumber })}
        defaultValues={{ destinationCountry: order.destinationCountry ?? '' }}
        submit={(values) =>
          dataProvider.setDestination(
            order.id,
            order.version,
            (countryCodeOf(values.destinationCountry) ?? values.destinationCountry ?? '').toUpperCase(),
            values.overrideReason,
          )
        }
        onDone={(answer) => {
          const code = (answer as { destinationCountry?: string }).destinationCountry ?? '';
          const message = translate('vpo.importRules.change.saved', { country: country(code) });
          notify(message, { type: 'success', messageArgs: { _: message } });
        }}
        onError={onConflict}
        explain={(error) => {
          const refusal = importRefusalOf(error);
          return refusal ? <ImportRefusal refusal={refusal} /> : undefined;
        }}
      >
        <TextInput
          source="destinationCountry"
          label={t('destination')}
          helperText={t('destinationHelp')}
          parse={(value: string) => value.toUpperCase()}
          fullWidth
        />
        {/* The API lets only an admin override; others are not offered what it would refuse them. */}
        {me?.role === 'admin' && (
          <TextInput
            source="overrideReason"
            label="vpo.importRules.change.overrideReason"
            helperText="vpo.importRules.change.overrideHelp"
            fullWidth
            multiline
          />
        )}
      </ActionDialog>
    </Panel>
  );
}
