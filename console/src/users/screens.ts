import BadgeIcon from '@mui/icons-material/Badge';
import { type FolderScreens, screen } from '../common/screen.js';

const users = () => import('./Users.js');

/** The staff: the list, a new person, an edit. */
export const usersScreens: FolderScreens = {
  resources: [
    {
      name: 'users',
      list: screen(users, 'UserList'),
      create: screen(users, 'UserCreate'),
      edit: screen(users, 'UserEdit'),
      recordRepresentation: 'name',
    },
  ],
  menu: [{ to: '/users', label: 'vpo.menu.users', icon: BadgeIcon, route: 'POST /api/v1/users' }],
};
