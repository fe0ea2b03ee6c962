import { Button, Typography } from '@mui/material';
import { DateInput, RadioButtonGroupInput, TextInput, useTranslate } from 'react-admin';
import type { BodyOf, OrderDetail } from '../../api/types.js';
import { useMe } from '../../auth/useMe.js';
import { ActionDialog, useDialog } from '../../common/ActionDialog.js';
import { When } from '../../common/format.js';
import { useAction } from '../../common/useAction.js';
import { useConflictHandler } from '../conflict.js';
import { Facts, Panel } from '../../common/Panel.js';
import type { ShipmentActions } from './data.js';

type ShipmentBody = BodyOf<'/api/v1/orders/{id}/shipment', 'patch'>;
const TEXT = [
  'bookingNumber',
  'carrier',
  'vessel',
  'voyage',
  'containerNumber',
  'sealNumber',
  'portOfLoading',
  'portOfDischarge',
  'billOfLadingNumber',
  'billOfLadingUrl',
] as const;
const DAYS = ['etd', 'eta', 'atd', 'ata'] as const;

/** The voyage: booking, vessel, ports, dates and the bill of lading. */
export function ShipmentPanel({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { can } = useMe();
  const edit = useDialog();
  const { dataProvider } = useAction<ShipmentActions>();
  const onConflict = useConflictHandler();
  const shipment = order.shipment;

  return (
    <Panel
      title={translate('vpo.shipment.title')}
      actions={
        can('PATCH /api/v1/orders/{id}/shipment') && (
          <Button variant="outlined" onClick={edit.show}>
            {translate('vpo.shipment.edit')}
          </Button>
        )
      }
    >
      {shipment ? (
        <Facts
          items={[
            [translate('vpo.shipment.method'), translate(`vpo.shipment.${shipment.method}`)],
            ...TEXT.filter((field) => shipment[field]).map((field): [string, string] => [
              translate(`vpo.shipment.${field}`),
              shipment[field] ?? '',
            ]),
            ...DAYS.filter((field) => shipment[field]).map((field): [string, React.ReactNode] => [
              translate(`vpo.shipment.${field}`),
              <When key={field} iso={shipment[field]} day />,
            ]),
          ]}
        />
      ) : (
        <Typography variant="body2">{translate('vpo.shipment.none')}</Typography>
      )}
      <ActionDialog<ShipmentBody>
        open={edit.open}
        onClose={edit.hide}
        title={translate('vpo.shipment.edit')}
        defaultValues={shipment ? ({ ...shipment, updatedAt: undefined } as ShipmentBody) : { method: 'roro' }}
        submit={(values) => {
          const { updatedAt: _ignored, ...body } = values as ShipmentBody & { updatedAt?: string };
          return dataProvider.shipment(order.id, order.version, body);
        }}
        success={translate('vpo.shipment.saved')}
        onError={onConflict}
      >
        <RadioButtonGroupInput
          source="method"
          label="vpo.shipment.method"
          choices={[
            { id: 'roro', name: translate('vpo.shipment.roro') },
            { id: 'container', name: translate('vpo.shipment.container') },
          ]}
        />
        {TEXT.map((field) => (
          <TextInput key={field} source={field} label={`vpo.shipment.${field}`} fullWidth />
        ))}
        {DAYS.map((field) => (
          <DateInput key={field} source={field} label={`vpo.shipment.${field}`} fullWidth />
        ))}
      </ActionDialog>
    </Panel>
  );
}
