import type { Static } from '@sinclair/typebox';
import * as Type from '@sinclair/typebox';
import { tenantPart } from '../no-tenant.js';
import { recordCodec } from '../record.js';

/** A customer of a tenant (or of the platform), with the wallet made with it. */
export const CustomerRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** E.164; unique within the tenant (the phone claim). */
  mobileNumber: Type.String(),
  email: Type.Optional(Type.String()),
  idNumber: Type.Optional(Type.String()),
  country: Type.Optional(Type.String()),
  address: Type.Optional(Type.String()),
  /** Of chat messages; absent: the tenant's default. */
  language: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('ar')])),
  tenantId: Type.Optional(Type.String()),
  walletId: Type.String(),
  /** The user (marketer) or key that created the customer. */
  createdBy: Type.Optional(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type CustomerRecord = Static<typeof CustomerRecord>;
export const customerCodec = recordCodec('customer', CustomerRecord);

/** A marketer's link to a customer they may see (created them, or has an order for them). */
const CustomerAccessRecord = Type.Object({
  customerId: Type.String(),
  marketerId: Type.String(),
  tenantId: Type.Optional(Type.String()),
});
export const customerAccessCodec = recordCodec('marketer link', CustomerAccessRecord);

/** Get a customer by id. */
export const customer = (id: string) => ({ pk: `CUSTOMER#${id}`, sk: 'CUSTOMER' });
/** A marketer may see this customer (created them, or has an order for them): one GetItem beside the customer. */
export const customerAccess = (customerId: string, marketerId: string) => ({ pk: `CUSTOMER#${customerId}`, sk: `ACCESS#MARKETER#${marketerId}` });
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
