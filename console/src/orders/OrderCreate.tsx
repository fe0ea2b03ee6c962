import { Alert } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  Create,
  FormDataConsumer,
  HttpError,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { COMMON_CURRENCIES, ORDER_CURRENCIES } from '../api/enums.js';
import { useMe } from '../auth/useMe.js';
import { IsoDateTimeInput } from '../common/inputs.js';
import { ImportRefusal, importRefusalOf } from '../import-rules/ImportCheckView.js';
import { useForCustomer } from '../import-rules/for-customer.js';

/**
 * A new order: for a customer (from the customer page or searched here), optionally for a car of
 * the catalogue (carId, from the car page), with the deposit received. The API decides the rest.
 */
export function OrderCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const { me, can } = useMe();
  const location = useLocation();
  const preset = (location.state as { record?: Record<string, unknown> } | null)?.record ?? {};
  const [choosing, setChoosing] = useForCustomer();
  // A destination that refuses the car: its reasons with their sources (the API's details), by the destination's input.
  const [refusal, setRefusal] = useState<ReturnType<typeof importRefusalOf>>();
  return (
    <Create
      redirect="show"
      record={{ currency: 'USD', ...preset }}
      mutationOptions={{
        onSuccess: (order: { id: string }) => {
          // The car is chosen and ordered: the catalogue no longer picks for this customer.
          if (choosing) setChoosing(undefined);
          notify('resources.orders.notifications.created', { type: 'info', messageArgs: { smart_count: 1 } });
          redirect('show', 'orders', order.id);
        },
        onError: (error: unknown) => {
          const found = importRefusalOf(error);
          setRefusal(found);
          // Refusals the API explains field by field show next to their inputs (react-admin); anything else is said.
          if (!found && !(error instanceof HttpError))
            notify(error instanceof Error ? error.message : String(error), { type: 'error' });
        },
      }}
    >
      <SimpleForm>
        {can('GET /api/v1/customers') ? (
          <ReferenceInput source="customerId" reference="customers">
            <AutocompleteInput optionText="name" filterToQuery={(q: string) => ({ q })} fullWidth />
          </ReferenceInput>
        ) : (
          <TextInput source="customerId" fullWidth helperText="vpo.customers.searchFallback" />
        )}
        <NumberInput source="carId" fullWidth />
        <TextInput source="carDetails.makeEn" fullWidth />
        <TextInput source="carDetails.modelEn" fullWidth />
        <NumberInput source="carDetails.year" fullWidth />
        <TextInput source="carDetails.vin" fullWidth />
        <TextInput source="carDetails.color" fullWidth />
        <TextInput
          source="destinationCountry"
          helperText="resources.orders.fields.destinationCountryHelp"
          parse={(value: string) => value.toUpperCase()}
          fullWidth
        />
        {refusal && <ImportRefusal refusal={refusal} />}
        {/* The API lets only an admin override a destination's rules: others are not offered it. */}
        {me?.role === 'admin' && (
          <TextInput
            source="importRuleOverride.reason"
            helperText="vpo.importRules.change.overrideHelp"
            fullWidth
            multiline
          />
        )}
        <NumberInput source="totalAmount" fullWidth />
        <SelectInput source="currency" choices={ORDER_CURRENCIES.map((code) => ({ id: code, name: code }))} fullWidth />
        {can('GET /api/v1/users') && (
          <ReferenceInput source="marketerId" reference="users" filter={{ role: 'marketer' }}>
            <SelectInput optionText="name" fullWidth />
          </ReferenceInput>
        )}
        <NumberInput source="receiptAmount" fullWidth />
        <SelectInput
          source="receiptCurrency"
          choices={COMMON_CURRENCIES.map((code) => ({ id: code, name: code }))}
          fullWidth
        />
        <TextInput source="receiptDescription" fullWidth />
        <TextInput source="receiptFileUrl" type="url" fullWidth />
        <BooleanInput source="useWalletBalance" />
        <FormDataConsumer>
          {({ formData }) =>
            formData.useWalletBalance ? (
              <>
                <Alert severity="info" sx={{ mb: 2 }}>
                  {translate('resources.orders.fields.useWalletBalance')}
                </Alert>
                <IsoDateTimeInput source="inspectionDate" fullWidth />
              </>
            ) : null
          }
        </FormDataConsumer>
        <TextInput source="notes" fullWidth multiline />
      </SimpleForm>
    </Create>
  );
}
