import BusinessIcon from '@mui/icons-material/Business';
import { type FolderScreens, screen } from '../common/screen.js';

/** The company profile: a page of its own (one record, no list). */
export const tenantProfileScreens: FolderScreens = {
  routes: [{ path: '/tenant-profile', element: screen(() => import('./TenantProfile.js'), 'TenantProfileScreen') }],
  // Whoever may change the seller's profile (admins); the documents' refusals link here for them.
  menu: [{ to: '/tenant-profile', label: 'vpo.menu.profile', icon: BusinessIcon, route: 'PUT /api/v1/tenant-profile' }],
};
