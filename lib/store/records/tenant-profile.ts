import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { recordCodec } from '../record.js';
import type { TenantProfileRecord } from './tenant-profile.schema.js';

/** A tenant's legal profile: the seller its documents name. */
export type TenantProfileItem = Static<typeof TenantProfileRecord>;
export const tenantProfileCodec = /* @__PURE__ */ recordCodec('tenant profile', stored.TenantProfileRecord);

/** The profile of a tenant, in the tenant's partition. */
export const tenantProfile = (tenantId: string) => ({ pk: `TENANT#${tenantId}`, sk: 'PROFILE' });
