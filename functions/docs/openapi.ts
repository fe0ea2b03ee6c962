import contract from '../../lib/contracts/generated/getOpenApi.js';
import { openApiJson } from '../../lib/contracts/generated/docs.js';
import { rawHttpHandler } from '../../lib/http/raw-handler.js';

export const handler = rawHttpHandler(contract, async () => ({ body: openApiJson, contentType: 'application/json' }));
