import { Alert, Button, Stack } from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { Layout as RaLayout, useLocaleState, useTranslate } from 'react-admin';
import { useMe } from '../auth/useMe.js';
import { chooseLanguage } from '../i18n/language.js';
import { readChosen } from '../i18n/language-store.js';
import { preloadScreens } from '../common/screen.js';
import { OfflineBanner } from '../common/states.js';
import { AppBar } from './AppBar.js';
import { Menu } from './Menu.js';

/** Without a choice in this browser, the console speaks the person's language (else the tenant's). */
function LanguageFromMe() {
  const { me } = useMe();
  const [locale, setLocale] = useLocaleState();
  useEffect(() => {
    if (!me || readChosen()) return;
    const language = chooseLanguage(me, null);
    if (language !== locale) setLocale(language);
  }, [me, locale, setLocale]);
  return null;
}

/** An error inside a screen: words and a way out, the menu and app bar stay. */
function ScreenError({
  error,
  resetErrorBoundary,
}: {
  error?: Error;
  resetErrorBoundary?: (...args: unknown[]) => void;
}) {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ p: 3 }}>
      <Alert severity="error" role="alert">
        <strong>{translate('vpo.state.crashed')}</strong> {translate('vpo.state.crashedHelp')}
        {error?.message ? ` (${error.message})` : ''}
      </Alert>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={() => resetErrorBoundary?.()}>
          {translate('vpo.state.reload')}
        </Button>
        <Button href="#/" onClick={() => resetErrorBoundary?.()}>
          {translate('vpo.state.home')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The screens' chunks, fetched once the person is in (the layout shows only then), while they read Today. */
function PreloadScreens() {
  useEffect(() => {
    const timer = setTimeout(preloadScreens, 500);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout
      appBar={AppBar}
      menu={Menu}
      error={ScreenError}
      // The page is never wider than the screen (react-admin lets it grow to its widest table): a
      // table wider than the screen scrolls inside its own box, the page itself never sideways.
      sx={{
        minWidth: 0,
        '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content, & .RaList-main, & .RaList-content':
          { minWidth: 0 },
        '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
      }}
    >
      <LanguageFromMe />
      <PreloadScreens />
      <OfflineBanner />
      {children}
    </RaLayout>
  );
}
