import WebhookIcon from '@mui/icons-material/Webhook';
import { type FolderScreens, screen } from '../common/screen.js';

const webhooks = () => import('./Webhooks.js');

/** The webhook endpoints: the list, one with its delivery log, a new one, an edit. */
export const webhooksScreens: FolderScreens = {
  resources: [
    {
      name: 'webhook-endpoints',
      list: screen(webhooks, 'WebhookList'),
      show: screen(webhooks, 'WebhookShow'),
      create: screen(webhooks, 'WebhookCreate'),
      edit: screen(webhooks, 'WebhookEdit'),
      recordRepresentation: 'url',
    },
  ],
  menu: [
    { to: '/webhook-endpoints', label: 'vpo.menu.webhooks', icon: WebhookIcon, route: 'GET /api/v1/webhook-endpoints' },
  ],
};
