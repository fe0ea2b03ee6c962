import type { setBillingDocumentUrl as Route } from '../../lib/schemas/billing.js';
import route from '../../lib/schemas/generated/setBillingDocumentUrl.js';
import { httpHandler } from '../../lib/http/handler.js';
import { setDocumentUrl } from '../../lib/use-cases/billing.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body }) => ({ data: await setDocumentUrl(caller, params.id, body) }));
