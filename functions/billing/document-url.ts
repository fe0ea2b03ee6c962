import type { setBillingDocumentUrl as Contract } from '../../lib/contracts/billing.js';
import contract from '../../lib/contracts/generated/setBillingDocumentUrl.js';
import { httpHandler } from '../../lib/http/handler.js';
import { setDocumentUrl } from '../../lib/services/billing.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params, body }) => ({ data: await setDocumentUrl(caller, params.id, body) }));
