import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { tenantPart } from '../no-tenant.js';
import { recordCodec } from '../record.js';
import type { StaffUserRecord } from './user.schema.js';

/** A staff member of a tenant (platform staff have none): who keys stand for, orders name and notifications reach. */
export type StaffUser = Static<typeof StaffUserRecord>;
export const staffUserCodec = /* @__PURE__ */ recordCodec('staff user', stored.StaffUserRecord);

/** Staff users (marketers, inspectors) that orders embed; GSI1 lists a tenant's staff by role (who to notify). */
export const user = (id: string) => ({ pk: `USER#${id}`, sk: 'USER' });
export const staffIndex = (tenantId: string | undefined, role: string, id: string) => ({
  gsi1pk: staffOf(tenantId, role),
  gsi1sk: id,
});
export const staffOf = (tenantId: string | undefined, role: string) => `USERS#${tenantPart(tenantId)}#${role}`;
/** All users of a tenant by name (GSI2), for admins. */
export const usersOfTenantIndex = (tenantId: string | undefined, name: string, id: string) => ({
  gsi2pk: usersOfTenant(tenantId),
  gsi2sk: `${name.toLowerCase()}#${id}`,
});
export const usersOfTenant = (tenantId: string | undefined) => `USERS#T#${tenantPart(tenantId)}`;
/** A staff mobile number is unique within its tenant: a claim item written with the user (`userId`, never read back). */
export const userPhoneClaim = (tenantId: string | undefined, e164: string) => ({
  pk: `USERPHONE#${tenantPart(tenantId)}#${e164}`,
  sk: 'USERPHONE',
});
