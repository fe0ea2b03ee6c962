import { Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ArrayInput, NumberInput, SelectInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { pick } from '../../api/clean.js';
import { CONDITIONS, CUSTOMS_CURRENCIES, every, FUEL_TYPES, type FuelType, INCOTERMS } from '../../api/enums.js';
import type { BodyOf, OrderDetail } from '../../api/types.js';
import { useMe } from '../../auth/useMe.js';
import { ActionDialog, useDialog } from '../../common/ActionDialog.js';
import { Money } from '../../common/format.js';
import { useAction } from '../../common/useAction.js';
import { useConflictHandler } from '../conflict.js';
import { Facts, Panel } from '../../common/Panel.js';
import type { CustomsActions } from './data.js';

type CustomsInvoice = BodyOf<'/api/v1/orders/{id}/customs-invoice', 'patch'>;
/**
 * Every field of the body but the version. The API replaces the stored invoice with what is sent,
 * so a field the API adds fails to compile here until the form carries it, rather than being
 * cleared by every save from the console.
 */
const CUSTOMS_FIELDS = every<Exclude<keyof CustomsInvoice, 'version'>>()([
  'buyerName',
  'buyerAddress',
  'buyerPhone',
  'buyerCountry',
  'notifyParty',
  'carMake',
  'carModel',
  'carVin',
  'carColor',
  'carYear',
  'engineNumber',
  'engineCapacityCc',
  'fuelType',
  'mileageKm',
  'condition',
  'hsCode',
  'countryOfOrigin',
  'incoterms',
  'incotermsPlace',
  'portOfDischarge',
  'paymentTerms',
  'items',
  'currency',
  'notes',
  'language',
]);

/** The car as the order's snapshot has it (the catalogue's names, or what staff typed). */
type CarSnapshot = {
  makeEn?: string;
  modelEn?: string;
  vin?: string;
  year?: number;
  color?: string;
  fuelType?: string;
  displacement?: number;
  kilometers?: number;
};

/** ISO 3166 codes are capitals; a person may type them either way. */
const upper = (value: string) => (typeof value === 'string' ? value.toUpperCase() : value);

/** A group of the form under its heading, short inputs two a row when the dialog is wide enough. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 2,
          '& .wide': { gridColumn: '1 / -1' },
        }}
      >
        {children}
      </Box>
    </>
  );
}

/** The customs invoice stored on the order (edit it), and the customs documents attached. */
export function CustomsPanel({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { can } = useMe();
  const edit = useDialog();
  const onConflict = useConflictHandler();
  const { dataProvider } = useAction<CustomsActions>();
  const invoice = order.customsInvoice as Partial<CustomsInvoice> | null;
  const car = order.carDetails as CarSnapshot;
  // A first invoice starts from what the order knows of the buyer and the car.
  const defaults: Partial<CustomsInvoice> = invoice ?? {
    buyerName: order.customer.name,
    buyerPhone: order.customer.mobileNumber,
    carMake: car.makeEn,
    carModel: car.modelEn,
    carVin: car.vin,
    carYear: car.year,
    carColor: car.color,
    fuelType: (FUEL_TYPES as readonly string[]).includes(car.fuelType ?? '') ? (car.fuelType as FuelType) : undefined,
    engineCapacityCc: car.displacement,
    mileageKm: car.kilometers,
    currency: (CUSTOMS_CURRENCIES as readonly string[]).includes(order.currency)
      ? (order.currency as CustomsInvoice['currency'])
      : 'USD',
    items: [{ description: [car.makeEn, car.modelEn, car.year].filter(Boolean).join(' '), amount: order.totalAmount }],
  };
  const incoterms = invoice?.incoterms
    ? [invoice.incoterms, invoice.incotermsPlace].filter(Boolean).join(' ')
    : undefined;

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
            ...(invoice.hsCode ? [[translate('vpo.customs.hsCode'), invoice.hsCode] as [string, string]] : []),
            ...(invoice.countryOfOrigin
              ? [[translate('vpo.customs.countryOfOrigin'), invoice.countryOfOrigin] as [string, string]]
              : []),
            ...(incoterms ? [[translate('vpo.customs.incoterms'), incoterms] as [string, string]] : []),
            ...(invoice.portOfDischarge
              ? [[translate('vpo.customs.portOfDischarge'), invoice.portOfDischarge] as [string, string]]
              : []),
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
        submit={(values) =>
          dataProvider.customsInvoice(order.id, order.version, pick(values, CUSTOMS_FIELDS) as CustomsInvoice)
        }
        success={translate('vpo.customs.saved')}
        onError={onConflict}
      >
        <Group title={translate('vpo.customs.consignee')}>
          <TextInput source="buyerName" label="vpo.customs.buyerName" className="wide" fullWidth />
          <TextInput source="buyerAddress" label="vpo.customs.buyerAddress" className="wide" fullWidth />
          <TextInput source="buyerPhone" label="vpo.customs.buyerPhone" fullWidth />
          <TextInput
            source="buyerCountry"
            label="vpo.customs.buyerCountry"
            helperText="vpo.customs.countryHelp"
            parse={upper}
            fullWidth
          />
          <TextInput
            source="notifyParty"
            label="vpo.customs.notifyParty"
            helperText="vpo.customs.notifyPartyHelp"
            className="wide"
            fullWidth
            multiline
          />
        </Group>
        <Group title={translate('vpo.customs.car')}>
          <TextInput source="carMake" label="vpo.customs.carMake" fullWidth />
          <TextInput source="carModel" label="vpo.customs.carModel" fullWidth />
          <NumberInput source="carYear" label="vpo.customs.carYear" fullWidth />
          <TextInput source="carColor" label="vpo.customs.carColor" fullWidth />
          <TextInput source="carVin" label="vpo.customs.carVin" fullWidth />
          <TextInput source="engineNumber" label="vpo.customs.engineNumber" fullWidth />
          <NumberInput source="engineCapacityCc" label="vpo.customs.engineCapacityCc" step={1} fullWidth />
          <SelectInput
            source="fuelType"
            label="vpo.customs.fuelType"
            choices={FUEL_TYPES.map((fuel) => ({ id: fuel, name: translate(`vpo.customs.fuel.${fuel}`) }))}
            fullWidth
          />
          <NumberInput source="mileageKm" label="vpo.customs.mileageKm" step={1} fullWidth />
          <SelectInput
            source="condition"
            label="vpo.customs.condition"
            choices={CONDITIONS.map((condition) => ({
              id: condition,
              name: translate(`vpo.customs.conditions.${condition}`),
            }))}
            fullWidth
          />
        </Group>
        <Group title={translate('vpo.customs.classification')}>
          <TextInput source="hsCode" label="vpo.customs.hsCode" helperText="vpo.customs.hsCodeHelp" fullWidth />
          <TextInput
            source="countryOfOrigin"
            label="vpo.customs.countryOfOrigin"
            helperText="vpo.customs.countryOfOriginHelp"
            parse={upper}
            fullWidth
          />
        </Group>
        <Group title={translate('vpo.customs.terms')}>
          <SelectInput
            source="incoterms"
            label="vpo.customs.incoterms"
            helperText="vpo.customs.incotermsHelp"
            choices={INCOTERMS.map((rule) => ({ id: rule, name: translate(`vpo.customs.incoterm.${rule}`) }))}
            fullWidth
          />
          <TextInput
            source="incotermsPlace"
            label="vpo.customs.incotermsPlace"
            helperText="vpo.customs.incotermsPlaceHelp"
            fullWidth
          />
          <TextInput
            source="portOfDischarge"
            label="vpo.customs.portOfDischarge"
            helperText="vpo.customs.portOfDischargeHelp"
            className="wide"
            fullWidth
          />
          <TextInput source="paymentTerms" label="vpo.customs.paymentTerms" className="wide" fullWidth multiline />
        </Group>
        <Group title={translate('vpo.customs.invoice')}>
          <SelectInput
            source="currency"
            label="vpo.customs.currency"
            choices={CUSTOMS_CURRENCIES.map((code) => ({ id: code, name: code }))}
            fullWidth
          />
          <SelectInput
            source="language"
            label="vpo.customs.language"
            choices={[
              { id: 'en', name: 'English' },
              { id: 'ar', name: 'العربية' },
            ]}
            fullWidth
          />
          <ArrayInput source="items" label="vpo.customs.items" className="wide">
            <SimpleFormIterator inline disableReordering>
              <TextInput source="description" label="vpo.customs.itemDescription" />
              <NumberInput source="amount" label="vpo.customs.itemAmount" />
            </SimpleFormIterator>
          </ArrayInput>
          <TextInput source="notes" label="vpo.customs.notes" className="wide" fullWidth multiline />
        </Group>
      </ActionDialog>
    </Panel>
  );
}
