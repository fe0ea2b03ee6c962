import { Box, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  type DataProvider,
  Form,
  SaveButton,
  SelectInput,
  TextInput,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { apiErrorOf } from '../api/client.js';
import { ARABIC_DIGITS, PROFILE_INCOTERMS } from '../api/enums.js';
import { versionConflict } from '../api/error-details.js';
import type { TenantProfile } from '../api/types.js';
import { RootError, submissionErrors } from '../common/ActionDialog.js';
import { Panel } from '../common/Panel.js';
import type { TenantProfileActions } from './data.js';
import { bodyOf, type ProfileBody } from './profile-body.js';

/** The profile's query: the screen reads it, and the form reads it again when a colleague saved first. */
export const PROFILE_QUERY_KEY = ['tenant-profile'];
/** Names, addresses and codes are typed in either script: each input takes the direction of its text (an English name stays left to right in the Arabic console). */
const AS_TYPED = { htmlInput: { dir: 'auto' } };
const upper = (value: string) => (typeof value === 'string' ? value.toUpperCase() : value);

/** Two inputs a row on a wide screen, one on a phone. */
function Fields({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>{children}</Box>
  );
}

/** The text of the profile: one form, saved at the version read. */
export function ProfileForm({
  profile,
  defaults,
  editable,
  onSaved,
}: {
  profile: TenantProfile;
  defaults: TenantProfile;
  editable: boolean;
  onSaved: (saved: TenantProfile) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<DataProvider & TenantProfileActions>();
  const queryClient = useQueryClient();
  const field = (path: string) => `vpo.fields.profile.${path}`;

  const onSubmit = async (values: Record<string, unknown>) => {
    try {
      // The version of the latest read (an image upload moves it too), so a colleague's save is not overwritten.
      const saved = await dataProvider.saveTenantProfile(profile.version, bodyOf(values as Partial<ProfileBody>));
      notify('vpo.profile.saved', { type: 'success' });
      onSaved(saved);
      return undefined;
    } catch (error) {
      if (versionConflict(apiErrorOf(error))) {
        notify('vpo.profile.conflict', { type: 'warning', multiLine: true });
        // Someone saved first: the form starts again from their profile, for the person to check.
        const fresh = await queryClient
          .fetchQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: () => dataProvider.tenantProfile() })
          .catch(() => undefined);
        if (fresh) onSaved(fresh);
        return undefined;
      }
      return submissionErrors(error, translate);
    }
  };

  return (
    <Form onSubmit={onSubmit} defaultValues={defaults as Record<string, unknown>} noValidate disabled={!editable}>
      <Stack spacing={2}>
        <Panel title={translate('vpo.profile.section.legalName')}>
          <Fields>
            <TextInput source="legalName.en" label={field('legalName.en')} fullWidth slotProps={AS_TYPED} />
            <TextInput
              source="legalName.ar"
              label={field('legalName.ar')}
              fullWidth
              slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }}
            />
          </Fields>
        </Panel>
        <Panel title={translate('vpo.profile.section.address')}>
          <Fields>
            <TextInput source="address.line1" label={field('address.line1')} fullWidth slotProps={AS_TYPED} />
            <TextInput source="address.line2" label={field('address.line2')} fullWidth slotProps={AS_TYPED} />
            <TextInput source="address.city" label={field('address.city')} fullWidth slotProps={AS_TYPED} />
            <TextInput source="address.postalCode" label={field('address.postalCode')} fullWidth slotProps={AS_TYPED} />
            <TextInput
              source="address.country"
              label={field('address.country')}
              helperText="vpo.customs.countryHelp"
              parse={upper}
              fullWidth
              slotProps={AS_TYPED}
            />
          </Fields>
        </Panel>
        <Panel title={translate('vpo.profile.section.registration')}>
          <Fields>
            <TextInput source="registrationNumber" label={field('registrationNumber')} fullWidth slotProps={AS_TYPED} />
            <TextInput source="taxNumber" label={field('taxNumber')} fullWidth slotProps={AS_TYPED} />
            <TextInput
              source="phone"
              label={field('phone')}
              helperText="vpo.profile.phoneHelp"
              type="tel"
              fullWidth
              slotProps={AS_TYPED}
            />
            <TextInput source="email" label={field('email')} type="email" fullWidth slotProps={AS_TYPED} />
          </Fields>
        </Panel>
        <Panel title={translate('vpo.profile.section.bank')}>
          <Fields>
            <TextInput source="bank.bankName" label={field('bank.bankName')} fullWidth slotProps={AS_TYPED} />
            <TextInput source="bank.accountName" label={field('bank.accountName')} fullWidth slotProps={AS_TYPED} />
            <TextInput
              source="bank.iban"
              label="vpo.profile.iban"
              helperText="vpo.profile.ibanHelp"
              fullWidth
              slotProps={AS_TYPED}
            />
            <TextInput
              source="bank.accountNumber"
              label={field('bank.accountNumber')}
              helperText="vpo.profile.accountNumberHelp"
              fullWidth
              slotProps={AS_TYPED}
            />
            <TextInput
              source="bank.swift"
              label={field('bank.swift')}
              helperText="vpo.profile.swiftHelp"
              parse={upper}
              fullWidth
              slotProps={AS_TYPED}
            />
          </Fields>
        </Panel>
        <Panel title={translate('vpo.profile.section.shipping')}>
          <Fields>
            <SelectInput
              source="defaultIncoterms"
              label={field('defaultIncoterms')}
              helperText="vpo.profile.incotermsHelp"
              choices={PROFILE_INCOTERMS.map((rule) => ({ id: rule, name: translate(`vpo.customs.incoterm.${rule}`) }))}
              fullWidth
            />
            <TextInput source="portOfLoading" label={field('portOfLoading')} fullWidth slotProps={AS_TYPED} />
          </Fields>
        </Panel>
        <Panel title={translate('vpo.profile.section.arabic')}>
          <Fields>
            <SelectInput
              source="arabicDigits"
              label={field('arabicDigits')}
              helperText="vpo.profile.digitsHelp"
              choices={ARABIC_DIGITS.map((digits) => ({ id: digits, name: translate(`vpo.profile.digits.${digits}`) }))}
              fullWidth
            />
          </Fields>
        </Panel>
        <RootError />
        {editable && (
          <Box>
            <SaveButton label="vpo.common.save" alwaysEnable />
          </Box>
        )}
      </Stack>
    </Form>
  );
}
