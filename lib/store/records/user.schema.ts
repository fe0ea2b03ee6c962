import * as Type from '@sinclair/typebox';
import { ROLES } from '../../domain/caller.js';

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
