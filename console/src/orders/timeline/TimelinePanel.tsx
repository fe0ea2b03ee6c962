import { Chip, List, ListItem, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetList, useGetManyReference, useTranslate } from 'react-admin';
import type { AuditRecord, OrderDetail, OrderNotification } from '../../api/types.js';
import { useMe } from '../../auth/useMe.js';
import { actionWords } from '../../audit/audit-words.js';
import { useFormat } from '../../common/format.js';
import { ErrorState, Loading } from '../../common/states.js';
import { mergeTimeline, type TimelineEntry } from './timeline.js';
import { Panel } from '../../common/Panel.js';

type Row = TimelineEntry & { primary: ReactNode; secondary: ReactNode };

/** Fields every change touches (the version, the notification sequence): not what anyone changed. */
const BOOKKEEPING = new Set(['version', 'notificationSeq', 'updatedAt', 'parts']);

/** Status history, audit records (admin) and chat messages with their delivery status, in time order. */
export function TimelinePanel({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const format = useFormat();
  const { can } = useMe();
  const reference = {
    target: 'orderId',
    id: order.id,
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'createdAt', order: 'DESC' as const },
  };
  const messages = useGetManyReference<OrderNotification & { id: string }>('notifications', reference, {
    enabled: can('GET /api/v1/orders/{id}/notifications'),
  });
  const audit = useGetManyReference<AuditRecord>(
    'audit',
    { ...reference, target: 'entityId', filter: { entity: 'order' } },
    { enabled: can('GET /api/v1/audit') },
  );
  // Who made each change, by name (the audit names the user by id); the role alone when unknown.
  const users = useGetList<{ id: string; name: string }>(
    'users',
    { pagination: { page: 1, perPage: 500 } },
    { enabled: can('GET /api/v1/audit') && can('GET /api/v1/users') },
  );
  const names = new Map((users.data ?? []).map((user) => [user.id, user.name]));

  const status: Row[] = order.statusHistory.map((move, index) => {
    const role = translate(`vpo.role.${move.role}`, { _: move.role });
    // An export step keeps the status: said in the console's words, not the API's English note.
    if (move.exportStep)
      return {
        at: move.at,
        kind: 'status',
        key: `s${index}`,
        primary: translate('vpo.orders.exportStepRecorded', {
          step: translate(`vpo.export.step.${move.exportStep.step}`),
          day: format.day(move.exportStep.date),
        }),
        secondary: `${format.dateTime(move.at)} · ${role}`,
      };
    return {
      at: move.at,
      kind: 'status',
      key: `s${index}`,
      primary: translate('vpo.orders.statusFrom', {
        from: move.from ? translate(`vpo.status.${move.from}`) : '—',
        to: translate(`vpo.status.${move.to}`),
      }),
      secondary: `${format.dateTime(move.at)} · ${role}${move.note ? ` · ${move.note}` : ''}`,
    };
  });
  const chats: Row[] = (messages.data ?? []).map((message) => ({
    at: message.createdAt,
    kind: 'message',
    key: message.messageId,
    primary: (
      <>
        {translate(`vpo.orders.events.${message.event}`, { _: message.template?.name ?? message.event })}{' '}
        {translate('vpo.orders.notificationTo', { to: message.recipientName ?? message.to })}{' '}
        <Chip
          size="small"
          variant="outlined"
          color={
            message.status === 'failed'
              ? 'error'
              : message.status === 'read' || message.status === 'delivered'
                ? 'success'
                : 'default'
          }
          label={translate(`vpo.orders.deliveryStatus.${message.status}`)}
        />
      </>
    ),
    secondary: `${format.dateTime(message.createdAt)}${message.reason ? ` · ${message.reason}` : ''}${message.error?.title ? ` · ${message.error.title}` : ''}`,
  }));
  const records: Row[] = (audit.data ?? []).map((record) => {
    const changed = Object.keys(record.changes)
      .filter((field) => !BOOKKEEPING.has(field))
      .map((field) => translate(`resources.orders.fields.${field}`, { _: field }));
    const who = record.actor.userId ? names.get(record.actor.userId) : undefined;
    return {
      at: record.at,
      kind: 'audit',
      key: record.id,
      primary: [
        actionWords('order', record.action, translate),
        changed.length ? translate('vpo.orders.auditChanged', { fields: changed.join(', ') }) : '',
      ]
        .filter(Boolean)
        .join(' · '),
      secondary: `${format.dateTime(record.at)} · ${translate(`vpo.role.${record.actor.role}`, { _: record.actor.role })}${who ? ` · ${who}` : ''}`,
    };
  });
  const rows = mergeTimeline<Row>(status, chats, records);
  const kindLabel = {
    status: translate('vpo.orders.history'),
    audit: translate('vpo.orders.auditTrail'),
    message: translate('vpo.orders.notifications'),
  };

  return (
    <Panel title={translate('vpo.orders.timeline')}>
      {(messages.isLoading || audit.isLoading) && <Loading />}
      {messages.error ? <ErrorState error={messages.error} retry={messages.refetch} /> : null}
      <List dense>
        {rows.map((row) => (
          <ListItem key={row.key} disableGutters>
            <ListItemText
              primary={
                <>
                  <Chip size="small" label={kindLabel[row.kind]} sx={{ mr: 1 }} /> {row.primary}
                </>
              }
              secondary={row.secondary}
            />
          </ListItem>
        ))}
      </List>
    </Panel>
  );
}
