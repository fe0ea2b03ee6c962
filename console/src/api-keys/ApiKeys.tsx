import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
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
import { ROLES } from '../api/enums.js';
import type { ApiKey } from '../api/types.js';
import { useMe } from '../auth/useMe.js';
import { ConfirmDialog } from '../common/ConfirmDialog.js';
import { CopyButton } from '../common/CopyButton.js';
import { When } from '../common/format.js';
import { IsoDateTimeInput } from '../common/inputs.js';
import { useAction } from '../common/useAction.js';
import { CreateAction } from '../common/CreateAction.js';
import { ListEmpty } from '../common/ListEmpty.js';
import { ListError } from '../common/ListError.js';
import { ListHeading } from '../common/ListHeading.js';
import type { ApiKeysActions } from './data.js';

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
export function CreatedOnce(props: {
  title: string;
  secret: string;
  label: string;
  another: string;
  onAnother: () => void;
  back: string;
  backHref: string;
}) {
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

const HOUR = 3600;
/**
 * How long the old key keeps working after a rotation (the API's graceSeconds: 0 to 30 days,
 * 24 hours when not given), as a few choices rather than a number of seconds to type.
 */
const GRACE_CHOICES = [
  { seconds: 0, label: 'vpo.admin.graceNone' },
  { seconds: HOUR, label: 'vpo.admin.graceHour' },
  { seconds: 24 * HOUR, label: 'vpo.admin.graceDay' },
  { seconds: 7 * 24 * HOUR, label: 'vpo.admin.graceWeek' },
  { seconds: 30 * 24 * HOUR, label: 'vpo.admin.graceMonth' },
];
const GRACE_DEFAULT = 24 * HOUR;

/** The grace period as radio buttons: a group named by its question, moved through with the arrow keys. */
function GraceChoice({ value, onChange }: { value: number; onChange: (seconds: number) => void }) {
  const translate = useTranslate();
  const labelId = useId();
  return (
    <FormControl sx={{ mt: 2 }}>
      <FormLabel id={labelId}>{translate('vpo.admin.grace')}</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={String(value)}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {GRACE_CHOICES.map((choice) => (
          <FormControlLabel
            key={choice.seconds}
            value={String(choice.seconds)}
            control={<Radio />}
            label={translate(choice.label)}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function KeyActions({ apiKey, onIssued }: { apiKey: ApiKey; onIssued: (key: string) => void }) {
  const translate = useTranslate();
  const { can } = useMe();
  const { run, busy } = useAction<ApiKeysActions>();
  const [revoking, setRevoking] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [grace, setGrace] = useState(GRACE_DEFAULT);
  if (apiKey.revokedAt || apiKey.disabledAt) return null;
  return (
    <Stack direction="row" sx={{ gap: 0.5 }} onClick={(event) => event.stopPropagation()}>
      {/* A rotated key is already replaced (the API refuses a second rotation): its successor is rotated instead. */}
      {can('POST /api/v1/api-keys/{id}/rotate') && !apiKey.rotatedTo && (
        <>
          <Button
            size="small"
            disabled={busy}
            onClick={() => {
              setGrace(GRACE_DEFAULT);
              setRotating(true);
            }}
          >
            {translate('vpo.admin.rotate')}
          </Button>
          <ConfirmDialog
            open={rotating}
            title="vpo.admin.rotateTitle"
            content="vpo.admin.rotateContent"
            options={{ name: apiKey.name }}
            confirm="vpo.admin.rotate"
            busy={busy}
            onConfirm={() =>
              void run((dp) => dp.rotateKey(apiKey.id, grace), { onSuccess: (issued) => onIssued(issued.key) }).then(
                () => setRotating(false),
              )
            }
            onClose={() => setRotating(false)}
          >
            <GraceChoice value={grace} onChange={setGrace} />
          </ConfirmDialog>
        </>
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
            onConfirm={() =>
              void run((dp) => dp.revokeKey(apiKey.id), { success: translate('vpo.admin.revoked') }).then(() =>
                setRevoking(false),
              )
            }
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
          <DataTable.Col
            source="state"
            disableSort
            render={(key: ApiKey) => <Chip size="small" variant="outlined" label={keyState(key, translate)} />}
          />
          <DataTable.Col source="lastUsedAt" disableSort render={(key: ApiKey) => <When iso={key.lastUsedAt} />} />
          <DataTable.Col source="expiresAt" disableSort render={(key: ApiKey) => <When iso={key.expiresAt} />} />
          <DataTable.Col
            label="vpo.common.actions"
            render={(key: ApiKey) => <KeyActions apiKey={key} onIssued={setIssued} />}
          />
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
        <SelectInput
          source="role"
          choices={ROLES.map((role) => ({ id: role, name: translate(`vpo.role.${role}`) }))}
          fullWidth
        />
        <IsoDateTimeInput source="expiresAt" fullWidth />
      </SimpleForm>
    </Create>
  );
}
