import route from '../../lib/schemas/generated/setDocumentCourier.js';
import type { setDocumentCourier as Route } from '../../lib/schemas/consignee.js';
import { httpHandler } from '../../lib/http/handler.js';
import { setDocumentCourier } from '../../lib/use-cases/orders/set-document-courier.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body, expectedVersion }) => ({
  data: await setDocumentCourier(caller, params.id, body, expectedVersion),
}));
