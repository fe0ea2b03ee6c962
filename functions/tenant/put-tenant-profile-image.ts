import route from '../../lib/schemas/generated/putTenantProfileImage.js';
import type { putTenantProfileImage as Route } from '../../lib/schemas/tenant-profile.js';
import { httpHandler } from '../../lib/http/handler.js';
import { uploadProfileImage } from '../../lib/use-cases/tenant-profile.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, query, body }) => ({
  data: await uploadProfileImage(caller, params.image, body, query.tenantId),
}));
