import route from '../../lib/schemas/generated/getTenantProfile.js';
import type { getTenantProfile as Route } from '../../lib/schemas/tenant-profile.js';
import { httpHandler } from '../../lib/http/handler.js';
import { readTenantProfile } from '../../lib/use-cases/tenant-profile.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) => ({
  data: await readTenantProfile(caller, query.tenantId),
}));
