import route from '../../lib/schemas/generated/updateShipment.js';
import type { updateShipment as Route } from '../../lib/schemas/export.js';
import { httpHandler } from '../../lib/http/handler.js';
import { updateShipment } from '../../lib/use-cases/orders/export.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body, expectedVersion }) => ({
  data: await updateShipment(caller, params.id, body, expectedVersion),
}));
