import HistoryIcon from '@mui/icons-material/History';
import { type FolderScreens, screen } from '../common/screen.js';

/** The audit trail in words. */
export const auditScreens: FolderScreens = {
  resources: [{ name: 'audit', list: screen(() => import('./Audit.js'), 'AuditList') }],
  menu: [{ to: '/audit', label: 'vpo.menu.audit', icon: HistoryIcon, route: 'GET /api/v1/audit' }],
};
