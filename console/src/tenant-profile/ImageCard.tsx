import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { type ChangeEvent, useState } from 'react';
import { type DataProvider, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { IMAGE_TYPES, type ImageType, type ProfileImage } from '../api/enums.js';
import type { TenantProfile } from '../api/types.js';
import { useFormat } from '../common/format.js';
import { describe } from '../common/useAction.js';
import type { TenantProfileActions } from './data.js';

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
export function ImageCard({
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
  const dataProvider = useDataProvider<DataProvider & TenantProfileActions>();
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
