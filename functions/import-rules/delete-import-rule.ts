import route from '../../lib/schemas/generated/deleteImportRule.js';
import type { deleteImportRule as Route } from '../../lib/schemas/import-rules.js';
import { httpHandler } from '../../lib/http/handler.js';
import { dropImportRule } from '../../lib/use-cases/import-rules.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, query, expectedVersion }) => ({
  data: await dropImportRule(caller, params.country, expectedVersion, query.tenantId),
}));
