import type { createInspection as Contract } from '../../lib/contracts/inspections.js';
import contract from '../../lib/contracts/generated/createInspection.js';
import { httpHandler } from '../../lib/http/handler.js';
import { createInspection } from '../../lib/services/inspections.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, body }) => ({ data: await createInspection(caller, body) }));
