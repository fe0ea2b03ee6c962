import DashboardIcon from '@mui/icons-material/Dashboard';
import { Menu as RaMenu, useTranslate } from 'react-admin';
import { SCREENS } from '../app/screens.js';
import { useMe } from '../auth/useMe.js';
import type { MenuItem } from '../common/screen.js';

const ITEMS: MenuItem[] = [
  { to: '/', label: 'vpo.menu.today', icon: DashboardIcon },
  ...SCREENS.flatMap((folder) => folder.menu),
];

/** Only the screens whose route the signed-in key may call. */
export function Menu() {
  const { can } = useMe();
  const translate = useTranslate();
  return (
    <RaMenu>
      {ITEMS.filter((item) => !item.route || can(item.route)).map(({ to, label, icon: Icon }) => (
        <RaMenu.Item key={to} to={to} primaryText={translate(label)} leftIcon={<Icon />} />
      ))}
    </RaMenu>
  );
}
