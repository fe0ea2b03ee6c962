import type { listOrderInspections as Contract } from '../../lib/contracts/inspections.js';
import contract from '../../lib/contracts/generated/listOrderInspections.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listOrderInspections } from '../../lib/services/inspections.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params }) => ({ data: await listOrderInspections(caller, params.id) }));
