import { Chip, List, ListItem, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetManyReference, useTranslate } from 'react-admin';
import type { AuditRecord, OrderDetail, OrderNotification } from '../../api/types';
import { useMe } from '../../auth/useMe';
import { useFormat } from '../../common/format';
import { ErrorState, Loading } from '../../common/states';
import { mergeTimeline, type TimelineEntry } from '../timeline.js';
import { Panel } from './Panel';

type Row = TimelineEntry & { primary: ReactNode; secondary: ReactNode };

/** Status history, audit records (admin) and chat messages with their delivery status, in time order. */
export function TimelinePanel({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const format = useFormat();
  const { can } = useMe();
  const reference = { target: 'orderId', id: order.id, pagination: { page: 1, perPage: 100 }, sort: { field: 'createdAt', order: 'DESC' as const } };
  const messages = useGetManyReference<OrderNotification & { id: string }>('notifications', reference, {
    enabled: can('GET /api/v1/orders/{id}/notifications'),
  });
  const audit = useGetManyReference<AuditRecord>(
    'audit',
    { ...reference, target: 'entityId', filter: { entity: 'order' } },
    { enabled: can('GET /api/v1/audit') },
  );

  const status: Row[] = order.statusHistory.map((move, index) => ({
    at: move.at,
    kind: 'status',
    key: `s${index}`,
    primary: translate('vpo.orders.statusFrom', { from: move.from ? translate(`vpo.status.${move.from}`) : '—', to: translate(`vpo.status.${move.to}`) }),
    secondary: `${format.dateTime(move.at)} · ${translate(`vpo.role.${move.role}`, { _: move.role })}${move.note ? ` · ${move.note}` : ''}`,
  }));
  const chats: Row[] = (messages.data ?? []).map((message) => ({
    at: message.createdAt,
    kind: 'message',
    key: message.messageId,
    primary: (
      <>
        {message.template?.name ?? message.event} {translate('vpo.orders.notificationTo', { to: message.recipientName ?? message.to })}{' '}
        <Chip
          size="small"
          variant="outlined"
          color={message.status === 'failed' ? 'error' : message.status === 'read' || message.status === 'delivered' ? 'success' : 'default'}
          label={translate(`vpo.orders.deliveryStatus.${message.status}`)}
        />
      </>
    ),
    secondary: `${format.dateTime(message.createdAt)}${message.reason ? ` · ${message.reason}` : ''}${message.error?.title ? ` · ${message.error.title}` : ''}`,
  }));
  const records: Row[] = (audit.data ?? []).map((record) => ({
    at: record.at,
    kind: 'audit',
    key: record.id,
    primary: `${record.entity} · ${record.action}: ${Object.keys(record.changes).join(', ')}`,
    secondary: `${format.dateTime(record.at)} · ${translate(`vpo.role.${record.actor.role}`, { _: record.actor.role })} ${record.actor.userId ?? record.actor.keyId}`,
  }));
  const rows = mergeTimeline<Row>(status, chats, records);
  const kindLabel = { status: translate('vpo.orders.history'), audit: translate('vpo.orders.auditTrail'), message: translate('vpo.orders.notifications') };

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
