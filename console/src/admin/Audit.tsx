import { Box } from '@mui/material';
import { DataTable, DateInput, List, Pagination, SelectInput, SimpleList, TextInput, useTranslate } from 'react-admin';
import { AUDIT_ENTITIES } from '../api/enums';
import type { AuditRecord } from '../api/types';
import { When } from '../common/format';
import { ListEmpty } from '../common/ListEmpty';
import { ListError } from '../common/ListError';
import { ListBody } from '../common/ListBody';
import { ListHeading } from '../common/ListHeading';

function Changes({ record }: { record: AuditRecord }) {
  return (
    <Box component="ul" sx={{ m: 0, ps: 2, fontSize: 13, overflowWrap: 'anywhere' }}>
      {Object.entries(record.changes).map(([field, change]) => (
        <li key={field}>
          <strong>{field}</strong>: {JSON.stringify(change.before) ?? '—'} → {JSON.stringify(change.after) ?? '—'}
        </li>
      ))}
    </Box>
  );
}

/** The tenant's audit trail (admin), newest first, paged by cursor. */
export function AuditList() {
  const translate = useTranslate();
  const actor = (record: AuditRecord) => `${translate(`vpo.role.${record.actor.role}`, { _: record.actor.role })} ${record.actor.userId ?? record.actor.keyId}`;
  const filters = [
    <SelectInput
      key="entity"
      source="entity"
      label="vpo.admin.auditFilter"
      choices={AUDIT_ENTITIES.map((entity) => ({ id: entity, name: entity }))}
      alwaysOn
    />,
    <TextInput key="entityId" source="entityId" alwaysOn />,
    <DateInput key="from" source="from" />,
    <DateInput key="to" source="to" />,
  ];
  return (
    <>
      <ListHeading />
      <List
        filters={filters}
        perPage={50}
        pagination={<Pagination rowsPerPageOptions={[50, 100, 200]} />}
        sort={{ field: 'at', order: 'DESC' }}
        exporter={false}
        empty={<ListEmpty />}
        error={<ListError />}
        storeKey={false}
      >
        <ListBody
          phone={
            <SimpleList<AuditRecord>
              rowClick={false}
              primaryText={(record) => `${record.entity} ${record.entityId} · ${record.action}`}
              secondaryText={(record) => `${actor(record)} · ${Object.keys(record.changes).join(', ')}`}
              tertiaryText={(record) => <When iso={record.at} />}
              sx={{ wordBreak: 'break-word' }}
            />
          }
        >
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="at" disableSort render={(record: AuditRecord) => <When iso={record.at} />} />
            <DataTable.Col source="entity" disableSort render={(record: AuditRecord) => `${record.entity} ${record.entityId}`} />
            <DataTable.Col source="action" disableSort />
            <DataTable.Col source="actor" disableSort render={actor} />
            <DataTable.Col source="changes" disableSort render={(record: AuditRecord) => <Changes record={record} />} />
          </DataTable>
        </ListBody>
      </List>
    </>
  );
}
