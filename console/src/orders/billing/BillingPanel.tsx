import { Button, Chip, Link, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useState } from 'react';
import {
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  useGetManyReference,
  useTranslate,
} from 'react-admin';
import { COMMON_CURRENCIES } from '../../api/enums.js';
import type { BillingEntry, OrderDetail } from '../../api/types.js';
import { useMe } from '../../auth/useMe.js';
import { ActionDialog, useDialog } from '../../common/ActionDialog.js';
import { Money, When } from '../../common/format.js';
import { QueryState } from '../../common/states.js';
import { useAction } from '../../common/useAction.js';
import { Panel } from '../../common/Panel.js';
import type { BillingActions } from './data.js';

/** Billing entries of the order: record one, attach its document, confirm it (accountant). */
export function BillingPanel({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { can } = useMe();
  const record = useDialog();
  const [attaching, setAttaching] = useState<BillingEntry>();
  const { run, busy, dataProvider } = useAction<BillingActions>();
  const entries = useGetManyReference<BillingEntry>('billing', {
    target: 'orderId',
    id: order.id,
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'createdAt', order: 'ASC' },
  });

  return (
    <Panel
      title={translate('vpo.billing.title')}
      actions={
        can('POST /api/v1/billing') && (
          <Button variant="outlined" onClick={record.show}>
            {translate('vpo.billing.record')}
          </Button>
        )
      }
    >
      <QueryState query={entries}>
        {(data) => (
          <Table size="small" aria-label={translate('vpo.billing.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('vpo.billing.type')}</TableCell>
                <TableCell>{translate('vpo.billing.amount')}</TableCell>
                <TableCell>{translate('vpo.billing.description')}</TableCell>
                <TableCell>{translate('vpo.billing.status')}</TableCell>
                <TableCell>{translate('vpo.common.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell>
                    {translate(`vpo.billing.${entry.type}`)}
                    {entry.invoiceNumber ? ` ${entry.invoiceNumber}` : ''}
                  </TableCell>
                  <TableCell>
                    <Money amount={entry.amount} currency={entry.currency} />
                  </TableCell>
                  <TableCell>
                    {entry.description}{' '}
                    {entry.receiptFileUrl && (
                      <Link href={entry.receiptFileUrl} target="_blank" rel="noreferrer">
                        {translate('vpo.common.open')}
                      </Link>
                    )}
                  </TableCell>
                  <TableCell>
                    {entry.status === 'Confirmed' ? (
                      <Chip
                        size="small"
                        color="success"
                        variant="outlined"
                        label={translate('vpo.billing.confirmed', { date: '' })}
                        title={entry.confirmedAt}
                      />
                    ) : (
                      <Chip size="small" color="warning" variant="outlined" label={translate('vpo.billing.pending')} />
                    )}
                    {entry.confirmedAt && (
                      <>
                        {' '}
                        <When iso={entry.confirmedAt} />
                      </>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {entry.status === 'Pending' && can('PATCH /api/v1/billing/{id}/document-url') && (
                      <Button size="small" onClick={() => setAttaching(entry)}>
                        {translate('vpo.billing.attach')}
                      </Button>
                    )}
                    {entry.status === 'Pending' && can('PATCH /api/v1/billing/{id}/confirm') && (
                      <Button
                        size="small"
                        variant="contained"
                        disabled={busy}
                        onClick={() =>
                          run((dp) => dp.confirmBilling(entry.id), { success: translate('vpo.billing.confirmedNote') })
                        }
                      >
                        {translate('vpo.billing.confirm')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryState>
      <ActionDialog<{
        type: 'invoice' | 'receipt';
        amount: number;
        currency: string;
        description: string;
        invoiceNumber?: string;
        receiptFileUrl?: string;
      }>
        open={record.open}
        onClose={record.hide}
        title={translate('vpo.billing.record')}
        defaultValues={{ type: 'receipt', currency: order.currency }}
        submit={(values) => dataProvider.create('billing', { data: { ...values, orderId: order.id } })}
        success={translate('vpo.billing.recorded')}
      >
        <RadioButtonGroupInput
          source="type"
          label="vpo.billing.type"
          choices={[
            { id: 'receipt', name: translate('vpo.billing.receipt') },
            { id: 'invoice', name: translate('vpo.billing.invoice') },
          ]}
        />
        <NumberInput source="amount" label="vpo.billing.amount" fullWidth />
        <SelectInput
          source="currency"
          label="vpo.billing.currency"
          choices={COMMON_CURRENCIES.map((code) => ({ id: code, name: code }))}
          fullWidth
        />
        <TextInput source="description" label="vpo.billing.description" fullWidth />
        <TextInput source="invoiceNumber" label="vpo.billing.invoiceNumber" fullWidth />
        <TextInput source="receiptFileUrl" label="vpo.billing.receiptFileUrl" type="url" fullWidth />
      </ActionDialog>
      {attaching && (
        <ActionDialog<{ pdfUrl: string; invoiceNumber?: string }>
          open
          onClose={() => setAttaching(undefined)}
          title={translate('vpo.billing.attach')}
          submit={(values) =>
            dataProvider.billingDocument(attaching.id, {
              type: attaching.type,
              pdfUrl: values.pdfUrl,
              invoiceNumber: values.invoiceNumber,
            })
          }
          success={translate('vpo.billing.attached')}
        >
          <TextInput source="pdfUrl" label="vpo.billing.pdfUrl" type="url" fullWidth />
          {attaching.type === 'invoice' && (
            <TextInput source="invoiceNumber" label="vpo.billing.invoiceNumber" fullWidth />
          )}
        </ActionDialog>
      )}
    </Panel>
  );
}
