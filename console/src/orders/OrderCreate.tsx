import { Alert } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  Create,
  FormDataConsumer,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useTranslate,
} from 'react-admin';
import { useLocation } from 'react-router';
import { COMMON_CURRENCIES, ORDER_CURRENCIES } from '../api/enums.js';
import { useMe } from '../auth/useMe.js';
import { IsoDateTimeInput } from '../common/inputs.js';

/**
 * A new order: for a customer (from the customer page or searched here), optionally for a car of
 * the catalogue (carId, from the car page), with the deposit received. The API decides the rest.
 */
export function OrderCreate() {
  const translate = useTranslate();
  const { can } = useMe();
  const location = useLocation();
  const preset = (location.state as { record?: Record<string, unknown> } | null)?.record ?? {};
  return (
    <Create redirect="show" record={{ currency: 'USD', ...preset }}>
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
