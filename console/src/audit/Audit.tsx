import { Box } from '@mui/material';
import {
  DataTable,
  DateInput,
  List,
  Pagination,
  SelectInput,
  SimpleList,
  TextInput,
  useGetList,
  useGetManyAggregate,
  useListContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router';
import { AUDIT_ENTITIES, type AuditEntity } from '../api/enums.js';
import type {
  ApiKey,
  AuditRecord,
  Contract,
  Customer,
  Inspection,
  OrderDetail,
  WebhookEndpoint,
} from '../api/types.js';
import { useMe } from '../auth/useMe.js';
import {
  actionWords,
  auditChanges,
  fieldLabel,
  subjectFacts,
  type SubjectFacts,
  type ValueContext,
  valueText,
} from './audit-words.js';
import { useFormat, When } from '../common/format.js';
import { ListBody } from '../common/ListBody.js';
import { ListEmpty } from '../common/ListEmpty.js';
import { ListError } from '../common/ListError.js';
import { ListHeading } from '../common/ListHeading.js';

type Translate = (key: string, options?: object) => string;

/** The staff and keys by id, from one read each (both admin lists, as the audit trail is): who acted, and ids in the changes by name. */
function useNames() {
  const { can } = useMe();
  const page = { pagination: { page: 1, perPage: 500 } };
  const users = useGetList<{ id: string; name: string }>('users', page, { enabled: can('GET /api/v1/users') });
  const keys = useGetList<ApiKey>('api-keys', page, { enabled: can('GET /api/v1/api-keys') });
  const endpoints = useGetList<WebhookEndpoint>('webhook-endpoints', page, {
    enabled: can('GET /api/v1/webhook-endpoints'),
  });
  const people = new Map((users.data ?? []).map((user) => [user.id, user.name]));
  const keyNames = new Map((keys.data ?? []).map((key) => [key.id, key.name]));
  const addresses = new Map((endpoints.data ?? []).map((endpoint) => [endpoint.id, endpoint.url]));
  return { people, keyNames, addresses };
}
type Names = ReturnType<typeof useNames>;

/** Who acted: their name where the trail names a staff member the console knows, else the key's name, with the role; the role alone otherwise. */
function actorText(record: AuditRecord, names: Names, translate: Translate): string {
  const role = translate(`vpo.role.${record.actor.role}`, { _: record.actor.role });
  const person = record.actor.userId ? names.people.get(record.actor.userId) : undefined;
  if (person) return translate('vpo.audit.actor', { name: person, role });
  const key = names.keyNames.get(record.actor.keyId);
  if (key) return translate('vpo.audit.actor', { name: translate('vpo.audit.key', { name: key }), role });
  return role;
}

/** The record of one entity a lookup reads, only when the page itself does not say enough (react-admin joins the lookups of a page into one getMany). */
function useLookup<T extends { id: string }>(resource: string, id: string, enabled: boolean): T | undefined {
  const { data } = useGetManyAggregate<T>(resource, { ids: [id] }, { enabled });
  return data?.[0];
}

/** The record a line is about, in words, linked to its screen where the console has one (a contract, inspection or billing entry: its order's page). */
function Subject({ record, facts, names }: { record: AuditRecord; facts: SubjectFacts; names: Names }) {
  const translate = useTranslate();
  const { entity, entityId: id } = record;
  const order = useLookup<OrderDetail>('orders', id, entity === 'order' && facts.orderNumber === undefined);
  const customer = useLookup<Customer>('customers', id, entity === 'customer' && facts.name === undefined);
  const contract = useLookup<Contract>(
    'contracts',
    id,
    entity === 'contract' && (facts.contractNumber === undefined || facts.orderId === undefined),
  );
  const inspection = useLookup<Inspection>('inspections', id, entity === 'inspection' && facts.orderId === undefined);
  const word = translate(`vpo.audit.entity.${entity}`);
  const named = (name: string | undefined) => (name ? translate('vpo.audit.named', { entity: word, name }) : word);
  const orderPage = (orderId: string | undefined) => (orderId ? `/orders/${orderId}/show` : undefined);

  const number = facts.orderNumber ?? order?.orderNumber;
  const contractNumber = facts.contractNumber ?? contract?.contractNumber;
  const inspector = facts.inspectorName ?? inspection?.inspectorName;
  const subject: Record<AuditEntity, { text: string; to?: string }> = {
    order: { text: number === undefined ? word : translate('vpo.orders.title', { number }), to: orderPage(id) },
    customer: { text: named(facts.name ?? customer?.name), to: `/customers/${id}/show` },
    contract: {
      text: contractNumber === undefined ? word : translate('vpo.contracts.number', { number: contractNumber }),
      to: orderPage(facts.orderId ?? contract?.orderId),
    },
    inspection: {
      text: inspector ? translate('vpo.inspections.one', { inspector }) : word,
      to: orderPage(facts.orderId ?? inspection?.orderId),
    },
    billing: { text: word, to: orderPage(facts.orderId) },
    wallet: { text: word },
    user: { text: named(names.people.get(id) ?? facts.name), to: `/users/${id}` },
    apiKey: { text: named(names.keyNames.get(id) ?? facts.name), to: '/api-keys' },
    tenant: { text: word, to: '/tenant-profile' },
    importRule: { text: named(id.toUpperCase()), to: '/import-rules' },
    // A deleted endpoint has no page any more.
    webhookEndpoint: {
      text: named(names.addresses.get(id) ?? facts.url),
      to: names.addresses.has(id) ? `/webhook-endpoints/${id}/show` : undefined,
    },
  };
  const { text, to } = subject[entity];
  return to ? <Link to={to}>{text}</Link> : text;
}

/** Each change as "field: before → after", in words. */
function useChangeLines(names: Names): (record: AuditRecord) => { key: string; field: string; values: string }[] {
  const translate = useTranslate();
  const format = useFormat();
  const context: ValueContext = {
    translate,
    number: format.number,
    dateTime: format.dateTime,
    day: format.day,
    names: new Map([...names.people, ...names.keyNames]),
  };
  // Each value a first-strong isolate: an address or a number keeps its own direction inside Arabic text, and the reverse.
  const isolate = (text: string) => `\u2068${text}\u2069`;
  return (record) =>
    auditChanges(record.changes).map((change) => ({
      key: change.path.join('.'),
      field: fieldLabel(record.entity, change.path, translate),
      values: translate('vpo.audit.fromTo', {
        before: isolate(valueText(record.entity, change.path, change.before, context)),
        after: isolate(valueText(record.entity, change.path, change.after, context)),
      }),
    }));
}

function Changes({ lines }: { lines: { key: string; field: string; values: string }[] }) {
  if (!lines.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, ps: 2, fontSize: 13, overflowWrap: 'anywhere' }}>
      {lines.map((line) => (
        <li key={line.key}>
          <strong>{line.field}</strong>: {line.values}
        </li>
      ))}
    </Box>
  );
}

/** The page's facts of each entity, for the "Record" column. */
function usePageFacts(): Map<string, SubjectFacts> {
  const { data } = useListContext<AuditRecord>();
  return subjectFacts(data ?? []);
}

function AuditRows() {
  const translate = useTranslate();
  const names = useNames();
  const facts = usePageFacts();
  const changeLines = useChangeLines(names);
  const subject = (record: AuditRecord) => (
    <Subject record={record} facts={facts.get(record.entityId) ?? {}} names={names} />
  );
  return (
    <ListBody
      phone={
        <SimpleList<AuditRecord>
          rowClick={false}
          primaryText={(record) => (
            <>
              {subject(record)} · {actionWords(record.entity, record.action, translate)}
            </>
          )}
          // On a phone the changes are one paragraph (the line's secondary text is one).
          secondaryText={(record) =>
            [
              actorText(record, names, translate),
              ...changeLines(record).map((line) => `${line.field}: ${line.values}`),
            ].join(' · ')
          }
          tertiaryText={(record) => <When iso={record.at} />}
          sx={{ wordBreak: 'break-word' }}
        />
      }
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="at" disableSort render={(record: AuditRecord) => <When iso={record.at} />} />
        <DataTable.Col
          source="actor"
          disableSort
          render={(record: AuditRecord) => actorText(record, names, translate)}
        />
        <DataTable.Col source="entity" disableSort render={subject} />
        <DataTable.Col
          source="action"
          disableSort
          render={(record: AuditRecord) => actionWords(record.entity, record.action, translate)}
        />
        <DataTable.Col
          source="changes"
          disableSort
          render={(record: AuditRecord) => <Changes lines={changeLines(record)} />}
        />
      </DataTable>
    </ListBody>
  );
}

/** The tenant's audit trail (admin), newest first, paged by cursor: who did what to which record, and what changed, in words. */
export function AuditList() {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="entity"
      source="entity"
      label="vpo.admin.auditFilter"
      choices={AUDIT_ENTITIES.map((entity) => ({ id: entity, name: translate(`vpo.audit.entity.${entity}`) }))}
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
        <AuditRows />
      </List>
    </>
  );
}
