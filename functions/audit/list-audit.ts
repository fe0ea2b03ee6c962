import route from '../../lib/schemas/generated/listAudit.js';
import type { listAudit as Route } from '../../lib/schemas/audit-trail.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listAudit } from '../../lib/use-cases/audit-trail.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) => listAudit(caller, query));
