import route from '../../lib/schemas/generated/getOpenApi.js';
import { openApiJson } from '../../lib/schemas/generated/docs.js';
import { rawHttpHandler } from '../../lib/http/raw-handler.js';

export const handler = rawHttpHandler(route, async () => ({ body: openApiJson, contentType: 'application/json' }));
