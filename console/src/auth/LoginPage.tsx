import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { LanguageSwitch } from '../layout/LanguageSwitch.js';

/** Sign-in: the person pastes their API key; GET /api/v1/me says whether it works. */
export function LoginPage() {
  const login = useLogin();
  const translate = useTranslate();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    login({ apiKey: key }, '/')
      .catch((failure: Error) => setError(translate('vpo.auth.invalid', { reason: failure.message })))
      .finally(() => setBusy(false));
  };

  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent>
          <Stack component="form" spacing={2} onSubmit={submit} aria-labelledby="sign-in-title">
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography id="sign-in-title" component="h1" variant="h5">
                {translate('vpo.auth.title')}
              </Typography>
              <LanguageSwitch />
            </Stack>
            <TextField
              id="api-key"
              label={translate('vpo.auth.key')}
              helperText={translate('vpo.auth.keyHelp')}
              type="password"
              value={key}
              onChange={(event) => setKey(event.target.value)}
              required
              fullWidth
              autoComplete="off"
              autoFocus
            />
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            <Button type="submit" variant="contained" disabled={busy || key.trim() === ''}>
              {translate('vpo.auth.signIn')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
