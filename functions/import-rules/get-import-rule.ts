import route from '../../lib/schemas/generated/getImportRule.js';
import type { getImportRule as Route } from '../../lib/schemas/import-rules.js';
import { httpHandler } from '../../lib/http/handler.js';
import { readImportRule } from '../../lib/use-cases/import-rules.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, query }) => ({
  data: await readImportRule(caller, params.country, query.tenantId),
}));
