import { Create, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { COMMON_CURRENCIES } from '../api/enums.js';

const LANGUAGES = [
  { id: 'en', name: 'English' },
  { id: 'ar', name: 'العربية' },
];

/** A new customer and their wallet; the API checks the phone number and its uniqueness in the tenant. */
export function CustomerCreate() {
  return (
    <Create redirect="show">
      <SimpleForm>
        <TextInput source="name" fullWidth />
        <TextInput source="mobileNumber" fullWidth helperText="+971501234567" />
        <TextInput source="email" type="email" fullWidth />
        <TextInput source="idNumber" fullWidth />
        <TextInput source="country" fullWidth />
        <TextInput source="address" fullWidth multiline />
        <SelectInput source="language" choices={LANGUAGES} fullWidth />
        <SelectInput
          source="walletCurrency"
          choices={COMMON_CURRENCIES.map((code) => ({ id: code, name: code }))}
          fullWidth
        />
      </SimpleForm>
    </Create>
  );
}
