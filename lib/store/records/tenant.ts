import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { recordCodec } from '../record.js';
import type { TenantRecord } from './tenant.schema.js';

/** A tenant: a car-export business with its own staff, customers, orders and catalogue prices. */
export type Tenant = Static<typeof TenantRecord>;
export const tenantCodec = /* @__PURE__ */ recordCodec('tenant', stored.TenantRecord);

/** Get a tenant by id; list tenants via GSI1 TENANTS. */
export const tenant = (id: string) => ({ pk: `TENANT#${id}`, sk: 'TENANT' });
export const tenantIndex = (name: string) => ({ gsi1pk: tenantList, gsi1sk: name });
export const tenantList = 'TENANTS';
/** Resolve a storefront subdomain to its tenant (unique claim). */
export const subdomain = (subdomain: string) => ({ pk: `SUBDOMAIN#${subdomain.toLowerCase()}`, sk: 'SUBDOMAIN' });
