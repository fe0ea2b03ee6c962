import route from '../../lib/schemas/generated/putTenantProfile.js';
import type { putTenantProfile as Route } from '../../lib/schemas/tenant-profile.js';
import { httpHandler } from '../../lib/http/handler.js';
import { writeTenantProfile } from '../../lib/use-cases/tenant-profile.js';

export const handler = httpHandler<typeof Route>(
  route,
  async ({ caller, query, body: { version: _version, ...text }, expectedVersion }) => ({
    data: await writeTenantProfile(caller, text, expectedVersion, query.tenantId),
  }),
);
