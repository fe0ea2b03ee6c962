import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Create,
  DataTable,
  List,
  type RaRecord,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  Title,
  TopToolbar,
  useNotify,
  useTranslate,
} from 'react-admin';
import { ROLES } from '../api/enums';
import type { ApiKey } from '../api/types';
import { useMe } from '../auth/useMe';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { CopyButton } from '../common/CopyButton';
import { When } from '../common/format';
import { IsoDateTimeInput } from '../common/inputs';
import { useAction } from '../common/useAction';
import { CreateAction } from '../common/CreateAction';
import { ListEmpty } from '../common/ListEmpty';
import { ListError } from '../common/ListError';
import { ListHeading } from '../common/ListHeading';

function keyState(key: ApiKey, translate: (key: string) => string): string {
  if (key.revokedAt) return translate('vpo.admin.revokedState');
  if (key.disabledAt) return translate('vpo.admin.disabled');
  if (key.expiresAt && key.expiresAt < new Date().toISOString()) return translate('vpo.admin.expired');
  return translate('vpo.admin.active');
}

/** A key shown once: right after it is issued or rotated, never again. */
export function ShownOnce({ secret, label }: { secret: string; label: string }) {
  return (
    <Alert severity="warning" role="alert" sx={{ my: 2 }}>
      <Typography variant="body2">{label}</Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 1 }}>
        <Box component="code" sx={{ p: 1, bgcolor: 'grey.100', wordBreak: 'break-all' }} data-testid="secret">
          {secret}
        </Box>
        <CopyButton text={secret} />
      </Stack>
    </Alert>
  );
}

/**
 * A new record's secret in place of the form that made it (so a second Save cannot make a twin),
 * with the way to make another or go back to the list.
 */
export function CreatedOnce(props: { title: string; secret: string; label: string; another: string; onAnother: () => void; back: string; backHref: string }) {
  return (
    <>
      <Title title={props.title} />
      <ShownOnce secret={props.secret} label={props.label} />
      <Stack direction="row" spacing={2} sx={{ my: 2 }}>
        <Button variant="outlined" onClick={props.onAnother}>
          {props.another}
        </Button>
        <Button href={props.backHref}>{props.back}</Button>
      </Stack>
    </>
  );
}

function KeyActions({ apiKey, onIssued }: { apiKey: ApiKey; onIssued: (key: string) => void }) {
  const translate = useTranslate();
  const { can } = useMe();
  const { run, busy } = useAction();
  const [revoking, setRevoking] = useState(false);
  if (apiKey.revokedAt || apiKey.disabledAt) return null;
  return (
    <Stack direction="row" sx={{ gap: 0.5 }} onClick={(event) => event.stopPropagation()}>
      {can('POST /api/v1/api-keys/{id}/rotate') && (
        <Button
          size="small"
          disabled={busy}
          onClick={() => {
            const hours = window.prompt(`${translate('vpo.admin.rotateConfirm', { name: apiKey.name })}\n${translate('vpo.admin.graceHours')}`, '24');
            if (hours === null) return;
            void run((dp) => dp.rotateKey(apiKey.id, Math.round(Number(hours || 0) * 3600)), { onSuccess: (issued) => onIssued(issued.key) });
          }}
        >
          {translate('vpo.admin.rotate')}
        </Button>
      )}
      {can('POST /api/v1/api-keys/{id}/revoke') && (
        <>
          <Button size="small" color="error" disabled={busy} onClick={() => setRevoking(true)}>
            {translate('vpo.admin.revoke')}
          </Button>
          <ConfirmDialog
            open={revoking}
            title="vpo.admin.revokeTitle"
            content="vpo.admin.revokeContent"
            options={{ name: apiKey.name }}
            confirm="vpo.admin.revoke"
            ending
            busy={busy}
            onConfirm={() => void run((dp) => dp.revokeKey(apiKey.id), { success: translate('vpo.admin.revoked') }).then(() => setRevoking(false))}
            onClose={() => setRevoking(false)}
          />
        </>
      )}
    </Stack>
  );
}

/** The tenant's API keys: issue (shown once), rotate (the new one shown once), revoke. */
export function ApiKeyList() {
  const translate = useTranslate();
  const [issued, setIssued] = useState<string>();
  return (
    <>
      <ListHeading />
      {issued && <ShownOnce secret={issued} label={translate('vpo.admin.keyShownOnce')} />}
      <List
        actions={
          <TopToolbar>
            <CreateAction label="vpo.admin.newKey" />
          </TopToolbar>
        }
        pagination={false}
        exporter={false}
        empty={<ListEmpty />}
        error={<ListError />}
        storeKey={false}
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="name" disableSort />
          <DataTable.Col source="prefix" disableSort render={(key: ApiKey) => <code>{key.prefix}…</code>} />
          <DataTable.Col source="role" disableSort render={(key: ApiKey) => translate(`vpo.role.${key.role}`)} />
          <DataTable.Col source="state" disableSort render={(key: ApiKey) => <Chip size="small" variant="outlined" label={keyState(key, translate)} />} />
          <DataTable.Col source="lastUsedAt" disableSort render={(key: ApiKey) => <When iso={key.lastUsedAt} />} />
          <DataTable.Col source="expiresAt" disableSort render={(key: ApiKey) => <When iso={key.expiresAt} />} />
          <DataTable.Col label="vpo.common.actions" render={(key: ApiKey) => <KeyActions apiKey={key} onIssued={setIssued} />} />
        </DataTable>
      </List>
    </>
  );
}

export function ApiKeyCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const [issued, setIssued] = useState<{ key?: string }>();
  if (issued?.key)
    return (
      <CreatedOnce
        title={translate('vpo.admin.newKey')}
        secret={issued.key}
        label={translate('vpo.admin.keyShownOnce')}
        another={translate('vpo.admin.issueAnother')}
        onAnother={() => setIssued(undefined)}
        back={translate('vpo.admin.backToKeys')}
        backHref="#/api-keys"
      />
    );
  return (
    <Create
      title={translate('vpo.admin.newKey')}
      redirect={false}
      // Taking over the save's success (to show the key) also takes over react-admin's message: said here.
      mutationOptions={{
        onSuccess: (data: RaRecord) => {
          notify('resources.api-keys.notifications.created', { type: 'info' });
          setIssued(data as { key?: string });
        },
      }}
    >
      <SimpleForm>
        <TextInput source="name" fullWidth />
        <ReferenceInput source="userId" reference="users">
          <SelectInput optionText="name" fullWidth />
        </ReferenceInput>
        <SelectInput source="role" choices={ROLES.map((role) => ({ id: role, name: translate(`vpo.role.${role}`) }))} fullWidth />
        <IsoDateTimeInput source="expiresAt" fullWidth />
      </SimpleForm>
    </Create>
  );
}
