import { Alert, Box, Button, Chip, Grid, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import {
  type DataProvider,
  Form,
  SaveButton,
  SelectInput,
  TextInput,
  Title,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { apiErrorOf } from '../api/client.js';
import { clean, pick } from '../api/clean.js';
import {
  ARABIC_DIGITS,
  every,
  IMAGE_TYPES,
  type ImageType,
  PROFILE_IMAGES,
  PROFILE_INCOTERMS,
  type ProfileImage,
} from '../api/enums.js';
import { versionConflict } from '../api/error-details.js';
import type { BodyOf, TenantProfile } from '../api/types.js';
import { useMe } from '../auth/useMe.js';
import { RootError, submissionErrors } from '../common/ActionDialog.js';
import { useFormat } from '../common/format.js';
import { MissingFields } from '../common/MissingFields.js';
import { QueryState } from '../common/states.js';
import { describe } from '../common/useAction.js';
import { missingInProfile } from '../i18n/field-words.js';
import { Panel } from '../common/Panel.js';
import type { TenantProfileActions } from './data.js';

type ProfileProvider = DataProvider & TenantProfileActions;

type ProfileBody = BodyOf<'/api/v1/tenant-profile', 'put'>;
type Part<K extends keyof ProfileBody> = keyof NonNullable<ProfileBody[K]>;
/**
 * Every text field the profile takes. A save replaces the whole text (a field left out is
 * cleared), so a field the API adds fails to compile here until the screen has an input for it.
 */
const TEXT = every<Exclude<keyof ProfileBody, 'version'>>()([
  'legalName',
  'address',
  'registrationNumber',
  'taxNumber',
  'phone',
  'email',
  'bank',
  'defaultIncoterms',
  'portOfLoading',
  'arabicDigits',
]);
const LEGAL_NAME = every<Part<'legalName'>>()(['en', 'ar']);
const ADDRESS = every<Part<'address'>>()(['line1', 'line2', 'city', 'postalCode', 'country']);
const BANK = every<Part<'bank'>>()(['bankName', 'accountName', 'iban', 'accountNumber', 'swift']);

/** The text of the profile as the PUT takes it: only its fields, empty inputs left out. */
function bodyOf(values: Partial<ProfileBody>): ProfileBody {
  return clean({
    ...pick(values, TEXT),
    legalName: pick(values.legalName ?? {}, LEGAL_NAME),
    address: pick(values.address ?? {}, ADDRESS),
    bank: pick(values.bank ?? {}, BANK),
  }) as ProfileBody;
}

const QUERY_KEY = ['tenant-profile'];
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
function ProfileForm({
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
  const dataProvider = useDataProvider<ProfileProvider>();
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
          .fetchQuery({ queryKey: QUERY_KEY, queryFn: () => dataProvider.tenantProfile() })
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

/** PNG or JPEG as the API takes it: the file's bytes in base64. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** The logo or the stamp: what is on file (from the address the API gives), upload another, remove it. */
function ImageCard({
  kind,
  profile,
  editable,
  onChanged,
}: {
  kind: ProfileImage;
  profile: TenantProfile;
  editable: boolean;
  onChanged: (saved: TenantProfile) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const dataProvider = useDataProvider<ProfileProvider>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const image = profile[kind];
  const name = translate(`vpo.fields.profile.${kind}`);

  const act = async (call: () => Promise<TenantProfile>, done: string) => {
    setBusy(true);
    setProblem(undefined);
    try {
      onChanged(await call());
      notify(done, { type: 'success' });
    } catch (error) {
      setProblem(describe(error, translate));
    } finally {
      setBusy(false);
    }
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The API checks the type from the bytes; a file of another type is refused there, in words.
    const contentType = (IMAGE_TYPES as readonly string[]).includes(file.type)
      ? (file.type as ImageType)
      : IMAGE_TYPES[0];
    await act(
      async () => dataProvider.uploadProfileImage(kind, { contentType, data: await base64Of(file) }),
      'vpo.profile.uploaded',
    );
  };

  return (
    <Box component="section" aria-label={name} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography component="h3" variant="subtitle1">
        {name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`vpo.profile.image.${kind}.help`)} · {translate('vpo.profile.imageTypes')}
      </Typography>
      <Box sx={{ my: 1, minHeight: 96, display: 'flex', alignItems: 'center' }}>
        {image ? (
          <Stack spacing={0.5}>
            <Box
              component="img"
              src={image.url}
              alt={name}
              sx={{ maxHeight: 96, maxWidth: 240, objectFit: 'contain', alignSelf: 'flex-start' }}
            />
            <Typography variant="caption">
              {translate('vpo.profile.imageFacts', {
                width: format.number(image.width),
                height: format.number(image.height),
                kb: format.number(Math.ceil(image.bytes / 1024)),
              })}
            </Typography>
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('vpo.profile.imageNone')}
          </Typography>
        )}
      </Box>
      {editable && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" component="label" disabled={busy}>
            {translate(`vpo.profile.image.${kind}.upload`)}
            <input hidden type="file" accept={IMAGE_TYPES.join(',')} onChange={(event) => void upload(event)} />
          </Button>
          {image && (
            <Button
              color="error"
              disabled={busy}
              onClick={() => void act(() => dataProvider.removeProfileImage(kind), 'vpo.profile.removed')}
            >
              {translate(`vpo.profile.image.${kind}.remove`)}
            </Button>
          )}
        </Stack>
      )}
      {problem && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}

/** For each document, the profile fields it still needs, in words (as GET /tenant-profile says). */
function Needs({ profile }: { profile: TenantProfile }) {
  const translate = useTranslate();
  return (
    <Panel title={translate('vpo.profile.section.needs')}>
      <Grid container spacing={2}>
        {Object.entries(profile.missing).map(([document, paths]) => (
          <Grid key={document} size={{ xs: 12, md: 4 }}>
            <Typography component="h3" variant="subtitle1">
              {translate(`vpo.documents.types.${document}`, { _: document })}
            </Typography>
            {paths.length === 0 ? (
              <Chip size="small" color="success" variant="outlined" label={translate('vpo.profile.ready')} />
            ) : (
              <MissingFields fields={missingInProfile(paths)} />
            )}
          </Grid>
        ))}
      </Grid>
    </Panel>
  );
}

/**
 * The tenant's legal profile (admin): the seller every document names, its logo and stamp, and
 * what each document still needs before it can be generated. Others who may read it see it
 * without the means to change it.
 */
export function TenantProfileScreen() {
  const translate = useTranslate();
  const format = useFormat();
  const { can } = useMe();
  const dataProvider = useDataProvider<ProfileProvider>();
  const queryClient = useQueryClient();
  const read = useQuery({ queryKey: QUERY_KEY, queryFn: () => dataProvider.tenantProfile() });
  // The form starts from the profile as read, and again from what each save answers (the IBAN
  // compacted, codes in capitals); an image upload leaves what is being typed alone.
  const [saved, setSaved] = useState<{ profile: TenantProfile; n: number }>();
  const editable = can('PUT /api/v1/tenant-profile');
  const latest = (profile: TenantProfile) => queryClient.setQueryData(QUERY_KEY, profile);
  const title = translate('vpo.profile.title');

  return (
    <Box sx={{ my: 2 }}>
      <Title title={title} />
      <Typography component="h1" variant="h5">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('vpo.profile.intro')}
      </Typography>
      <QueryState query={read}>
        {(profile) => (
          <Stack spacing={2}>
            {!editable && <Alert severity="info">{translate('vpo.profile.readOnly')}</Alert>}
            {profile.updatedAt && (
              <Typography variant="caption" color="text.secondary">
                {translate('vpo.profile.updated', { date: format.dateTime(profile.updatedAt) })}
              </Typography>
            )}
            <Needs profile={profile} />
            <Panel title={translate('vpo.profile.section.images')}>
              <Grid container spacing={2}>
                {PROFILE_IMAGES.map((kind) => (
                  <Grid key={kind} size={{ xs: 12, md: 6 }}>
                    <ImageCard kind={kind} profile={profile} editable={editable} onChanged={latest} />
                  </Grid>
                ))}
              </Grid>
            </Panel>
            <ProfileForm
              key={saved?.n ?? 0}
              profile={profile}
              defaults={saved?.profile ?? profile}
              editable={editable}
              onSaved={(answer) => {
                latest(answer);
                setSaved((before) => ({ profile: answer, n: (before?.n ?? 0) + 1 }));
              }}
            />
          </Stack>
        )}
      </QueryState>
    </Box>
  );
}
