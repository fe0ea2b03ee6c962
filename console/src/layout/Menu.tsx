import DashboardIcon from '@mui/icons-material/Dashboard';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import HistoryIcon from '@mui/icons-material/History';
import KeyIcon from '@mui/icons-material/Key';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import BadgeIcon from '@mui/icons-material/Badge';
import BusinessIcon from '@mui/icons-material/Business';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import WebhookIcon from '@mui/icons-material/Webhook';
import { Menu as RaMenu, useTranslate } from 'react-admin';
import type { RouteKey } from '../auth/permissions.js';
import { useMe } from '../auth/useMe';

const ITEMS: { to: string; label: string; icon: React.ReactElement; route?: RouteKey }[] = [
  { to: '/', label: 'vpo.menu.today', icon: <DashboardIcon /> },
  { to: '/orders', label: 'vpo.menu.orders', icon: <ReceiptLongIcon />, route: 'GET /api/v1/orders' },
  { to: '/board', label: 'vpo.menu.board', icon: <ViewKanbanIcon />, route: 'GET /api/v1/orders' },
  { to: '/customers', label: 'vpo.menu.customers', icon: <PeopleIcon />, route: 'GET /api/v1/customers/{id}' },
  { to: '/cars', label: 'vpo.menu.cars', icon: <DirectionsCarIcon />, route: 'GET /api/v1/cars' },
  { to: '/users', label: 'vpo.menu.users', icon: <BadgeIcon />, route: 'POST /api/v1/users' },
  { to: '/api-keys', label: 'vpo.menu.keys', icon: <KeyIcon />, route: 'GET /api/v1/api-keys' },
  { to: '/webhook-endpoints', label: 'vpo.menu.webhooks', icon: <WebhookIcon />, route: 'GET /api/v1/webhook-endpoints' },
  { to: '/audit', label: 'vpo.menu.audit', icon: <HistoryIcon />, route: 'GET /api/v1/audit' },
  // Whoever may change the seller's profile (admins); the documents' refusals link here for them.
  { to: '/tenant-profile', label: 'vpo.menu.profile', icon: <BusinessIcon />, route: 'PUT /api/v1/tenant-profile' },
];

/** Only the screens whose route the signed-in key may call. */
export function Menu() {
  const { can } = useMe();
  const translate = useTranslate();
  return (
    <RaMenu>
      {ITEMS.filter((item) => !item.route || can(item.route)).map((item) => (
        <RaMenu.Item key={item.to} to={item.to} primaryText={translate(item.label)} leftIcon={item.icon} />
      ))}
    </RaMenu>
  );
}
