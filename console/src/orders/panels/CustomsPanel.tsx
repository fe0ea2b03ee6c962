import { Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import { ArrayInput, NumberInput, SelectInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { pick } from '../../api/clean.js';
import { CUSTOMS_CURRENCIES } from '../../api/enums';
import type { BodyOf, OrderDetail } from '../../api/types';
import { useMe } from '../../auth/useMe';
import { ActionDialog, useDialog } from '../../common/ActionDialog';
import { Money } from '../../common/format';
import { useAction } from '../../common/useAction';
import { useConflictHandler } from '../conflict';
import { Facts, Panel } from './Panel';

type CustomsInvoice = BodyOf<'/api/v1/orders/{id}/customs-invoice', 'patch'>;
const CUSTOMS_FIELDS = [
  'buyerName',
  'buyerAddress',
  'buyerPhone',
  'carMake',
  'carModel',
  'carVin',
  'carColor',
  'carYear',
  'items',
  'currency',
  'notes',
  'language',
] as const satisfies readonly (keyof CustomsInvoice)[];

/** The customs invoice stored on the order (edit it), and the customs documents attached. */
export function CustomsPanel({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { can } = useMe();
  const edit = useDialog();
  const onConflict = useConflictHandler();
  const { dataProvider } = useAction();
  const invoice = order.customsInvoice as Partial<CustomsInvoice> | null;
  const car = order.carDetails as { makeEn?: string; modelEn?: string; vin?: string; year?: number; color?: string };
  const defaults: Partial<CustomsInvoice> = invoice ?? {
    buyerName: order.customer.name,
    buyerPhone: order.customer.mobileNumber,
    carMake: car.makeEn,
    carModel: car.modelEn,
    carVin: car.vin,
    carYear: car.year,
    carColor: car.color,
    currency: (CUSTOMS_CURRENCIES as readonly string[]).includes(order.currency) ? (order.currency as CustomsInvoice['currency']) : 'USD',
    items: [{ description: [car.makeEn, car.modelEn, car.year].filter(Boolean).join(' '), amount: order.totalAmount }],
  };

  return (
    <Panel
      title={translate('vpo.customs.title')}
      actions={
        can('PATCH /api/v1/orders/{id}/customs-invoice') && (
          <Button variant="outlined" onClick={edit.show}>
            {translate('vpo.customs.edit')}
          </Button>
        )
      }
    >
      {invoice ? (
        <Facts
          items={[
            [translate('vpo.customs.buyerName'), invoice.buyerName ?? '—'],
            [translate('vpo.customs.carVin'), invoice.carVin ?? '—'],
            [
              translate('vpo.customs.items'),
              (invoice.items ?? []).map((item) => (
                <div key={`${item.description}-${item.amount}`}>
                  {item.description}: <Money amount={item.amount} currency={invoice.currency} />
                </div>
              )),
            ],
            [translate('vpo.customs.language'), invoice.language ?? '—'],
          ]}
        />
      ) : (
        <Typography variant="body2">{translate('vpo.customs.none')}</Typography>
      )}
      {order.customsDocuments.length > 0 && (
        <>
          <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
            {translate('vpo.customs.documents')}
          </Typography>
          <List dense>
            {order.customsDocuments.map((document, index) => (
              // Documents are only appended: a position names one for good.
              // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
              <ListItem key={index} disableGutters>
                <ListItemText
                  primary={typeof document.type === 'string' ? document.type : `#${index + 1}`}
                  secondary={typeof document.url === 'string' ? document.url : JSON.stringify(document)}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
      <ActionDialog<CustomsInvoice>
        open={edit.open}
        onClose={edit.hide}
        title={translate('vpo.customs.edit')}
        defaultValues={defaults}
        submit={(values) => dataProvider.customsInvoice(order.id, order.version, pick(values, CUSTOMS_FIELDS) as CustomsInvoice)}
        success={translate('vpo.customs.saved')}
        onError={onConflict}
      >
        <TextInput source="buyerName" label="vpo.customs.buyerName" fullWidth />
        <TextInput source="buyerAddress" label="vpo.customs.buyerAddress" fullWidth />
        <TextInput source="buyerPhone" label="vpo.customs.buyerPhone" fullWidth />
        <TextInput source="carMake" label="vpo.customs.carMake" fullWidth />
        <TextInput source="carModel" label="vpo.customs.carModel" fullWidth />
        <TextInput source="carVin" label="vpo.customs.carVin" fullWidth />
        <NumberInput source="carYear" label="vpo.customs.carYear" fullWidth />
        <TextInput source="carColor" label="vpo.customs.carColor" fullWidth />
        <SelectInput source="currency" label="vpo.customs.currency" choices={CUSTOMS_CURRENCIES.map((code) => ({ id: code, name: code }))} fullWidth />
        <SelectInput
          source="language"
          label="vpo.customs.language"
          choices={[
            { id: 'en', name: 'English' },
            { id: 'ar', name: 'العربية' },
          ]}
          fullWidth
        />
        <ArrayInput source="items" label="vpo.customs.items">
          <SimpleFormIterator inline disableReordering>
            <TextInput source="description" label="vpo.customs.itemDescription" />
            <NumberInput source="amount" label="vpo.customs.itemAmount" />
          </SimpleFormIterator>
        </ArrayInput>
        <TextInput source="notes" label="vpo.customs.notes" fullWidth multiline />
      </ActionDialog>
    </Panel>
  );
}
