import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { tenantPart } from '../no-tenant.js';
import { recordCodec } from '../record.js';
import type { CustomerRecord as CustomerRecordSchema } from './customer.schema.js';

/** A customer of a tenant (or of the platform), with the wallet made with it. */
export type CustomerRecord = Static<typeof CustomerRecordSchema>;
export const customerCodec = /* @__PURE__ */ recordCodec('customer', stored.CustomerRecord);

/** A marketer's link to a customer they may see (created them, or has an order for them). */
export const customerAccessCodec = /* @__PURE__ */ recordCodec('marketer link', stored.CustomerAccessRecord);

/** Get a customer by id. */
export const customer = (id: string) => ({ pk: `CUSTOMER#${id}`, sk: 'CUSTOMER' });
/** A marketer may see this customer (created them, or has an order for them): one GetItem beside the customer. */
export const customerAccess = (customerId: string, marketerId: string) => ({
  pk: `CUSTOMER#${customerId}`,
  sk: `ACCESS#MARKETER#${marketerId}`,
});
/** Search customers by phone: GSI1 PHONE#<e164>, narrowed to a tenant by gsi1sk. */
export const customerPhoneIndex = (e164: string, tenantId: string | undefined) => ({
  gsi1pk: `PHONE#${e164}`,
  gsi1sk: `TENANT#${tenantPart(tenantId)}`,
});
/** Uniqueness of a mobile number within a tenant: a claim item written with the customer (`customerId`, never read back). */
export const phoneClaim = (tenantId: string | undefined, e164: string) => ({
  pk: `PHONE#${tenantPart(tenantId)}#${e164}`,
  sk: 'PHONE',
});
