import { Box, Button, Chip, ImageList, ImageListItem, Link, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { SelectInput, TextInput, useGetList, useGetManyReference, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { Inspection, OrderDetail, User } from '../../api/types.js';
import { useMe } from '../../auth/useMe.js';
import { ActionDialog, useDialog } from '../../common/ActionDialog.js';
import { When } from '../../common/format.js';
import { IsoDateTimeInput } from '../../common/inputs.js';
import { Empty, ErrorState, Loading } from '../../common/states.js';
import { Panel } from '../../common/Panel.js';
import { describe, useAction } from '../../common/useAction.js';
import { offersScheduling } from './inspection-next.js';
import type { InspectionsActions } from './data.js';

/** Names the only inspector once the list arrives (the dialog may open before it), unless the person already picked one. */
function OnlyInspector({ choices }: { choices: { id: string }[] }) {
  const { setValue, getFieldState } = useFormContext<{ inspectorId?: string }>();
  const only = choices.length === 1 ? choices[0]!.id : undefined;
  useEffect(() => {
    if (only && !getFieldState('inspectorId').isDirty) setValue('inspectorId', only);
  }, [only, getFieldState, setValue]);
  return null;
}

type Photos = {
  photoUrl?: string;
  pdfReportUrl?: string;
  notes?: string;
  status?: 'InProgress' | 'Completed' | 'Cancelled';
};

/**
 * Inspections of the order: schedule one with an inspector of the tenant while the order has none
 * under way or done, add photos and the report, and move one as the API allows (its
 * allowedStatusTransitions).
 */
export function InspectionsPanel({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { can, me } = useMe();
  const schedule = useDialog();
  const [updating, setUpdating] = useState<Inspection>();
  const { dataProvider } = useAction<InspectionsActions>();
  const { data, isPending, error, refetch } = useGetManyReference<Inspection>('inspections', {
    target: 'orderId',
    id: order.id,
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'createdAt', order: 'ASC' },
  });
  // Operations read whom they may name from the inspectors' list; admins also have the staff list.
  const mayListInspectors = can('GET /api/v1/inspectors');
  const mayListUsers = !mayListInspectors && can('GET /api/v1/users');
  const inspectors = useGetList<{ id: string; name: string }>(
    'inspectors',
    { pagination: { page: 1, perPage: 100 } },
    { enabled: mayListInspectors },
  );
  const staff = useGetList<User>(
    'users',
    { filter: { role: 'inspector' }, pagination: { page: 1, perPage: 100 } },
    { enabled: mayListUsers },
  );
  const listed = mayListInspectors
    ? (inspectors.data ?? [])
    : (staff.data ?? []).filter((user) => user.active).map((user) => ({ id: user.id, name: user.name }));
  // Who may not list the staff (accountants, marketers) read the name each inspection keeps.
  const names = new Map([...(staff.data ?? []), ...(inspectors.data ?? [])].map((user) => [user.id, user.name]));
  if (me?.role === 'inspector' && me.user) names.set(me.user.id, me.user.name);
  const inspectorChoices =
    mayListInspectors || mayListUsers
      ? listed
      : me?.role === 'inspector' && me.user
        ? [{ id: me.user.id, name: me.user.name }]
        : [];
  // The select shows at once, disabled until the list is in: the same control whether or not it has loaded.
  const listing = mayListInspectors ? inspectors : mayListUsers ? staff : undefined;
  const choosing = listing !== undefined || inspectorChoices.length > 0;
  const listPending = listing?.isPending ?? false;

  return (
    <Panel
      title={translate('vpo.inspections.title')}
      actions={
        can('POST /api/v1/inspections') &&
        data !== undefined &&
        offersScheduling(order, data) && (
          <Button variant="outlined" onClick={schedule.show}>
            {translate('vpo.inspections.schedule')}
          </Button>
        )
      }
    >
      {isPending ? (
        <Loading />
      ) : error ? (
        <ErrorState error={error} retry={refetch} />
      ) : !data?.length ? (
        <Empty />
      ) : (
        <Stack spacing={2}>
          {data.map((inspection) => (
            <Box key={inspection.id} sx={{ borderInlineStart: 3, borderColor: 'primary.light', ps: 2 }}>
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip
                  size="small"
                  variant="outlined"
                  label={translate(`vpo.inspections.status.${inspection.status}`)}
                />
                <Typography variant="body2">
                  {names.get(inspection.inspectorId) ?? inspection.inspectorName ?? inspection.inspectorId} ·{' '}
                  <When iso={inspection.inspectionDate} />
                </Typography>
                {inspection.pdfReportUrl && (
                  <Link href={inspection.pdfReportUrl} target="_blank" rel="noreferrer">
                    {translate('vpo.inspections.reportUrl')}
                  </Link>
                )}
                {/* Photos, notes and moves while it can still move (the API says where to: none once it is done). */}
                {inspection.allowedStatusTransitions.length > 0 && can('PATCH /api/v1/inspections/{id}/status') && (
                  <Button size="small" onClick={() => setUpdating(inspection)}>
                    {translate('vpo.common.details')}
                  </Button>
                )}
              </Stack>
              {inspection.notes && <Typography variant="body2">{inspection.notes}</Typography>}
              {inspection.photos.length > 0 && (
                <ImageList cols={6} rowHeight={90} sx={{ mt: 1 }}>
                  {inspection.photos.map((photo, index) => (
                    <ImageListItem key={photo.url}>
                      <a href={photo.url} target="_blank" rel="noreferrer">
                        <img
                          src={photo.thumbnailUrl ?? photo.url}
                          alt={photo.caption ?? `${translate('vpo.inspections.photos')} ${index + 1}`}
                          loading="lazy"
                          style={{ width: '100%', height: 90, objectFit: 'cover' }}
                        />
                      </a>
                    </ImageListItem>
                  ))}
                </ImageList>
              )}
            </Box>
          ))}
        </Stack>
      )}
      <ActionDialog<{ inspectorId: string; inspectionDate?: string; notes?: string }>
        open={schedule.open}
        onClose={schedule.hide}
        title={translate('vpo.inspections.schedule')}
        defaultValues={{
          inspectorId: inspectorChoices.length === 1 ? inspectorChoices[0]!.id : undefined,
          inspectionDate: order.inspectionDate ?? undefined,
        }}
        submit={(values) => dataProvider.create('inspections', { data: { ...values, orderId: order.id } })}
        success={translate('vpo.inspections.scheduled')}
      >
        {choosing ? (
          <>
            <SelectInput
              source="inspectorId"
              label="vpo.inspections.inspector"
              choices={inspectorChoices}
              disabled={listPending}
              helperText={
                listPending
                  ? 'vpo.inspections.loadingInspectors'
                  : listing?.error
                    ? describe(listing.error, translate)
                    : inspectorChoices.length === 0
                      ? 'vpo.inspections.noInspectors'
                      : false
              }
              fullWidth
            />
            <OnlyInspector choices={inspectorChoices} />
          </>
        ) : (
          // A key that may schedule but list no one (narrowed routes) types the inspector's id.
          <TextInput source="inspectorId" label="vpo.inspections.inspector" fullWidth />
        )}
        <IsoDateTimeInput source="inspectionDate" label="vpo.inspections.date" fullWidth />
        <TextInput source="notes" label="vpo.inspections.notes" fullWidth multiline />
      </ActionDialog>
      {updating && (
        <ActionDialog<Photos>
          open
          onClose={() => setUpdating(undefined)}
          title={translate('vpo.inspections.one', {
            inspector: names.get(updating.inspectorId) ?? updating.inspectorName ?? updating.inspectorId,
          })}
          submit={(values) =>
            dataProvider.inspectionStatus(updating.id, {
              status: values.status,
              notes: values.notes,
              pdfReportUrl: values.pdfReportUrl,
              photos: values.photoUrl ? [{ url: values.photoUrl }] : undefined,
            })
          }
          success={translate('vpo.inspections.updated')}
        >
          {/* Each move the API allows, said as the step it is; left empty, the inspection keeps its status. */}
          <SelectInput
            source="status"
            label="vpo.inspections.nextStep"
            emptyText={translate('vpo.inspections.noChange', {
              status: translate(`vpo.inspections.status.${updating.status}`),
            })}
            choices={updating.allowedStatusTransitions.map((status) => ({
              id: status,
              name: translate(`vpo.inspections.next.${status}`, { _: translate(`vpo.inspections.status.${status}`) }),
            }))}
            fullWidth
          />
          <TextInput source="photoUrl" label="vpo.inspections.photoUrl" type="url" fullWidth />
          <TextInput source="pdfReportUrl" label="vpo.inspections.reportUrl" type="url" fullWidth />
          <TextInput source="notes" label="vpo.inspections.notes" fullWidth multiline />
        </ActionDialog>
      )}
    </Panel>
  );
}
