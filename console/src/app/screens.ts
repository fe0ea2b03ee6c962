import { apiKeysScreens } from '../api-keys/screens.js';
import { auditScreens } from '../audit/screens.js';
import { catalogueScreens } from '../catalogue/screens.js';
import type { FolderScreens } from '../common/screen.js';
import { customersScreens } from '../customers/screens.js';
import { importRulesScreens } from '../import-rules/screens.js';
import { ordersScreens } from '../orders/screens.js';
import { tenantProfileScreens } from '../tenant-profile/screens.js';
import { usersScreens } from '../users/screens.js';
import { webhooksScreens } from '../webhooks/screens.js';

/**
 * Each folder's screens, in the menu's order (Today, the dashboard, comes first). Their data
 * handlers and words are joined in app/folders.ts.
 */
export const SCREENS: readonly FolderScreens[] = [
  ordersScreens,
  customersScreens,
  catalogueScreens,
  usersScreens,
  apiKeysScreens,
  webhooksScreens,
  auditScreens,
  tenantProfileScreens,
  importRulesScreens,
];
