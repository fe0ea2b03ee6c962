import type { Static } from '@sinclair/typebox';
import * as Type from '@sinclair/typebox';
import { ROLES } from '../../domain/caller.js';
import { tenantPart } from '../no-tenant.js';
import { recordCodec } from '../record.js';

/** A staff member of a tenant (platform staff have none): who keys stand for, orders name and notifications reach. */
export const StaffUserRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  role: Type.Union(ROLES.map((role) => Type.Literal(role))),
  tenantId: Type.Optional(Type.String()),
  /** E.164; unique within the tenant. */
  mobileNumber: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  language: Type.Union([Type.Literal('en'), Type.Literal('ar')]),
  active: Type.Boolean(),
  /** When the user was last deactivated (staff notifications of earlier events still reach them). */
  deactivatedAt: Type.Optional(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type StaffUser = Static<typeof StaffUserRecord>;
export const staffUserCodec = recordCodec('staff user', StaffUserRecord);

/** Staff users (marketers, inspectors) that orders embed; GSI1 lists a tenant's staff by role (who to notify). */
export const user = (id: string) => ({ pk: `USER#${id}`, sk: 'USER' });
export const staffIndex = (tenantId: string | undefined, role: string, id: string) => ({ gsi1pk: staffOf(tenantId, role), gsi1sk: id });
export const staffOf = (tenantId: string | undefined, role: string) => `USERS#${tenantPart(tenantId)}#${role}`;
/** All users of a tenant by name (GSI2), for admins. */
export const usersOfTenantIndex = (tenantId: string | undefined, name: string, id: string) => ({
  gsi2pk: usersOfTenant(tenantId),
  gsi2sk: `${name.toLowerCase()}#${id}`,
});
export const usersOfTenant = (tenantId: string | undefined) => `USERS#T#${tenantPart(tenantId)}`;
/** A staff mobile number is unique within its tenant: a claim item written with the user (`userId`, never read back). */
export const userPhoneClaim = (tenantId: string | undefined, e164: string) => ({ pk: `USERPHONE#${tenantPart(tenantId)}#${e164}`, sk: 'USERPHONE' });
