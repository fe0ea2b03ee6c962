import PeopleIcon from '@mui/icons-material/People';
import { type FolderScreens, screen } from '../common/screen.js';

/** The customers: the list and its search, the customer with the wallet, a new customer. */
export const customersScreens: FolderScreens = {
  resources: [
    {
      name: 'customers',
      list: screen(() => import('./CustomerList.js'), 'CustomerList'),
      show: screen(() => import('./CustomerShow.js'), 'CustomerShow'),
      create: screen(() => import('./CustomerCreate.js'), 'CustomerCreate'),
      recordRepresentation: 'name',
    },
  ],
  menu: [{ to: '/customers', label: 'vpo.menu.customers', icon: PeopleIcon, route: 'GET /api/v1/customers/{id}' }],
};
