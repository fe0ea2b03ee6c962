import { Box, Typography } from '@mui/material';
import { AppBar as RaAppBar, Logout, TitlePortal, UserMenu, useTranslate } from 'react-admin';
import { useMe } from '../auth/useMe.js';
import { LanguageSwitch } from './LanguageSwitch.js';

/** Who is signed in (name, role, tenant), the language switch and sign-out. */
function WhoAmI() {
  const { me } = useMe();
  const translate = useTranslate();
  if (!me) return null;
  const text = translate('vpo.auth.signedInAs', {
    name: me.user?.name ?? translate(`vpo.role.${me.role}`),
    role: translate(`vpo.role.${me.role}`),
    tenant: me.tenant?.name ?? translate('vpo.auth.platform'),
  });
  return (
    <Typography variant="body2" sx={{ mx: 1, display: { xs: 'none', md: 'block' } }} data-testid="who-am-i">
      {text}
    </Typography>
  );
}

/** Its accessible name is the name it shows (react-admin shows the identity's fullName). */
function ConsoleUserMenu() {
  const { me } = useMe();
  const translate = useTranslate();
  return (
    <UserMenu label={me ? (me.user?.name ?? me.role) : translate('ra.auth.user_menu')}>
      <Logout />
    </UserMenu>
  );
}

export function AppBar() {
  return (
    <RaAppBar
      userMenu={<ConsoleUserMenu />}
      toolbar={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <WhoAmI />
          <LanguageSwitch color="inherit" />
        </Box>
      }
    >
      <TitlePortal />
    </RaAppBar>
  );
}
