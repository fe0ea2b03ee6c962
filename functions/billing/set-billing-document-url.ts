import route from '../../lib/schemas/generated/setBillingDocumentUrl.js';
import type { setBillingDocumentUrl as Route } from '../../lib/schemas/billing.js';
import { httpHandler } from '../../lib/http/handler.js';
import { setBillingDocumentUrl } from '../../lib/use-cases/billing.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body }) => ({
  data: await setBillingDocumentUrl(caller, params.id, body),
}));
