import route from '../../lib/schemas/generated/deleteTenantProfileImage.js';
import type { deleteTenantProfileImage as Route } from '../../lib/schemas/tenant-profile.js';
import { httpHandler } from '../../lib/http/handler.js';
import { removeProfileImage } from '../../lib/use-cases/tenant-profile.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, query }) => ({
  data: await removeProfileImage(caller, params.image, query.tenantId),
}));
