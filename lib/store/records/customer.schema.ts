import * as Type from '@sinclair/typebox';

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

/** A marketer's link to a customer they may see (created them, or has an order for them). */
export const CustomerAccessRecord = Type.Object({
  customerId: Type.String(),
  marketerId: Type.String(),
  tenantId: Type.Optional(Type.String()),
});
