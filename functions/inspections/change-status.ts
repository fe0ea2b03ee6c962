import type { changeInspectionStatus as Contract } from '../../lib/contracts/inspections.js';
import contract from '../../lib/contracts/generated/changeInspectionStatus.js';
import { httpHandler } from '../../lib/http/handler.js';
import { changeInspection } from '../../lib/services/inspections.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params, body }) => ({ data: await changeInspection(caller, params.id, body) }));
