import type { getInspection as Contract } from '../../lib/contracts/inspections.js';
import contract from '../../lib/contracts/generated/getInspection.js';
import { httpHandler } from '../../lib/http/handler.js';
import { getInspection } from '../../lib/services/inspections.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params }) => ({ data: await getInspection(caller, params.id) }));
