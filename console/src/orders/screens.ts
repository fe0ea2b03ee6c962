import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import { type FolderScreens, screen } from '../common/screen.js';

/** The orders: the list, the order page, a new order, the board by status. */
export const ordersScreens: FolderScreens = {
  resources: [
    {
      name: 'orders',
      list: screen(() => import('./OrderList.js'), 'OrderList'),
      show: screen(() => import('./OrderShow.js'), 'OrderShow'),
      create: screen(() => import('./OrderCreate.js'), 'OrderCreate'),
      recordRepresentation: 'orderNumber',
    },
  ],
  routes: [{ path: '/board', element: screen(() => import('./OrderBoard.js'), 'OrderBoard') }],
  menu: [
    { to: '/orders', label: 'vpo.menu.orders', icon: ReceiptLongIcon, route: 'GET /api/v1/orders' },
    { to: '/board', label: 'vpo.menu.board', icon: ViewKanbanIcon, route: 'GET /api/v1/orders' },
  ],
};
