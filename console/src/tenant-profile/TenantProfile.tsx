import { Alert, Box, Chip, Grid, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type DataProvider, Title, useDataProvider, useTranslate } from 'react-admin';
import { PROFILE_IMAGES } from '../api/enums.js';
import type { TenantProfile } from '../api/types.js';
import { useMe } from '../auth/useMe.js';
import { useFormat } from '../common/format.js';
import { MissingFields } from '../common/MissingFields.js';
import { Panel } from '../common/Panel.js';
import { QueryState } from '../common/states.js';
import { missingInProfile } from '../i18n/field-words.js';
import type { TenantProfileActions } from './data.js';
import { ImageCard } from './ImageCard.js';
import { PROFILE_QUERY_KEY, ProfileForm } from './ProfileForm.js';

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
  const dataProvider = useDataProvider<DataProvider & TenantProfileActions>();
  const queryClient = useQueryClient();
  const read = useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: () => dataProvider.tenantProfile() });
  // The form starts from the profile as read, and again from what each save answers (the IBAN
  // compacted, codes in capitals); an image upload leaves what is being typed alone.
  const [saved, setSaved] = useState<{ profile: TenantProfile; n: number }>();
  const editable = can('PUT /api/v1/tenant-profile');
  const latest = (profile: TenantProfile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
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
