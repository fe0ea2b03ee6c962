import { Button, Chip, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useState } from 'react';
import { NumberInput, TextInput, useGetManyReference, useTranslate } from 'react-admin';
import { apiErrorOf } from '../../api/client.js';
import { versionConflict } from '../../api/error-details.js';
import type { Contract, OrderDetail } from '../../api/types.js';
import { useMe } from '../../auth/useMe.js';
import { ActionDialog, useDialog } from '../../common/ActionDialog.js';
import { ConfirmDialog } from '../../common/ConfirmDialog.js';
import { Money, When } from '../../common/format.js';
import { QueryState } from '../../common/states.js';
import { useAction } from '../../common/useAction.js';
import { Panel } from '../../common/Panel.js';
import type { ContractsActions } from './data.js';

type ContractFields = Pick<
  Contract,
  | 'customerName'
  | 'customerNameAr'
  | 'customerPhone'
  | 'customerIdNumber'
  | 'totalAmount'
  | 'vin'
  | 'color'
  | 'mileage'
  | 'terms'
  | 'notes'
>;

function ContractInputs() {
  return (
    <>
      <TextInput source="customerName" label="vpo.contracts.customerName" fullWidth />
      <TextInput
        source="customerNameAr"
        label="vpo.contracts.customerNameAr"
        fullWidth
        slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }}
      />
      <TextInput source="customerPhone" label="vpo.contracts.customerPhone" fullWidth />
      <TextInput source="customerIdNumber" label="vpo.contracts.customerIdNumber" fullWidth />
      <NumberInput source="totalAmount" label="vpo.contracts.totalAmount" fullWidth />
      <TextInput source="vin" label="vpo.contracts.vin" fullWidth />
      <TextInput source="color" label="vpo.contracts.color" fullWidth />
      <TextInput source="mileage" label="vpo.contracts.mileage" fullWidth />
      <TextInput source="terms" label="vpo.contracts.terms" fullWidth multiline minRows={3} />
      <TextInput source="notes" label="vpo.contracts.notes" fullWidth multiline />
    </>
  );
}

/** Contracts of the order: draft, edit while Draft, send for signature, mark signed, open the PDF. */
export function ContractsPanel({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { can } = useMe();
  const create = useDialog();
  const [editing, setEditing] = useState<Contract>();
  const [sending, setSending] = useState<Contract>();
  const [signing, setSigning] = useState<Contract>();
  const { run, busy, dataProvider } = useAction<ContractsActions>();
  const contracts = useGetManyReference<Contract>('contracts', {
    target: 'orderId',
    id: order.id,
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'createdAt', order: 'ASC' },
  });
  const car = order.carDetails as { vin?: string; color?: string };

  return (
    <Panel
      title={translate('vpo.contracts.title')}
      actions={
        can('POST /api/v1/contracts') && (
          <Button variant="outlined" onClick={create.show}>
            {translate('vpo.contracts.create')}
          </Button>
        )
      }
    >
      <QueryState query={contracts}>
        {(data) => (
          <Table size="small" aria-label={translate('vpo.contracts.title')}>
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>{translate('vpo.billing.status')}</TableCell>
                <TableCell>{translate('vpo.contracts.customerName')}</TableCell>
                <TableCell>{translate('vpo.contracts.totalAmount')}</TableCell>
                <TableCell>{translate('vpo.common.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((contract) => (
                <TableRow key={contract.id}>
                  <TableCell>{translate('vpo.contracts.number', { number: contract.contractNumber })}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={contract.status === 'Signed' ? 'success' : 'default'}
                      label={translate(`vpo.contracts.status.${contract.status}`)}
                    />{' '}
                    {contract.signedAt ? (
                      <When iso={contract.signedAt} />
                    ) : contract.sentAt ? (
                      <When iso={contract.sentAt} />
                    ) : null}
                  </TableCell>
                  <TableCell>{contract.customerName}</TableCell>
                  <TableCell>
                    <Money amount={contract.totalAmount} currency={contract.currency} />
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                      {contract.status === 'Draft' && can('PATCH /api/v1/contracts/{id}') && (
                        <Button size="small" onClick={() => setEditing(contract)}>
                          {translate('vpo.contracts.edit')}
                        </Button>
                      )}
                      {contract.status !== 'Signed' && can('POST /api/v1/contracts/{id}/send') && (
                        <Button size="small" onClick={() => setSending(contract)}>
                          {translate('vpo.contracts.send')}
                        </Button>
                      )}
                      {contract.status !== 'Signed' && can('PATCH /api/v1/contracts/{id}/sign') && (
                        <Button size="small" variant="contained" disabled={busy} onClick={() => setSigning(contract)}>
                          {translate('vpo.contracts.sign')}
                        </Button>
                      )}
                      {contract.pdfUrl && (
                        <Link href={contract.pdfUrl} target="_blank" rel="noreferrer" sx={{ alignSelf: 'center' }}>
                          {translate('vpo.common.pdf')}
                        </Link>
                      )}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryState>
      <ActionDialog<ContractFields>
        open={create.open}
        onClose={create.hide}
        title={translate('vpo.contracts.create')}
        defaultValues={{
          customerName: order.customer.name,
          customerPhone: order.customer.mobileNumber,
          totalAmount: order.totalAmount,
          vin: car.vin,
          color: car.color,
        }}
        submit={(values) =>
          dataProvider.create('contracts', { data: { ...values, orderId: order.id, currency: order.currency } })
        }
        success={translate('vpo.contracts.drafted')}
      >
        <ContractInputs />
      </ActionDialog>
      {editing && (
        <ActionDialog<ContractFields>
          open
          onClose={() => setEditing(undefined)}
          title={`${translate('vpo.contracts.edit')} — ${translate('vpo.contracts.number', { number: editing.contractNumber })}`}
          defaultValues={editing}
          submit={(values) => dataProvider.update('contracts', { id: editing.id, data: values, previousData: editing })}
          success={translate('vpo.contracts.saved')}
          onError={(failure) => {
            if (!versionConflict(apiErrorOf(failure))) return false;
            void contracts.refetch();
            return false;
          }}
        >
          <ContractInputs />
        </ActionDialog>
      )}
      {signing && (
        <ConfirmDialog
          open
          title="vpo.contracts.signTitle"
          content="vpo.contracts.signContent"
          options={{ number: signing.contractNumber }}
          confirm="vpo.contracts.sign"
          busy={busy}
          onConfirm={() =>
            void run((dp) => dp.signContract(signing.id), { success: translate('vpo.contracts.signed') }).then(() =>
              setSigning(undefined),
            )
          }
          onClose={() => setSigning(undefined)}
        />
      )}
      {sending && (
        <ActionDialog<{ phone: string; signingLink?: string }>
          open
          onClose={() => setSending(undefined)}
          title={`${translate('vpo.contracts.send')} — ${translate('vpo.contracts.number', { number: sending.contractNumber })}`}
          defaultValues={{ phone: sending.customerPhone ?? order.customer.mobileNumber }}
          saveLabel="vpo.contracts.send"
          submit={(values) => dataProvider.sendContract(sending.id, values)}
          success={translate('vpo.contracts.sent')}
        >
          <TextInput source="phone" label="vpo.contracts.phone" fullWidth />
          <TextInput source="signingLink" label="vpo.contracts.signingLink" type="url" fullWidth />
        </ActionDialog>
      )}
    </Panel>
  );
}
