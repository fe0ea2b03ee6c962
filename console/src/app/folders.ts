import { dataProviderOf } from '../api/dataProvider.js';
import type { DataPart } from '../api/handlers.js';
import { apiKeysData } from '../api-keys/data.js';
import { apiKeysMessages } from '../api-keys/messages.js';
import { auditData } from '../audit/data.js';
import { auditMessages } from '../audit/messages.js';
import type { RouteKey } from '../auth/permissions.js';
import { catalogueData } from '../catalogue/data.js';
import { catalogueMessages } from '../catalogue/messages.js';
import { customersData } from '../customers/data.js';
import { customersMessages } from '../customers/messages.js';
import { importRulesData } from '../import-rules/data.js';
import { importRulesMessages } from '../import-rules/messages.js';
import { joinMessages } from '../i18n/join.js';
import { sharedMessages } from '../i18n/messages.js';
import { billingData } from '../orders/billing/data.js';
import { billingMessages } from '../orders/billing/messages.js';
import { contractsData } from '../orders/contracts/data.js';
import { contractsMessages } from '../orders/contracts/messages.js';
import { customsData } from '../orders/customs/data.js';
import { customsMessages } from '../orders/customs/messages.js';
import { ordersData } from '../orders/data.js';
import { documentsData } from '../orders/documents/data.js';
import { documentsMessages } from '../orders/documents/messages.js';
import { exportData } from '../orders/export/data.js';
import { exportMessages } from '../orders/export/messages.js';
import { inspectionsData } from '../orders/inspections/data.js';
import { inspectionsMessages } from '../orders/inspections/messages.js';
import { ordersMessages } from '../orders/messages.js';
import { shipmentData } from '../orders/shipment/data.js';
import { shipmentMessages } from '../orders/shipment/messages.js';
import { timelineData } from '../orders/timeline/data.js';
import { timelineMessages } from '../orders/timeline/messages.js';
import { trackingData } from '../orders/tracking/data.js';
import { trackingMessages } from '../orders/tracking/messages.js';
import { tenantProfileData } from '../tenant-profile/data.js';
import { tenantProfileMessages } from '../tenant-profile/messages.js';
import { todayMessages } from '../today/messages.js';
import { usersData } from '../users/data.js';
import { usersMessages } from '../users/messages.js';
import { webhooksData } from '../webhooks/data.js';
import { webhooksMessages } from '../webhooks/messages.js';

interface Folder {
  /** Its resources' data-provider handlers and its actions. */
  data?: DataPart;
  /** Its words: `en`, and `ar` with the same keys. */
  messages: { en: object; ar: object };
}

/**
 * The console's folders, joined: the data provider, the message catalogues and the create routes
 * come from here. Each folder's screens are in app/screens.ts (kept apart, as these parts load
 * without the screens, in the unit tests too).
 */
const FOLDERS = [
  { messages: sharedMessages },
  { messages: todayMessages },
  { data: ordersData, messages: ordersMessages },
  { data: timelineData, messages: timelineMessages },
  { data: billingData, messages: billingMessages },
  { data: contractsData, messages: contractsMessages },
  { data: inspectionsData, messages: inspectionsMessages },
  { data: customsData, messages: customsMessages },
  { data: exportData, messages: exportMessages },
  { data: shipmentData, messages: shipmentMessages },
  { data: trackingData, messages: trackingMessages },
  { data: documentsData, messages: documentsMessages },
  { data: customersData, messages: customersMessages },
  { data: catalogueData, messages: catalogueMessages },
  { data: usersData, messages: usersMessages },
  { data: apiKeysData, messages: apiKeysMessages },
  { data: webhooksData, messages: webhooksMessages },
  { data: auditData, messages: auditMessages },
  { data: tenantProfileData, messages: tenantProfileMessages },
  { data: importRulesData, messages: importRulesMessages },
] as const satisfies readonly Folder[];

const folders: readonly Folder[] = FOLDERS;

export const dataProvider = dataProviderOf(folders.flatMap((folder) => (folder.data ? [folder.data] : [])));

/** The console's own strings in English. */
export const en = joinMessages(FOLDERS.map((folder) => folder.messages.en));
/**
 * The console's own strings in Arabic: each folder's carry exactly its English keys (their type
 * says so). A message with a count has Arabic's six plural forms (i18n/plural.ts). A resource's
 * name is a label, not a count: react-admin asks for 1 (the singular) or 2 (meaning "the plural"),
 * so every form but `one` is the plural word, never the dual.
 */
export const ar = joinMessages(FOLDERS.map((folder) => folder.messages.ar));

/** The route behind each resource's "create". */
export const CREATE_ROUTES: Record<string, RouteKey> = Object.assign(
  {},
  ...folders.map((folder) => folder.data?.creates ?? {}),
);
