import route from '../../lib/schemas/generated/putImportRule.js';
import type { putImportRule as Route } from '../../lib/schemas/import-rules.js';
import { httpHandler } from '../../lib/http/handler.js';
import { writeImportRule } from '../../lib/use-cases/import-rules.js';

export const handler = httpHandler<typeof Route>(
  route,
  async ({ caller, params, query, body: { version: _version, ...text }, expectedVersion }) => ({
    data: await writeImportRule(caller, params.country, text, expectedVersion, query.tenantId),
  }),
);
