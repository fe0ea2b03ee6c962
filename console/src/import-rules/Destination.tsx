import { Alert, Button } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import type { ImportRule } from '../api/types.js';
import { useMe } from '../auth/useMe.js';
import { useCountry } from './countries.js';
import { useForCustomer } from './for-customer.js';

/**
 * The destinations a car can be checked against: the countries whose import rules are in force
 * for the tenant (GET /import-rules), by name. A country not listed refuses nothing.
 */
export function useDestinationChoices(): { id: string; name: string }[] {
  const { can } = useMe();
  const country = useCountry();
  const rules = useGetList<ImportRule & { id: string }>(
    'import-rules',
    { pagination: { page: 1, perPage: 100 } },
    { enabled: can('GET /api/v1/import-rules'), staleTime: 5 * 60_000 },
  );
  return (rules.data ?? []).map((rule) => ({ id: rule.country, name: country(rule.country) }));
}

/** "Choosing a car for Layla Haddad": while the catalogue picks a car for a customer, with a way to stop. */
export function ForCustomerBanner() {
  const translate = useTranslate();
  const country = useCountry();
  const [forCustomer, setForCustomer] = useForCustomer();
  if (!forCustomer) return null;
  return (
    <Alert
      severity="info"
      sx={{ my: 1 }}
      action={
        <Button color="inherit" size="small" onClick={() => setForCustomer(undefined)}>
          {translate('vpo.importRules.stopChoosing')}
        </Button>
      }
    >
      {forCustomer.country
        ? translate('vpo.importRules.forCustomerCountry', {
            name: forCustomer.name,
            country: country(forCustomer.country),
          })
        : translate('vpo.importRules.forCustomer', { name: forCustomer.name })}
    </Alert>
  );
}
