import { Button, Chip } from '@mui/material';
import { useState } from 'react';
import {
  BooleanInput,
  Create,
  DataTable,
  Edit,
  List,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  Toolbar,
  SaveButton,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { STAFF_ROLES } from '../api/enums.js';
import type { User } from '../api/types.js';
import { useMe } from '../auth/useMe.js';
import { ConfirmDialog } from '../common/ConfirmDialog.js';
import { When } from '../common/format.js';
import { useAction } from '../common/useAction.js';
import { CreateAction } from '../common/CreateAction.js';
import { ListEmpty } from '../common/ListEmpty.js';
import { ListError } from '../common/ListError.js';
import { ListBody } from '../common/ListBody.js';
import { ListHeading } from '../common/ListHeading.js';
import type { UsersActions } from './data.js';

const LANGUAGES = [
  { id: 'en', name: 'English' },
  { id: 'ar', name: 'العربية' },
];

function useRoleChoices() {
  const translate = useTranslate();
  return STAFF_ROLES.map((role) => ({ id: role, name: translate(`vpo.role.${role}`) }));
}

/** The tenant's staff (admin). */
export function UserList() {
  const translate = useTranslate();
  const roles = useRoleChoices();
  return (
    <>
      <ListHeading />
      <List
        filters={[<SelectInput key="role" source="role" choices={roles} alwaysOn />]}
        actions={
          <TopToolbar>
            <CreateAction label="vpo.admin.newUser" />
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
            <SimpleList<User>
              rowClick="edit"
              primaryText={(user) => user.name}
              secondaryText={(user) => (
                <>
                  {translate(`vpo.role.${user.role}`)} · <bdi>{user.mobileNumber}</bdi>
                </>
              )}
              tertiaryText={(user) => (user.active ? translate('vpo.common.yes') : translate('vpo.common.no'))}
            />
          }
        >
          <DataTable rowClick="edit" bulkActionButtons={false}>
            <DataTable.Col source="name" disableSort />
            <DataTable.Col source="role" disableSort render={(user: User) => translate(`vpo.role.${user.role}`)} />
            <DataTable.Col source="mobileNumber" disableSort render={(user: User) => <bdi>{user.mobileNumber}</bdi>} />
            <DataTable.Col source="language" disableSort />
            <DataTable.Col
              source="active"
              disableSort
              render={(user: User) => (
                <Chip
                  size="small"
                  variant="outlined"
                  color={user.active ? 'success' : 'default'}
                  label={user.active ? translate('vpo.common.yes') : translate('vpo.common.no')}
                />
              )}
            />
            <DataTable.Col source="createdAt" disableSort render={(user: User) => <When iso={user.createdAt} day />} />
          </DataTable>
        </ListBody>
      </List>
    </>
  );
}

export function UserCreate() {
  const roles = useRoleChoices();
  return (
    <Create redirect="list">
      <SimpleForm>
        <TextInput source="name" fullWidth />
        <SelectInput source="role" choices={roles} fullWidth />
        <TextInput source="mobileNumber" fullWidth helperText="+97450001111" />
        <TextInput source="email" type="email" fullWidth />
        <SelectInput source="language" choices={LANGUAGES} fullWidth />
      </SimpleForm>
    </Create>
  );
}

/** Deactivating a staff member disables every key of theirs for good: asked first, saying so. */
function Deactivate() {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  const { can } = useMe();
  const { run, busy } = useAction<UsersActions>();
  const [asking, setAsking] = useState(false);
  if (!user?.active || !can('POST /api/v1/users/{id}/deactivate')) return null;
  return (
    <>
      <Button color="error" disabled={busy} onClick={() => setAsking(true)}>
        {translate('vpo.admin.deactivate')}
      </Button>
      <ConfirmDialog
        open={asking}
        title="vpo.admin.deactivateTitle"
        content="vpo.admin.deactivateContent"
        options={{ name: user.name }}
        confirm="vpo.admin.deactivate"
        ending
        busy={busy}
        onConfirm={() =>
          void run((dp) => dp.deactivateUser(String(user.id)), { success: translate('vpo.admin.deactivated') }).then(
            () => setAsking(false),
          )
        }
        onClose={() => setAsking(false)}
      />
    </>
  );
}

/**
 * The switch that makes a deactivated staff member active again. An active one is deactivated only
 * with the Deactivate button, which asks first: a switch left off by mistake would end their keys.
 */
function Reactivate() {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  if (user?.active !== false) return null;
  return <BooleanInput source="active" helperText={translate('vpo.admin.reactivateHint')} />;
}

export function UserEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      actions={
        <TopToolbar>
          <Deactivate />
        </TopToolbar>
      }
    >
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <TextInput source="name" fullWidth />
        <TextInput source="mobileNumber" fullWidth />
        <TextInput source="email" type="email" fullWidth />
        <SelectInput source="language" choices={LANGUAGES} fullWidth />
        <Reactivate />
      </SimpleForm>
    </Edit>
  );
}
