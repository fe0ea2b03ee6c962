import * as Type from '@sinclair/typebox';
import { ProfileFields, StoredImageShape } from '../../schemas/tenant-profile-shapes.js';

/** A tenant's legal profile (the seller on its documents): an item of its own beside the tenant. */
export const TenantProfileRecord = Type.Object({
  tenantId: Type.String(),
  ...ProfileFields,
  logo: Type.Optional(StoredImageShape),
  stamp: Type.Optional(StoredImageShape),
  version: Type.Integer({ minimum: 1 }),
  updatedAt: Type.String(),
  updatedBy: Type.Optional(Type.String()),
});
