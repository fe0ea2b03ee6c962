import type { RouteSpec } from './route.js';
import * as apiKeys from './api-keys.js';
import * as audit from './audit-trail.js';
import * as billing from './billing.js';
import * as cars from './cars.js';
import * as catalogue from './catalogue.js';
import * as consignee from './consignee.js';
import * as customers from './customers.js';
import * as docs from './docs.js';
import * as documents from './documents.js';
import * as events from './events.js';
import * as importRules from './import-rules.js';
import * as exportRoutes from './export.js';
import * as inspections from './inspections.js';
import * as notifications from './notifications.js';
import * as orders from './orders.js';
import * as contracts from './contracts.js';
import * as tenantProfile from './tenant-profile.js';
import * as tracking from './tracking.js';
import * as users from './users.js';
import * as wallets from './wallets.js';
import * as webhookEndpoints from './webhook-endpoints.js';
import * as whatsapp from './whatsapp.js';

const isRoute = (value: unknown): value is RouteSpec =>
  typeof value === 'object' && value !== null && 'id' in value && 'method' in value && 'path' in value;

/** Every route of the API. The build, serverless.yml checks and the OpenAPI document read this list. */
export const allRoutes: RouteSpec[] = [
  customers,
  wallets,
  cars,
  catalogue,
  orders,
  consignee,
  exportRoutes,
  documents,
  notifications,
  contracts,
  billing,
  inspections,
  users,
  tenantProfile,
  importRules,
  apiKeys,
  audit,
  webhookEndpoints,
  events,
  docs,
  whatsapp,
  tracking,
].flatMap((module) => Object.values(module).filter(isRoute));
