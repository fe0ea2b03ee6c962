import route from '../../lib/schemas/generated/listImportRules.js';
import type { listImportRules as Route } from '../../lib/schemas/import-rules.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listImportRules } from '../../lib/use-cases/import-rules.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) => ({
  data: await listImportRules(caller, query.tenantId),
}));
