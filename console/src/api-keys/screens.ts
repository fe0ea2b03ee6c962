import KeyIcon from '@mui/icons-material/Key';
import { type FolderScreens, screen } from '../common/screen.js';

const keys = () => import('./ApiKeys.js');

/** The API keys: the list (revoke, rotate) and a new key. */
export const apiKeysScreens: FolderScreens = {
  resources: [
    {
      name: 'api-keys',
      list: screen(keys, 'ApiKeyList'),
      create: screen(keys, 'ApiKeyCreate'),
      recordRepresentation: 'name',
    },
  ],
  menu: [{ to: '/api-keys', label: 'vpo.menu.keys', icon: KeyIcon, route: 'GET /api/v1/api-keys' }],
};
